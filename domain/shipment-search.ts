/**
 * Finding a shipment: what a search matches and what a status filter means, pure,
 * so the server's read-time check, the stored `searchText` and the tests agree on one rule.
 *
 * A search matches when the recipient's name, city or the tracking number contains it, ignoring
 * case and runs of spaces. A status filter matches when the order as answered has that `status` or
 * that `trackingStatus` (a label with no carrier event yet is pre_transit, as toApiOrder says).
 */
import type { Order } from './api/orders';
import { ORDER_STATUSES, type OrderStatus } from './shipment-statuses';
import type { ShipmentStatus } from './api/tracking';

/** Lower case, trimmed, runs of white space as one space: how both the search and the searched text are compared. */
export const normaliseSearch = (text: string): string => text.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The text a search looks in: recipient name, city and tracking number, normalised, one a line (a
 * normalised search holds no line break, so no match spans two fields). Stored on the order as
 * `searchText` so DynamoDB can filter with `contains`.
 */
export const orderSearchText = (o: Pick<Order, 'to' | 'tracking'>): string => [o.to.name, o.to.city, o.tracking ?? ''].map(normaliseSearch).join('\n');

/**
 * What a search looks for: the normalised text, and when it holds a digit and spaces, the same
 * without its spaces too, so a tracking number copied as USPS prints it (`9400 1000 ...`) finds
 * the stored one (`94001000...`). None for an empty search.
 */
export function searchTerms(q: string | undefined): string[] {
  const text = normaliseSearch(q ?? '');
  if (!text) return [];
  const compact = text.replaceAll(' ', '');
  return compact !== text && /\d/.test(text) ? [text, compact] : [text];
}

/** The filters of a shipments search, as the query gives them (the dates are checked by the server). */
export interface ShipmentFilters {
  q?: string;
  status?: OrderStatus | ShipmentStatus;
}

/** Whether `status` names an order's own status (else it names where the package is). */
export const isOrderStatus = (status: string): status is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(status);

/** Where the package is as the API answers it: pre_transit for a label with no event yet, null without a label. */
const trackingStatusOf = (o: Pick<Order, 'tracking' | 'trackingStatus'>): ShipmentStatus | null => o.trackingStatus ?? (o.tracking ? 'pre_transit' : null);

/** Whether an order matches the search and the status filter (either may be absent). */
export function orderMatches(o: Pick<Order, 'to' | 'tracking' | 'status' | 'trackingStatus'>, filters: ShipmentFilters): boolean {
  const terms = searchTerms(filters.q);
  if (terms.length) {
    const text = orderSearchText(o);
    if (!terms.some((t) => text.includes(t))) return false;
  }
  if (!filters.status) return true;
  return isOrderStatus(filters.status) ? o.status === filters.status : trackingStatusOf(o) === filters.status;
}
