/**
 * Batch labels: the answers of the batch routes. A batch is an uploaded CSV's rows, each
 * validated and priced; buying runs every valid row as an ordinary credits order in the background,
 * and the batch reports each row's outcome.
 */
import * as z from 'zod';
import { BATCH_COLUMNS } from '../schemas/batches';

/**
 * `pricing`: its rows are being quoted by the batch worker (after an upload, or when quotes expired
 * before a purchase), nothing may change until they are; `draft`: uploaded, rows may be fixed or dropped; `awaiting_payment`: its card payment is at the
 * checkout; `running`: rows are being bought; `done`: every row bought or failed; `cancelled`: the
 * card payment did not complete (nothing was bought, the rows can be bought again).
 */
export const BATCH_STATUSES = ['pricing', 'draft', 'awaiting_payment', 'running', 'done', 'cancelled'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/** `pricing`: valid, its quote not yet made; `invalid`: fails validation (or could not be priced); `ready`: valid and priced, not yet bought; `dropped`: left out by the shipper; then `bought` or `failed`. */
export const BATCH_ROW_STATUSES = ['pricing', 'invalid', 'ready', 'dropped', 'bought', 'failed'] as const;
export type BatchRowStatus = (typeof BATCH_ROW_STATUSES)[number];

export const batchRowErrorSchema = z
  .object({
    column: z.string().meta({ description: 'The CSV column the message is about (`toZip`), or `row` for the row as a whole.' }),
    message: z.string().meta({ description: "The label form's own message for that field." }),
  })
  .meta({ id: 'BatchRowError' });
export type BatchRowError = z.infer<typeof batchRowErrorSchema>;

export const apiBatchRowSchema = z
  .object({
    row: z.number().int().meta({ description: 'The row number as a spreadsheet shows it: the header is row 1, the first label row 2.' }),
    valid: z.boolean(),
    errors: z.array(batchRowErrorSchema).meta({ description: 'Empty when the row is valid.' }),
    priceCents: z.number().int().nullable().meta({
      description:
        "The row's price from its quote (once bought, what its label was charged); null when it is invalid or still being priced. The purchase charges a row at most this price.",
    }),
    service: z.string().nullable().meta({
      description:
        'Rates mode: the USPS service the row is quoted and bought as (its `service` cell, or the cheapest when blank). Null in table mode, where `labelType` names it.',
    }),
    serviceName: z.string().nullable().meta({ description: "The service's name as the label prints it; null in table mode." }),
    status: z.enum(BATCH_ROW_STATUSES),
    fields: z.partialRecord(z.enum(BATCH_COLUMNS), z.string()).meta({ description: "The row's cells as uploaded or last fixed." }),
    shipOrderId: z.string().nullable().meta({ description: 'The order bought for the row, once bought.' }),
    tracking: z.string().nullable(),
    error: z.string().nullable().meta({ description: 'Why buying the row failed (it cost nothing).' }),
  })
  .meta({ id: 'BatchRow' });
export type ApiBatchRow = z.infer<typeof apiBatchRowSchema>;

export const apiBatchSchema = z
  .object({
    batchId: z.string(),
    status: z.enum(BATCH_STATUSES),
    createdAt: z.string(),
    rows: z.array(apiBatchRowSchema),
    totalCents: z.number().int().meta({ description: "What the valid (not dropped) rows cost together: the sum of the stored rows' prices." }),
    counts: z
      .object({
        toBuy: z.number().int().meta({ description: 'Rows the purchase covers (valid when it started).' }),
        bought: z.number().int(),
        failed: z.number().int(),
      })
      .meta({ description: 'Progress of a purchase: done = bought + failed, of toBuy.' }),
  })
  .meta({ id: 'Batch' });
export type ApiBatch = z.infer<typeof apiBatchSchema>;

/** POST /shipping/batches/{batchId}/purchase's answer: the batch, and where to pay when a card pays first. */
export const batchPurchaseAnswerSchema = z
  .object({
    batch: apiBatchSchema,
    checkoutUrl: z.string().nullable().meta({ description: 'The card checkout to send the shipper to; null when the wallet pays.' }),
  })
  .meta({ id: 'BatchPurchase' });
export type BatchPurchaseAnswer = z.infer<typeof batchPurchaseAnswerSchema>;

/** A line of GET /shipping/batches: what the batch item holds, without its rows (a list never reads every row). */
export const apiBatchSummarySchema = z
  .object({
    batchId: z.string(),
    status: z.enum(BATCH_STATUSES),
    createdAt: z.string(),
    rowCount: z.number().int().meta({ description: 'Rows uploaded (dropped and invalid ones included).' }),
    toBuy: z.number().int().meta({ description: 'Rows the purchase covers; 0 before one started.' }),
  })
  .meta({ id: 'BatchSummary' });
export type ApiBatchSummary = z.infer<typeof apiBatchSummarySchema>;

/** One page of GET /shipping/batches: the caller's batches, newest first. */
export const batchesPageSchema = z
  .object({
    batches: z.array(apiBatchSummarySchema),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'BatchesPage' });
export type BatchesPage = z.infer<typeof batchesPageSchema>;
