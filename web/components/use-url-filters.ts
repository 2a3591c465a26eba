/**
 * A list's filters kept in the URL's query string, so the back button steps
 * through them and a filtered list can be shared as a link. Empty values are left out of the URL;
 * other parameters of the page (`?checkout=success`) are kept.
 */
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

export interface UrlFilters<K extends string> {
  /** Each filter's value, '' when not set. */
  values: Record<K, string>;
  /** Sets one filter; `replace` changes the current history entry instead of adding one (typing). */
  set: (name: K, value: string, options?: { replace?: boolean }) => void;
  /** Removes every filter (one history entry). */
  clear: () => void;
  /** Whether any filter is set. */
  active: boolean;
}

export function useUrlFilters<K extends string>(names: readonly K[]): UrlFilters<K> {
  const [params, setParams] = useSearchParams();
  const key = names.join();
  const values = useMemo(
    () => Object.fromEntries(names.map((n) => [n, params.get(n) ?? ''])) as Record<K, string>,
    // `names` is a constant list; its joined form keeps the memo stable when a caller writes it inline.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [params, key],
  );
  // react-router hands its updater the params of the last render, so a second change made before
  // the page renders again (two selects in a row on a busy machine) would undo the first. The
  // params last asked for are kept here instead, and follow the URL when it moves (back button).
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const change = useCallback(
    (edit: (next: URLSearchParams) => void, options: { replace?: boolean } = {}) => {
      const next = new URLSearchParams(latest.current);
      edit(next);
      latest.current = next;
      setParams(next, { replace: options.replace ?? false });
    },
    [setParams],
  );
  const set = useCallback(
    (name: K, value: string, options?: { replace?: boolean }) => change((next) => (value ? next.set(name, value) : next.delete(name)), options),
    [change],
  );
  const clear = useCallback(() => change((next) => key.split(',').forEach((n) => next.delete(n))), [change, key]);
  return { values, set, clear, active: Object.values<string>(values).some(Boolean) };
}
