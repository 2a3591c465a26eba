/**
 * Postage adjustments as the shipper reads them: GET /shipping/adjustments and the dispute's answer.
 * The stored shape is functions/data/postage-adjustments.ts's.
 */
import * as z from 'zod';

/** A parcel as declared on the label, or as USPS measured it: pounds and inches. */
export const parcelFactsSchema = z
  .object({ weightLb: z.number(), lengthIn: z.number(), widthIn: z.number(), heightIn: z.number() })
  .meta({ id: 'ParcelFacts' });
export type ParcelFacts = z.infer<typeof parcelFactsSchema>;

export const apiPostageAdjustmentSchema = z
  .object({
    id: z.string(),
    shipOrderId: z.string().meta({ description: 'The label it is of.' }),
    tracking: z.string().nullable(),
    service: z.string().nullable().meta({ description: 'The USPS service the label was bought as.' }),
    amountCents: z.number().int().meta({
      description: 'Taken from the wallet (above zero), or given back (below zero) when the carrier lowered an earlier adjustment.',
    }),
    reason: z.string().meta({ description: "The carrier's reason (wrong weight, size or service)." }),
    declared: parcelFactsSchema.nullable().meta({ description: 'The parcel as the label declared it.' }),
    measured: parcelFactsSchema.nullable().meta({ description: 'The parcel as USPS measured it; null when the carrier sent no measure.' }),
    createdAt: z.string(),
    entryId: z.string().meta({ description: 'Its wallet ledger entry (type `postage_adjustment`).' }),
    disputedAt: z.string().nullable().meta({ description: 'When the shipper disputed it (a support request was opened); null until then.' }),
    supportRequestId: z.string().nullable(),
  })
  .meta({ id: 'PostageAdjustment' });
export type ApiPostageAdjustment = z.infer<typeof apiPostageAdjustmentSchema>;

/** One page of GET /shipping/adjustments: newest first, `nextCursor` null on the last page. */
export const adjustmentsPageSchema = z
  .object({ adjustments: z.array(apiPostageAdjustmentSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'PostageAdjustmentsPage' });
export type AdjustmentsPage = z.infer<typeof adjustmentsPageSchema>;
