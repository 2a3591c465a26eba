/**
 * The CSV exports: the caller's orders, the caller's ledger, or (admins) every
 * user's top-ups, within a range of Eastern days, written by the one CSV writer (./csv.ts).
 *
 * Rows are read through the existing newest-first lists (a Query of the user's partition, or of
 * gsi1 `TXNTYPE#topup` for every user), page after page, skipping rows newer than `to` and stopping
 * at the first row older than `from`. In the user's partition the reading starts just past `to`
 * instead (seekPast): ids are ulids, which sort by creation time, so a start key made of an id
 * later than any made by then skips the newer rows without reading them.
 *
 * At most EXPORT_MAX_ROWS rows and EXPORT_MAX_BYTES bytes: more is refused with 400 (a Lambda
 * answer is at most 6 MB, and the file goes base64-encoded; domain/schemas/exports.ts sets both limits).
 * Files list rows oldest first, as books read.
 */
import { toApiOrder } from '../../domain/api/order-answer';
import type { Order } from '../../domain/api/orders';
import type { LedgerEntry } from '../../domain/api/wallet';
import type { AuditRecord } from '../../domain/audit';
import type { AuditFilters } from '../../domain/schemas/oversight';
import { findAuditRecords } from '../data/audit';
import { EXPORT_MAX_BYTES, EXPORT_MAX_ROWS, EXPORT_TOO_LARGE_MESSAGE, EXPORT_TOO_MANY_MESSAGE, type ExportRange } from '../../domain/schemas/exports';
import { listOrders, orderKey } from '../data/orders';
import { encodeCursor, type Page } from '../data/pagination';
import { BadRequest } from '../errors';
import { entryKey, listEntriesByType, listUserEntries } from '../wallet/ledger';
import { dollars, toCsv, type CsvColumn } from './csv';
import { idPast, placeInRange } from './date-range';

const PAGE = 500;

/** A start key for a newest-first list of the user's partition, just past `to`; none without `to`. */
const seekPast = (key: (id: string) => Record<string, string>, to: string | undefined): string | undefined =>
  to ? (encodeCursor(key(idPast(to))) ?? undefined) : undefined;

