/**
 * Lists the API pages with a cursor (`{ ..., nextCursor }`, newest first, docs/api.md): the SWR
 * Infinite page keys of a GET route and one hook that flattens the pages, for every such table.
 */
import useSWRInfinite, { type SWRInfiniteConfiguration } from 'swr/infinite';
import type { ApiError } from './client';
import type { AnswerOf } from '@domain/api/answers';
import { apiFetcher, type ApiKey, type ReadRouteKey } from './swr-config';

/** What every cursor-paged answer carries: null on the last page. */
export interface CursorPage {
  nextCursor: string | null;
}

/** The list routes: those whose answer is a page with a cursor. */
export type PagedRouteKey = { [K in ReadRouteKey]: AnswerOf<K> extends CursorPage ? K : never }[ReadRouteKey];

/** Names page `index` of a list, or null after its last page. */
export type CursorPageKeys<K extends PagedRouteKey = PagedRouteKey> = (index: number, previous: CursorPage | null) => ApiKey<K> | null;

/**
 * The page keys of `route` with a fixed `query` (`limit`, filters); each page after the first adds
 * the previous page's cursor. Make it once at module level, so the list keeps one cache key.
 */
export function cursorPageKeys<K extends PagedRouteKey>(route: K, query: Record<string, string> = {}): CursorPageKeys<K> {
  return (index, previous) => {
    if (index === 0) return [route, { query }];
    if (!previous?.nextCursor) return null;
    return [route, { query: { ...query, cursor: previous.nextCursor } }];
  };
}

/** A paged list: `items` of the pages loaded so far; `loadMore()` fetches the next page while `hasMore`. */
export function useCursorPages<K extends PagedRouteKey, Item>(
  keys: CursorPageKeys<K>,
  items: (page: AnswerOf<K>) => Item[],
  config?: SWRInfiniteConfiguration<AnswerOf<K>, ApiError>,
) {
  const pages = useSWRInfinite<AnswerOf<K>, ApiError>(keys, apiFetcher<K>, config);
  // Every PagedRouteKey answers a CursorPage; TypeScript cannot see that through the generic K.
  const last = pages.data?.at(-1) as CursorPage | undefined;
  return {
    ...pages,
    items: pages.data?.flatMap(items) ?? [],
    hasMore: Boolean(last?.nextCursor),
    /** A page asked for with `loadMore()` has not answered yet (not set by a revalidation). */
    isLoadingMore: pages.size > (pages.data?.length ?? 0) && !pages.error,
    loadMore: () => pages.setSize(pages.size + 1),
  };
}
