import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while a page is prerendered (web/app/prerender.tsx) and while the browser hydrates it, true
 * once React runs the page in the browser (and from the start on pages the browser renders itself).
 * For what the build cannot know (the visitor's clock) and what must wait for the code (a form's
 * submit button: before hydration the browser would submit the form itself, as a GET with the
 * fields in the address).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
