/**
 * SWR keeps every answer forever and has no `gcTime`. SPEC section 9 wants unused data dropped
 * after 5 minutes, so this cache counts the mounted hooks per key (through `retainKeys`, an SWR
 * middleware) and forgets an entry once no hook has used it for that long. Data a mounted hook
 * shows is never dropped. Eviction is lazy: an expired entry goes when it is next read, or on the
 * next write to the cache, so no timers run.
 */
import { useEffect } from 'react';
import { unstable_serialize, type Cache, type Middleware, type State } from 'swr';

export const unusedDataTtlMs = 5 * 60_000;

export interface RetainingCache {
  /** Give this to `SWRConfig`'s `provider`. */
  cache: Cache;
  /** Give this to `SWRConfig`'s `use` so mounted hooks keep their keys alive. */
  retainKeys: Middleware;
}

export function createRetainingCache(ttlMs = unusedDataTtlMs, now: () => number = Date.now): RetainingCache {
  const entries = new Map<string, State>();
  /** How many mounted hooks use each key. */
  const users = new Map<string, number>();
  /** When each key was last written or released by its last hook. */
  const lastUsed = new Map<string, number>();

  const isExpired = (key: string, at: number) => !users.get(key) && at - (lastUsed.get(key) ?? at) > ttlMs;
  const forget = (key: string) => {
    entries.delete(key);
    lastUsed.delete(key);
  };

  const cache: Cache = {
    keys: () => entries.keys(),
    get(key) {
      if (isExpired(key, now())) forget(key);
      return entries.get(key);
    },
    set(key, value) {
      const at = now();
      for (const other of entries.keys()) if (isExpired(other, at)) forget(other);
      entries.set(key, value);
      lastUsed.set(key, at);
    },
    delete: forget,
  };

  function retain(key: string): () => void {
    users.set(key, (users.get(key) ?? 0) + 1);
    return () => {
      const left = (users.get(key) ?? 1) - 1;
      if (left > 0) users.set(key, left);
      else users.delete(key);
      lastUsed.set(key, now());
    };
  }

  const retainKeys: Middleware = (useSWRNext) => (key, fetcher, config) => {
    const cacheKey = unstable_serialize(key);
    useEffect(() => (cacheKey ? retain(cacheKey) : undefined), [cacheKey]);
    return useSWRNext(key, fetcher, config);
  };

  return { cache, retainKeys };
}
