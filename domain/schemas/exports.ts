/**
 * Query strings of the CSV exports: GET /exports/orders.csv and /exports/transactions.csv.
 * `from` and `to` are calendar days (YYYY-MM-DD) in US Eastern time, both included, the zone the ship
 * dates use; the browser's date inputs send exactly this. Shared by the route table and the export
 * control, so the form and the server refuse the same ranges with the same words.
 */
import * as z from './zod';
import { schema } from './zod';
import { EXPORT_RANGE_MESSAGE } from '../constants';

export const EXPORT_DATE_MESSAGE = 'Use a date like 2026-01-31';
// Kept in domain/constants.ts, so the filter bar on the dashboard's first load says it without loading zod.
export { EXPORT_RANGE_MESSAGE };

/** Most rows one export answers; a longer one is refused (400) with a hint to choose a shorter range. */
export const EXPORT_MAX_ROWS = 10_000;
// Grouped by hand, not toLocaleString: loading ICU's number data would lengthen every importing Lambda's cold start.
const MAX_ROWS_TEXT = String(EXPORT_MAX_ROWS).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
export const EXPORT_TOO_MANY_MESSAGE = `This export would have more than ${MAX_ROWS_TEXT} rows; choose a shorter date range`;
/**
 * Most bytes of one file: base64-encoded (API Gateway's binary answers) 4 MiB is 5.6 MB, under
 * Lambda's 6 MB answer limit. Typical order rows reach EXPORT_MAX_ROWS first; long addresses can
 * reach this first.
 */
export const EXPORT_MAX_BYTES = 4 * 1024 * 1024;
export const EXPORT_TOO_LARGE_MESSAGE = 'This export is too large to download at once; choose a shorter date range';

const day = /* @__PURE__ */ schema(() => z.optional(z.iso.date({ error: EXPORT_DATE_MESSAGE })));

/** A range of days, refusing one that ends before it starts (string order is date order for YYYY-MM-DD). */
export const exportRangeSchema = /* @__PURE__ */ schema(() =>
  z.object({ from: day, to: day }).check(z.refine((q) => !q.from || !q.to || q.from <= q.to, { message: EXPORT_RANGE_MESSAGE, path: ['to'] })),
);
export type ExportRange = z.infer<typeof exportRangeSchema>;

/** The transactions export: `scope=all` (admins only, else 403) exports every user's top-ups. */
export const transactionsExportQuerySchema = /* @__PURE__ */ schema(() =>
  z
    .object({
      from: day,
      to: day,
      scope: z._default(z.enum(['own', 'all'], { error: 'scope must be own or all' }), 'own'),
    })
    .check(z.refine((q) => !q.from || !q.to || q.from <= q.to, { message: EXPORT_RANGE_MESSAGE, path: ['to'] })),
);
export type TransactionsExportQuery = z.infer<typeof transactionsExportQuerySchema>;
