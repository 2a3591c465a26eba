import { cursorPageKeys, useCursorPages } from '@/api-client/cursor-pages';

export const topupsPageSize = 50;

/** GET /hoodpay/transactions?type=topup: with an admin token, every user's top-ups (SPEC section 6). */
export const topupsPageKeys = cursorPageKeys('GET /hoodpay/transactions', { type: 'topup', limit: String(topupsPageSize) });

/** Every user's top-ups, newest first, page by page; entries carry `user.name` and `user.email`. */
export function useTopupTransactions() {
  const { items, ...pages } = useCursorPages(topupsPageKeys, (page) => page.data);
  return { ...pages, transactions: items };
}
