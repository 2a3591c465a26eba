/**
 * Lists the API pages with a cursor (`{ ..., nextCursor }`, newest first, docs/api.md): the SWR
 * Infinite page keys of a GET route and one hook that flattens the pages, for every such table.
 */
import useSWRInfinite, { type SWRInfiniteConfiguration } from 'swr/infinite';
import type { ApiError } from './client';
import { apiFetcher, type ApiKey, type ReadRouteKey } from './swr-config';

/** What every cursor-paged answer carries: null on the last page. */
export interface CursorPage {
  nextCursor: string | null;
}

/** Names page `index` of a list, or null after its last page. */
export type CursorPageKeys = (index: number, previous: CursorPage | null) => ApiKey | null;

/**
 * The page keys of `route` with a fixed `query` (`limit`, filters); each page after the first adds
 * the previous page's cursor. Make it once at module level, so the list keeps one cache key.
 */
export function cursorPageKeys(route: ReadRouteKey, query: Record<string, string> = {}): CursorPageKeys {
  return (index, previous) => {
    if (index === 0) return [route, { query }];
    if (!previous?.nextCursor) return null;
    return [route, { query: { ...query, cursor: previous.nextCursor } }];
  };
}

/** A paged list: `items` of the pages loaded so far; `loadMore()` fetches the next page while `hasMore`. */
export function useCursorPages<Page extends CursorPage, Item>(
  keys: CursorPageKeys,
  items: (page: Page) => Item[],
  config?: SWRInfiniteConfiguration<Page, ApiError>,
) {
  const pages = useSWRInfinite<Page, ApiError>(keys, apiFetcher, config);
  const last = pages.data?.at(-1);
  return {
    ...pages,
    items: pages.data?.flatMap(items) ?? [],
    hasMore: Boolean(last?.nextCursor),
    /** A page asked for with `loadMore()` has not answered yet (not set by a revalidation). */
    isLoadingMore: pages.size > (pages.data?.length ?? 0) && !pages.error,
    loadMore: () => pages.setSize(pages.size + 1),
  };
}
