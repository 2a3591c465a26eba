import { cursorPageKeys, useCursorPages } from '@/api-client/cursor-pages';

export const usersPageSize = 50;

export const usersPageKeys = cursorPageKeys('GET /auth/users', { limit: String(usersPageSize) });

/** Every account, page by page: `loadMore()` fetches the next page while `hasMore`. */
export function useUsers() {
  // The first page is read again on every revalidation (SWR's default): an adjustment or a withdrawal
  // decision revalidates this route, and a list that skipped its first page would keep stale balances.
  const { items, ...pages } = useCursorPages(usersPageKeys, (page) => page.users);
  return { ...pages, users: items };
}
