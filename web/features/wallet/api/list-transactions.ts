import { useCallback } from 'react';
import { cursorPageKeys, useCursorPages } from '@/api-client/cursor-pages';
import { useRevalidateRoutes } from '@/api-client/revalidate-routes';

export const transactionsPageSize = 20;

export const transactionsPageKeys = cursorPageKeys('GET /hoodpay/transactions', { limit: String(transactionsPageSize) });

/**
 * The signed-in user's ledger entries, newest first, page by page. The first page is refetched on
 * every revalidation (SWR's default) because that is where a new or newly settled entry appears.
 */
export function useTransactions() {
  const { items, ...pages } = useCursorPages(transactionsPageKeys, (page) => page.data);
  return { ...pages, transactions: items };
}

/**
 * Refetches what a payment changes: the transactions list and the profile (the header's balance).
 * The balance moves only when a provider's webhook settles an entry, so callers poll with this.
 */
export function useRevalidateWallet() {
  const revalidateRoutes = useRevalidateRoutes();
  return useCallback(() => revalidateRoutes('GET /hoodpay/transactions', 'GET /auth/profile'), [revalidateRoutes]);
}
