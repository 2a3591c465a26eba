/** Query strings of the list routes (values arrive as strings, hence the coercion). */
import * as z from './zod';
import { schema } from './zod';
// From the zod-free modules, not domain/api/: a list route's bundle then holds no answer schema.
import { ENTRY_STATUSES, ENTRY_TYPES } from '../entry-kinds';
import { ORDER_STATUSES, SHIPMENT_STATUSES } from '../shipment-statuses';
import { EXPORT_DATE_MESSAGE, EXPORT_RANGE_MESSAGE } from './exports';
import { pageQuerySchema } from './page-query';

/** A day of a list's range: YYYY-MM-DD in US Eastern time, like the exports' (domain/schemas/exports.ts). */
const day = /* @__PURE__ */ schema(() => z.optional(z.iso.date({ error: EXPORT_DATE_MESSAGE })));
/** A range that ends before it starts is refused, with the exports' words (string order is date order). */
const rangeInOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;

/**
 * The statuses a shipment can be filtered by: the order's own (created, refunded, failed...) and
 * where the package is (in_transit, delivered...), one list, as the status filter offers them. The
 * two lists share no word, so a value says which field it filters (domain/shipment-search.ts).
 */
export const SHIPMENT_FILTER_STATUSES = [...ORDER_STATUSES, ...SHIPMENT_STATUSES] as const;
export type ShipmentFilterStatus = (typeof SHIPMENT_FILTER_STATUSES)[number];

export const SEARCH_MAX_LENGTH = 100;

/**
 * GET /shipping/orders: a page of the user's shipments, optionally only those whose recipient name,
 * city or tracking number contains `q` (any case), of one `status`, bought `from`/`to` (US Eastern days, both included).
 */
export const ordersQuerySchema = /* @__PURE__ */ schema(() =>
  z
    .extend(pageQuerySchema, {
      q: z.optional(z.string().check(z.trim(), z.maxLength(SEARCH_MAX_LENGTH, `Search must be at most ${SEARCH_MAX_LENGTH} characters`))),
      status: z.optional(z.enum(SHIPMENT_FILTER_STATUSES, { error: `status must be one of ${SHIPMENT_FILTER_STATUSES.join(', ')}` })),
      from: day,
      to: day,
    })
    .check(z.refine(rangeInOrder, { message: EXPORT_RANGE_MESSAGE, path: ['to'] })),
);
export type OrdersQuery = z.infer<typeof ordersQuerySchema>;

/** GET /hoodpay/transactions: a page, optionally of one entry type, one status, made `from`/`to` (US Eastern days). */
export const transactionsQuerySchema = /* @__PURE__ */ schema(() =>
  z
    .extend(pageQuerySchema, {
      type: z.optional(z.enum(ENTRY_TYPES, { error: 'type must be topup, label, refund, adjustment, withdrawal, dispute, card_refund or postage_adjustment' })),
      status: z.optional(z.enum(ENTRY_STATUSES, { error: `status must be one of ${ENTRY_STATUSES.join(', ')}` })),
      from: day,
      to: day,
    })
    .check(z.refine(rangeInOrder, { message: EXPORT_RANGE_MESSAGE, path: ['to'] })),
);
export type TransactionsQuery = z.infer<typeof transactionsQuerySchema>;
