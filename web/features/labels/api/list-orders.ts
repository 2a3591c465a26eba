import { cursorPageKeys, useCursorPages } from '@/api-client/cursor-pages';

export const ordersPageSize = 20;

export const ordersPageKeys = cursorPageKeys('GET /shipping/orders', { limit: String(ordersPageSize) });

/**
 * The signed-in user's shipments, newest first, page by page, and the count of labels created
 * (every page carries it; the first page's is the freshest, as revalidation refetches it).
 */
export function useOrders() {
  const { items, ...pages } = useCursorPages(ordersPageKeys, (page) => page.orders ?? []);
  return { ...pages, orders: items, totalOrders: pages.data?.[0]?.totalOrders };
}
