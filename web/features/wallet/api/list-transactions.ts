import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { cursorListKey, cursorPageKeys, useCursorPages } from '@/api-client/cursor-pages';
import type { Transaction, TransactionsPage } from '@/types/api';
import { profileKey } from '@/features/profile/api/get-profile';

export const transactionsPageSize = 20;

export const transactionsPageKeys = cursorPageKeys('GET /hoodpay/transactions', { limit: String(transactionsPageSize) });

/** The cache key of the signed-in user's whole list, for revalidating it from elsewhere. */
export const transactionsKey = cursorListKey(transactionsPageKeys);

/**
 * The signed-in user's ledger entries, newest first, page by page. The first page is refetched on
 * every revalidation (SWR's default) because that is where a new or newly settled entry appears.
 */
export function useTransactions() {
  const { items, ...pages } = useCursorPages<TransactionsPage, Transaction>(transactionsPageKeys, (page) => page.data);
  return { ...pages, transactions: items };
}

/**
 * Refetches what a payment changes: the transactions list and the profile (the header's balance).
 * The balance moves only when a provider's webhook settles an entry, so callers poll with this.
 */
export function useRevalidateWallet() {
  const { mutate } = useSWRConfig();
  return useCallback(() => Promise.all([mutate(transactionsKey), mutate(profileKey)]).then(() => undefined), [mutate]);
}
