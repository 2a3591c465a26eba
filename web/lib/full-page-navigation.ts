/**
 * Leaves the current page with a full load, dropping all in-memory state (used when a session ends
 * on a 401). Its own module so tests can replace it: jsdom cannot navigate.
 */
export function loadPage(path: string): void {
  window.location.assign(path);
}

/**
 * True for a URL the browser may be sent to with `loadPage`: http(s) on any host (a payment
 * provider's checkout) or a path on this origin. Refuses `javascript:` and other schemes, so an
 * answer can never run script in the page.
 */
export function isNavigableUrl(url: unknown): url is string {
  if (typeof url !== 'string' || url === '') return false;
  try {
    const { protocol } = new URL(url, window.location.origin);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
