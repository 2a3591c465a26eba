import { useSyncExternalStore } from 'react';

/** Narrow screens: 768 px wide or less (SPEC section 9). */
export const mobileMediaQuery = '(max-width: 768px)';

// jsdom and very old browsers have no matchMedia: treat them as wide screens.
const query = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(mobileMediaQuery) : null);

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/**
 * Whether the viewport is in the mobile range, following resizes. Prerendered pages (web/prerender.tsx)
 * are made for phones, the slowest visitors, so hydration starts from the narrow layout and a wide
 * screen switches right after.
 */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => true,
  );
}
