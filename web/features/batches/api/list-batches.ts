import { cursorPageKeys, useCursorPages } from '@/api-client/cursor-pages';

export const batchesPageKeys = cursorPageKeys('GET /shipping/batches', { limit: '10' });

/** The signed-in shipper's batches, newest first, page by page (each as its batch item stands; no rows). */
export function useBatches() {
  const { items, ...pages } = useCursorPages(batchesPageKeys, (page) => page.batches);
  return { ...pages, batches: items };
}
