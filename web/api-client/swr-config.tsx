/**
 * SWR for the whole SPA: keys are route-table GET keys, fetched through `apiRequest`, retried with
 * a doubling delay (SPEC section 9), and kept 5 minutes after their last use.
 */
import { useEffect, useState, type ReactNode } from 'react';
import useSWR, { SWRConfig, useSWRConfig, type SWRConfiguration, type SWRResponse } from 'swr';
import type { AnswerOf } from '@domain/api/answers';
import { getSession, subscribeSession } from '@/lib/session';
import { ApiError, apiRequest, type JsonRouteKey, type RequestOptions } from './client';
import { createRetainingCache } from './swr-cache';

/** Only GET routes are cached reads. */
export type ReadRouteKey = Extract<JsonRouteKey, `GET ${string}`>;

/** An SWR key: a GET route, or a GET route with its params and query. */
export type ApiKey<K extends ReadRouteKey = ReadRouteKey> = K | readonly [K, Pick<RequestOptions, 'params' | 'query'>];

export function apiFetcher<K extends ReadRouteKey>(key: ApiKey<K>): Promise<AnswerOf<K>> {
  return typeof key === 'string' ? apiRequest(key) : apiRequest(key[0], key[1]);
}

export const errorRetryCount = 3;

/** Delay before retry number `retryCount` (1-based): 1 s, 2 s, 4 s, ... capped at 30 s. */
export function retryDelayMs(retryCount: number): number {
  return Math.min(1000 * 2 ** (retryCount - 1), 30_000);
}

/**
 * Retries failed reads, except 4xx answers and 501: a bad request, a missing item, a refused role
 * or a feature not built yet (docs/api.md) will answer the same way again.
 */
export const onErrorRetry: SWRConfiguration['onErrorRetry'] = (error, _key, config, revalidate, options) => {
  if (error instanceof ApiError && ((error.status >= 400 && error.status < 500) || error.status === 501)) return;
  if (options.retryCount > (config.errorRetryCount ?? errorRetryCount)) return;
  setTimeout(() => void revalidate(options), retryDelayMs(options.retryCount));
};

/** `useSWR` over the contract: `useApiQuery('GET /auth/profile')` is typed by the route's answer. Pass null to wait. */
export function useApiQuery<K extends ReadRouteKey>(
  key: ApiKey<K> | null,
  config?: SWRConfiguration<AnswerOf<K>, ApiError>,
): SWRResponse<AnswerOf<K>, ApiError> {
  return useSWR<AnswerOf<K>, ApiError>(key, apiFetcher<K>, config);
}

/**
 * Drops every cached answer when the signed-in token goes away or changes, so the next account on
 * this browser never sees the previous one's data. It listens to the session store directly so the
 * cache is emptied before React re-renders anything with the new session.
 */
function ForgetDataOnSessionChange() {
  const { unload } = useSWRConfig();
  useEffect(() => {
    let token = getSession().token;
    return subscribeSession(() => {
      const next = getSession().token;
      if (token && next !== token) unload({ revalidate: false });
      token = next;
    });
  }, [unload]);
  return null;
}

export function SwrProvider({ children }: { children: ReactNode }) {
  const [{ cache, retainKeys }] = useState(() => createRetainingCache());
  return (
    <SWRConfig
      value={{
        provider: () => cache,
        use: [retainKeys],
        fetcher: apiFetcher,
        errorRetryCount,
        onErrorRetry,
      }}
    >
      <ForgetDataOnSessionChange />
      {children}
    </SWRConfig>
  );
}