/** The rows of a newest-first list that fall in the range, oldest first; 400 past EXPORT_MAX_ROWS. */
async function collect<T>(
  list: (page: { limit: number; cursor?: string }) => Promise<Page<T>>,
  range: ExportRange,
  start?: string,
  when: (row: T) => string = (row) => (row as { createdAt: string }).createdAt,
): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | undefined = start;
  do {
    const page = await list({ limit: PAGE, cursor });
    for (const item of page.items) {
      const place = placeInRange(when(item), range);
      if (place === 'before') return rows.reverse();
      if (place === 'after') continue;
      rows.push(item);
      if (rows.length > EXPORT_MAX_ROWS) throw new BadRequest(EXPORT_TOO_MANY_MESSAGE);
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return rows.reverse();
}

const ORDER_COLUMNS: CsvColumn<Order>[] = [
  { header: 'shipOrderId', cell: (o) => o.id },
  { header: 'createdAt', cell: (o) => o.createdAt },
  { header: 'shipDate', cell: (o) => o.shipDate },
  { header: 'status', cell: (o) => o.status },
  { header: 'labelType', cell: (o) => o.labelType },
  { header: 'service', cell: (o) => toApiOrder(o).labelTypeName },
  { header: 'tracking', cell: (o) => o.tracking },
  { header: 'weightLb', cell: (o) => o.weightLb },
  { header: 'lengthIn', cell: (o) => o.lengthIn },
  { header: 'widthIn', cell: (o) => o.widthIn },
  { header: 'heightIn', cell: (o) => o.heightIn },
  { header: 'fromName', cell: (o) => o.from.name },
  { header: 'fromCompany', cell: (o) => o.from.company },
  { header: 'fromStreet', cell: (o) => o.from.street },
  { header: 'fromStreet2', cell: (o) => o.from.street2 },
  { header: 'fromCity', cell: (o) => o.from.city },
  { header: 'fromState', cell: (o) => o.from.state },
  { header: 'fromZip', cell: (o) => o.from.zip },
  { header: 'fromCountry', cell: (o) => o.from.country },
  { header: 'fromPhone', cell: (o) => o.from.phone },
  { header: 'toName', cell: (o) => o.to.name },
  { header: 'toCompany', cell: (o) => o.to.company },
  { header: 'toStreet', cell: (o) => o.to.street },
  { header: 'toStreet2', cell: (o) => o.to.street2 },
  { header: 'toCity', cell: (o) => o.to.city },
  { header: 'toState', cell: (o) => o.to.state },
  { header: 'toZip', cell: (o) => o.to.zip },
  { header: 'toCountry', cell: (o) => o.to.country },
  { header: 'toPhone', cell: (o) => o.to.phone },
  { header: 'toEmail', cell: (o) => o.toEmail },
  { header: 'paymentMethod', cell: (o) => o.paymentMethod },
  { header: 'price', cell: (o) => dollars(o.priceCents) },
  { header: 'priceCents', cell: (o) => o.priceCents },
];

const ENTRY_COLUMNS: CsvColumn<LedgerEntry>[] = [
  { header: 'entryId', cell: (e) => e.id },
  { header: 'createdAt', cell: (e) => e.createdAt },
  { header: 'completedAt', cell: (e) => e.completedAt },
  { header: 'type', cell: (e) => e.type },
  { header: 'status', cell: (e) => e.status },
  { header: 'amount', cell: (e) => dollars(e.amountCents) },
  { header: 'amountCents', cell: (e) => e.amountCents },
  { header: 'creditType', cell: (e) => e.creditType },
  { header: 'provider', cell: (e) => e.provider },
  { header: 'orderId', cell: (e) => e.orderId },
  { header: 'reason', cell: (e) => e.reason },
];

/** The admin's export adds who each top-up is for. */
const ALL_TOPUP_COLUMNS: CsvColumn<LedgerEntry>[] = [
  ...ENTRY_COLUMNS.slice(0, 1),
  { header: 'userId', cell: (e) => e.userId },
  { header: 'userName', cell: (e) => e.userName },
  { header: 'userEmail', cell: (e) => e.userEmail },
  ...ENTRY_COLUMNS.slice(1),
];

/** The file's text, or 400 when it would not fit in one Lambda answer. */
function fitting(text: string): string {
  if (Buffer.byteLength(text, 'utf8') > EXPORT_MAX_BYTES) throw new BadRequest(EXPORT_TOO_LARGE_MESSAGE);
  return text;
}

/** The caller's orders in the range, as CSV text. */
export async function ordersCsv(userId: string, range: ExportRange): Promise<string> {
  const orders = await collect(
    (page) => listOrders(userId, page),
    range,
    seekPast((id) => orderKey(userId, id), range.to),
  );
  return fitting(toCsv(ORDER_COLUMNS, orders));
}

/** The caller's ledger entries in the range, or with `all` every user's top-ups, as CSV text. */
export async function transactionsCsv(userId: string, range: ExportRange, scope: 'own' | 'all'): Promise<string> {
  if (scope === 'all') return fitting(toCsv(ALL_TOPUP_COLUMNS, await collect((page) => listEntriesByType('topup', page), range)));
  const entries = await collect(
    (page) => listUserEntries(userId, page),
    range,
    seekPast((id) => entryKey(userId, id), range.to),
  );
  return fitting(toCsv(ENTRY_COLUMNS, entries));
}

const AUDIT_COLUMNS: CsvColumn<AuditRecord>[] = [
  { header: 'recordId', cell: (r) => r.id },
  { header: 'at', cell: (r) => r.at },
  { header: 'action', cell: (r) => r.action },
  { header: 'actorId', cell: (r) => r.actor.id },
  { header: 'actorEmail', cell: (r) => r.actor.email },
  { header: 'subjectId', cell: (r) => r.subject.id },
  { header: 'subjectEmail', cell: (r) => r.subject.email },
  { header: 'amount', cell: (r) => dollars(r.amountCents) },
  { header: 'amountCents', cell: (r) => r.amountCents },
  { header: 'balanceBeforeCents', cell: (r) => r.before.balanceCents },
  { header: 'heldBeforeCents', cell: (r) => r.before.heldCents },
  { header: 'disputedBeforeCents', cell: (r) => r.before.disputedCents },
  { header: 'balanceAfterCents', cell: (r) => r.after.balanceCents },
  { header: 'heldAfterCents', cell: (r) => r.after.heldCents },
  { header: 'disputedAfterCents', cell: (r) => r.after.disputedCents },
  { header: 'reason', cell: (r) => r.reason },
  { header: 'ref', cell: (r) => r.ref },
  { header: 'requestedById', cell: (r) => r.requestedBy?.id },
  { header: 'requestedByEmail', cell: (r) => r.requestedBy?.email },
];

/** The audit records that match the filters, as CSV text (admins). */
export async function auditCsv(filters: AuditFilters): Promise<string> {
  const records = await collect(
    (page) => findAuditRecords(filters, page),
    filters,
    undefined,
    (r) => r.at,
  );
  return fitting(toCsv(AUDIT_COLUMNS, records));
}
