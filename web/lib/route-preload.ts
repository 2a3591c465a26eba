/**
 * Loads a page's code ahead of the click: links call `preloadRoute(to)` on pointerenter, focus or
 * touchstart (intent), so the chunk is usually in by the time the navigation renders. The route
 * table (web/app/router.tsx) registers how a path maps to its modules; this module only holds that
 * function, because components may not import the app layer (docs/architecture.md). A module import
 * is cached by the browser, so preloading twice, or preloading and then navigating, loads once.
 */
let preloader: ((path: string) => void) | undefined;

/** Called once by the route table. */
export function registerRoutePreloader(load: (path: string) => void): void {
  preloader = load;
}

/** Starts loading the layout and page code of `path` (a pathname, with or without a query). */
export function preloadRoute(path: string): void {
  preloader?.(path.split(/[?#]/)[0] ?? path);
}

/** Props that preload `to` on intent, for a link or a button that navigates. */
export function preloadOnIntent(to: string) {
  const preload = () => preloadRoute(to);
  return { onPointerEnter: preload, onFocus: preload, onTouchStart: preload };
}
