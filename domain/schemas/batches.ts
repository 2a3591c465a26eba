/**
 * Batch labels from a spreadsheet (issue 17): the CSV's columns and the bodies of the batch routes.
 * A row is validated by the label form's own schema (./labels.ts `labelOrderSchema`), so the dialog
 * and the spreadsheet refuse the same things with the same messages; this module only names the
 * columns and says which form field each one fills.
 */
import * as z from 'zod';
import { BATCH_MAX_ROWS } from '../constants';

/** The template's header row, in order. Names are matched case-insensitively; any other column is refused. */
export const BATCH_COLUMNS = [
  'labelType',
  'weight',
  'length',
  'width',
  'height',
  'shipDate',
  'fromName',
  'fromStreet',
  'fromCity',
  'fromState',
  'fromZip',
  'fromCountry',
  'toName',
  'toStreet',
  'toCity',
  'toState',
  'toZip',
  'toCountry',
  'toEmail',
] as const;
export type BatchColumn = (typeof BATCH_COLUMNS)[number];

/** Columns a CSV may leave out: the ship date (today), the recipient's email, and the sender when a saved address fills it. */
export const OPTIONAL_COLUMNS: readonly BatchColumn[] = ['shipDate', 'toEmail'];
export const SENDER_COLUMNS: readonly BatchColumn[] = ['fromName', 'fromStreet', 'fromCity', 'fromState', 'fromZip', 'fromCountry'];

/** The label form's field path each column fills (`from.zip` for `fromZip`, `to.email` for `toEmail`): how a row's errors name their column. */
export const COLUMN_FIELD: Record<BatchColumn, string> = Object.fromEntries(
  BATCH_COLUMNS.map((c) => {
    const side = /^(from|to)([A-Z]\w*)$/.exec(c);
    return [c, side ? `${side[1]}.${side[2]!.charAt(0).toLowerCase()}${side[2]!.slice(1)}` : c];
  }),
) as Record<BatchColumn, string>;

/** A row's cells as the shipper typed them (strings; blank cells are empty strings). */
export const batchRowFieldsSchema = z.partialRecord(z.enum(BATCH_COLUMNS), z.string().max(500, 'Must be at most 500 characters'));
export type BatchRowFields = z.infer<typeof batchRowFieldsSchema>;

/** POST /shipping/batches?fromAddressId=: a saved address of the caller fills every blank sender cell. */
export const batchUploadQuerySchema = z.object({
  fromAddressId: z.string().max(100).optional(),
});

/** PUT /shipping/batches/{batchId}/rows/{row}: the row's cells, fixed in place; validated again like an uploaded row. */
export const batchRowUpdateSchema = z.object({ fields: batchRowFieldsSchema }, { error: 'fields is required' });

/**
 * POST /shipping/batches/{batchId}/purchase: buy every valid row. `credits` spends the wallet (with
 * `payShortfall`, a card pays what the balance lacks first); `purchase` pays the whole total by card
 * first. Either way each row is then an ordinary credits order.
 */
export const batchPurchaseSchema = z.object({
  paymentMethod: z.enum(['credits', 'purchase'], { error: 'Payment method is required' }),
  payShortfall: z.boolean().optional(),
});

export { BATCH_MAX_ROWS };
