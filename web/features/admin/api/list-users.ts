import useSWRInfinite from 'swr/infinite';
import { apiFetcher, type ApiKey } from '../../../api-client/swr-config';
import type { User } from '../../../types/api';

/** One page of GET /auth/users: newest first, `nextCursor` null on the last page. */
export interface UsersPage {
  users: User[];
  nextCursor: string | null;
}

export const usersPageSize = 50;

/** The SWR key of page `index`, or null after the last page. */
export function usersPageKey(index: number, previous: UsersPage | null): ApiKey | null {
  if (index > 0 && !previous?.nextCursor) return null;
  const cursor = index > 0 ? (previous?.nextCursor ?? undefined) : undefined;
  return ['GET /auth/users', { query: { cursor, limit: String(usersPageSize) } }];
}

/** Every account, page by page: `loadMore()` fetches the next page while `hasMore`. */
export function useUsers() {
  const pages = useSWRInfinite<UsersPage>(usersPageKey, apiFetcher, { revalidateFirstPage: false });
  const last = pages.data?.at(-1);
  return {
    ...pages,
    users: pages.data?.flatMap((page) => page.users) ?? [],
    hasMore: Boolean(last?.nextCursor),
    loadMore: () => pages.setSize(pages.size + 1),
  };
}
