import { useMemo, useState } from 'react';
import { cursorPageKeys, useCursorPages } from '@/api-client/cursor-pages';
import { trackingRefreshInterval } from '../lib/live-tracking';

/** 50 a page, the API's default (the shipments list pages 50 rows at a time with the API's cursor). */
export const ordersPageSize = 50;

/** What the shipments list is filtered by (GET /shipping/orders's q, status, from, to); '' is unset. */
export interface OrderFilters {
  q: string;
  status: string;
  from: string;
  to: string;
}

/** The query of the filters that are set (an empty one is left out). */
const queryOf = (filters: Partial<OrderFilters>): Record<string, string> =>
  Object.fromEntries(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));

/**
 * The signed-in user's shipments, newest first, page by page, filtered, and the count of labels
 * created (every page carries it; the first page's is the freshest, as revalidation refetches it).
 * Each set of filters is its own list (its own SWR key).
 */
export function useOrders(filters: Partial<OrderFilters> = {}) {
  const query = queryOf(filters);
  const key = JSON.stringify(query);
  // One key function per set of filters, so SWR keeps one cache entry per filtered list.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const keys = useMemo(() => cursorPageKeys('GET /shipping/orders', { ...query, limit: String(ordersPageSize) }), [key]);
  // Live while a shown package is on its way: carrier events change rows at any time. A
  // number, set from the pages shown: SWR reads a refreshInterval function only when it starts a
  // timer, and it starts none while the first answer is still empty.
  const [refreshInterval, setRefreshInterval] = useState(0);
  const { items, ...pages } = useCursorPages(keys, (page) => page.orders ?? [], {
    refreshInterval,
    onSuccess: (shown) => setRefreshInterval(trackingRefreshInterval(shown)),
  });
  return { ...pages, orders: items, totalOrders: pages.data?.[0]?.totalOrders };
}
