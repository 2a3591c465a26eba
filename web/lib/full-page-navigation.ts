/**
 * Leaves the current page with a full load, dropping all in-memory state (used when a session ends
 * on a 401). Its own module so tests can replace it: jsdom cannot navigate.
 */
export function loadPage(path: string): void {
  window.location.assign(path);
}
