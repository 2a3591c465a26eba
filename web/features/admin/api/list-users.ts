import { cursorPageKeys, useCursorPages } from '@/api-client/cursor-pages';

export const usersPageSize = 50;

export const usersPageKeys = cursorPageKeys('GET /auth/users', { limit: String(usersPageSize) });

/** Every account, page by page: `loadMore()` fetches the next page while `hasMore`. */
export function useUsers() {
  // Nothing adds users from this page, so "Load more" need not refetch the first page each time.
  const { items, ...pages } = useCursorPages(usersPageKeys, (page) => page.users, { revalidateFirstPage: false });
  return { ...pages, users: items };
}
