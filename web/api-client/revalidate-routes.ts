/**
 * How one feature refreshes data another feature shows, without importing that feature: it names
 * the GET routes its change affects, and every cached read of those routes is refetched, whatever
 * its params, query or page. A feature's own mutation may still revalidate its own keys directly.
 */
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { unstable_serialize as pagedListKey } from 'swr/infinite';
import type { ApiKey, ReadRouteKey } from './swr-config';

/** The route of an SWR key as `useApiQuery` and `useCursorPages` write them (see ApiKey). */
function routeOf(key: unknown): string | undefined {
  if (typeof key === 'string') return key;
  if (Array.isArray(key) && typeof key[0] === 'string') return key[0];
  return undefined;
}

/**
 * `revalidate('GET /hoodpay/transactions', 'GET /auth/profile')` refetches the mounted reads of
 * those routes, requested in the order named. SWR's key-filter `mutate` skips paged lists
 * (`useSWRInfinite` keeps them under a key of its own), so each cached page that matches also
 * revalidates the list it may be the first page of; such a list refetches its first page, as a
 * direct `mutate` of its key does.
 */
export function useRevalidateRoutes() {
  const { cache, mutate } = useSWRConfig();
  return useCallback(
    async (...routes: ReadRouteKey[]): Promise<void> => {
      const refetches: Promise<unknown>[] = [];
      for (const route of routes) {
        const pages: unknown[] = [];
        // SWR runs the filter over every cached key before `mutate` returns, so `pages` is complete below.
        refetches.push(mutate((key) => routeOf(key) === route && pages.push(key) > 0));
        for (const page of pages) {
          const list = pagedListKey(() => page as ApiKey);
          if (cache.get(list) !== undefined) refetches.push(mutate(list));
        }
      }
      await Promise.all(refetches);
    },
    [cache, mutate],
  );
}
