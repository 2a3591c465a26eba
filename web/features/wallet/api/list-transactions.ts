import { useCallback, useMemo } from 'react';
import { cursorPageKeys, useCursorPages } from '@/api-client/cursor-pages';
import { useRevalidateRoutes } from '@/api-client/revalidate-routes';

/** 50 a page, as the shipments. */
export const transactionsPageSize = 50;

/** What the transactions are filtered by (GET /hoodpay/transactions's type, status, from, to); '' is unset. */
export interface TransactionFilters {
  type: string;
  status: string;
  from: string;
  to: string;
}

/**
 * The signed-in user's ledger entries, newest first, page by page, filtered. The first page is
 * refetched on every revalidation (SWR's default) because that is where a new or newly settled
 * entry appears. Each set of filters is its own list (its own SWR key).
 */
export function useTransactions(filters: Partial<TransactionFilters> = {}) {
  const query = Object.fromEntries(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const key = JSON.stringify(query);
  // One key function per set of filters, so SWR keeps one cache entry per filtered list.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const keys = useMemo(() => cursorPageKeys('GET /hoodpay/transactions', { ...query, limit: String(transactionsPageSize) }), [key]);
  const { items, ...pages } = useCursorPages(keys, (page) => page.data);
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
