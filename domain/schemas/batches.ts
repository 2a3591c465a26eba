/**
 * Batch labels from a spreadsheet: the bodies of the batch routes, and the CSV's columns
 * (named in ../batch-columns.ts, re-exported here). A row is validated by the label form's own
 * schema (./labels.ts `labelOrderSchema`), so the dialog and the spreadsheet refuse the same things
 * with the same messages.
 */
import * as z from './zod';
import { schema } from './zod';
import { BATCH_COLUMNS, COLUMN_MAX_LENGTH, type BatchColumn } from '../batch-columns';
import { BATCH_MAX_ROWS } from '../constants';

export { BATCH_COLUMNS, COLUMN_FIELD, COLUMN_MAX_LENGTH, OPTIONAL_COLUMNS, SENDER_COLUMNS, type BatchColumn } from '../batch-columns';

/**
 * A row's cells as the shipper typed them (strings; blank cells are empty strings), each at most
 * as long as its column allows (the label form field's own limit), like an uploaded file's cells.
 */
export const batchRowFieldsSchema = /* @__PURE__ */ schema(() =>
  z.strictObject(
    Object.fromEntries(
      BATCH_COLUMNS.map((c) => [c, z.optional(z.string().check(z.maxLength(COLUMN_MAX_LENGTH[c], `Must be at most ${COLUMN_MAX_LENGTH[c]} characters`)))]),
    ) as Record<BatchColumn, z.ZodMiniOptional<z.ZodMiniString>>,
  ),
);
export type BatchRowFields = z.infer<typeof batchRowFieldsSchema>;

/** POST /shipping/batches?fromAddressId=: a saved address of the caller fills every blank sender cell. */
export const batchUploadQuerySchema = /* @__PURE__ */ schema(() =>
  z.object({
    fromAddressId: z.optional(z.string().check(z.maxLength(100))),
  }),
);

/** PUT /shipping/batches/{batchId}/rows/{row}: the row's cells, fixed in place; validated again like an uploaded row. */
export const batchRowUpdateSchema = /* @__PURE__ */ schema(() => z.object({ fields: batchRowFieldsSchema }, { error: 'fields is required' }));

/**
 * POST /shipping/batches/{batchId}/purchase: buy every valid row. `credits` spends the wallet (with
 * `payShortfall`, a card pays what the balance lacks first); `purchase` pays the whole total by card
 * first. Either way each row is then an ordinary credits order.
 */
export const batchPurchaseSchema = /* @__PURE__ */ schema(() =>
  z.object({
    paymentMethod: z.enum(['credits', 'purchase'], { error: 'Payment method is required' }),
    payShortfall: z.optional(z.boolean()),
    // The total the shipper was shown: a purchase of any other total (a second tab still showing the
    // batch before it was repriced) is refused with the batch as it stands.
    totalCents: z.optional(
      z.number({ error: 'Total must be a whole number of cents' }).check(z.int('Total must be a whole number of cents'), z.gte(0, 'Total must be 0 or more')),
    ),
  }),
);

export { BATCH_MAX_ROWS };
