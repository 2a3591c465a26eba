/**
 * Which HTML document answers a page's path, for CloudFront (infra/stack.ts, a viewer-request
 * function) and the local front (infra/local/server.ts) alike, and which pages the build prerenders
 * (vite.config.ts). No imports: the CDK app, the local front and the Vite config all load this.
 *
 * - The public pages a visitor or a crawler arrives on are prerendered HTML (docs/performance.md):
 *   `/` is the landing page with its own small entry; sign-in, sign-up and forgotten password are
 *   the SPA's pages, hydrated by the SPA.
 * - Every other path without a file extension (/user-dashboard, /reset-password?token=...) gets the
 *   SPA shell, an empty page the SPA renders into, so client-side routes survive a reload.
 * - Paths with an extension are files (hashed assets, favicon.svg, openapi.json).
 */
export const PRERENDERED_PAGES = [
  { path: '/', file: 'index.html' },
  { path: '/login', file: 'login.html' },
  { path: '/signup', file: 'signup.html' },
  { path: '/forgot-password', file: 'forgot-password.html' },
] as const;

export type PrerenderedPage = (typeof PRERENDERED_PAGES)[number];

/** The SPA's empty shell (the built web/index.html, renamed so `/` can be the landing page). */
export const SPA_SHELL = 'app.html';

/** The file (without the leading slash) that answers `pathname`, or null when the path names a file itself. */
export function documentFor(pathname: string): string | null {
  if (/\.[^/]*$/.test(pathname)) return null;
  return PRERENDERED_PAGES.find((page) => page.path === pathname)?.file ?? SPA_SHELL;
}

/**
 * documentFor as a CloudFront Function (cloudfront-js-2.0), made from the same list so the two
 * cannot drift. A function on the SPA behaviour only: unlike distribution-wide error responses, it
 * never touches the API's own 4xx answers.
 */
export function documentRewriteFunctionCode(): string {
  const pages = Object.fromEntries(PRERENDERED_PAGES.map((page) => [page.path, `/${page.file}`]));
  return `var PAGES = ${JSON.stringify(pages)};
function handler(event) {
  var request = event.request;
  if (!/\\.[^/]*$/.test(request.uri)) request.uri = PAGES[request.uri] || '/${SPA_SHELL}';
  return request;
}`;
}
