/**
 * What `react` is in the landing page's own build (vite.config.ts, landingBuildConfig): Preact's
 * React layer, with one difference that hydration needs. React hydrates a prerendered page with each
 * `useSyncExternalStore`'s server snapshot, the value the page was prerendered with, and switches to
 * the browser's value right after; preact/compat reads the browser's value at once and, hydrating,
 * leaves the prerendered attributes as they are, so a wide screen's calculator kept the phone's
 * empty text field (the landing page's browser test). Here a hook that mounts while the page
 * hydrates starts from its server snapshot, like React's, and moves to the browser's value in an
 * effect.
 */
import { useEffect, useState, useSyncExternalStore as compatUseSyncExternalStore } from 'preact/compat';

// @ts-expect-error -- preact/compat's types declare one namespace (`export =`); its ES module has the
// named exports this passes on, which is all the bundler sees.
export * from 'preact/compat';
export { default } from 'preact/compat';

let hydrating = false;

/**
 * Marks the spans in which the landing page hydrates (web/components/hydration-slice.tsx,
 * hydrationTurns): from the first call until the last slice due on load has hydrated, several tasks
 * later, and again for a task each time a slice that waited for the visitor wakes. Little else
 * mounts on the landing page meanwhile, so the hooks mounted in a span are hydrating ones; one that
 * mounts for another reason starts from its server snapshot and reaches the browser's value an
 * effect later.
 */
export const hydration = {
  start: () => {
    hydrating = true;
  },
  end: () => {
    hydrating = false;
  },
};

export function useSyncExternalStore<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T, getServerSnapshot?: () => T): T {
  const [fromServer, setFromServer] = useState(() => hydrating && getServerSnapshot !== undefined);
  const value = compatUseSyncExternalStore(subscribe, fromServer && getServerSnapshot ? getServerSnapshot : getSnapshot);
  useEffect(() => {
    if (fromServer) setFromServer(false);
  }, [fromServer]);
  return value;
}
