import { cursorPageKeys, useCursorPages } from '@/api-client/cursor-pages';
import type { User } from '@/types/api';

/** One page of GET /auth/users: newest first, `nextCursor` null on the last page. */
export interface UsersPage {
  users: User[];
  nextCursor: string | null;
}

export const usersPageSize = 50;

export const usersPageKeys = cursorPageKeys('GET /auth/users', { limit: String(usersPageSize) });

/** Every account, page by page: `loadMore()` fetches the next page while `hasMore`. */
export function useUsers() {
  // Nothing adds users from this page, so "Load more" need not refetch the first page each time.
  const { items, ...pages } = useCursorPages<UsersPage, User>(usersPageKeys, (page) => page.users, { revalidateFirstPage: false });
  return { ...pages, users: items };
}
