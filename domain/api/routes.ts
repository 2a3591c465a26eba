/**
 * THE route table: every HTTP endpoint of the product, once.
 *
 * The CDK stack makes one Lambda per entry, the local front mounts the same entries, and
 * test/unit/routes.test.ts checks that the table, the handler modules, the stack and the SPA's API
 * client agree. Paths are exactly the spec's (SPEC.md section 7), with a leading slash.
 */

/**
 * Who may call a route: anyone; a signed-in account still entering its one-time code (`otp`: the
 * sign-in token reaches only these routes); a verified user; an admin; or a payment provider
 * (`webhook`: no token, the handler checks the provider's signature).
 */
export type Access = 'public' | 'otp' | 'user' | 'admin' | 'webhook';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What a route's Lambda may do with the table; the stack grants exactly this. */
export type TableAccess = 'none' | 'read' | 'write';

export interface RouteEntry {
  method: Method;
  /** API Gateway style path: `{name}` marks a path parameter. */
  path: string;
  access: Access;
  /** Module under functions/handlers/, without extension; it exports `handler`. */
  handler: string;
  table: TableAccess;
}

export const routes = [
  // Accounts and sessions (issue 3)
  { method: 'POST', path: '/auth/register', access: 'public', handler: 'auth/register', table: 'write' },
  { method: 'POST', path: '/auth/login', access: 'public', handler: 'auth/login', table: 'write' },
  { method: 'POST', path: '/auth/send-otp', access: 'otp', handler: 'auth/send-otp', table: 'write' },
  { method: 'POST', path: '/auth/resend-otp', access: 'otp', handler: 'auth/resend-otp', table: 'write' },
  { method: 'POST', path: '/auth/verify-otp', access: 'otp', handler: 'auth/verify-otp', table: 'write' },
  { method: 'POST', path: '/auth/forgot-password', access: 'public', handler: 'auth/forgot-password', table: 'write' },
  { method: 'POST', path: '/auth/reset-password', access: 'public', handler: 'auth/reset-password', table: 'write' },
  { method: 'GET', path: '/auth/captcha-challenge', access: 'public', handler: 'auth/get-captcha-challenge', table: 'none' },
  { method: 'GET', path: '/auth/profile', access: 'user', handler: 'auth/get-profile', table: 'read' },
  { method: 'PUT', path: '/auth/profile', access: 'user', handler: 'auth/update-profile', table: 'write' },
  { method: 'GET', path: '/auth/get-profile-picture', access: 'user', handler: 'auth/get-profile-picture', table: 'read' },
  { method: 'GET', path: '/auth/users', access: 'admin', handler: 'auth/list-users', table: 'read' },
  // Saved addresses (issue 6)
  { method: 'GET', path: '/auth/addresses', access: 'user', handler: 'addresses/list-addresses', table: 'read' },
  { method: 'POST', path: '/auth/addresses', access: 'user', handler: 'addresses/create-address', table: 'write' },
  { method: 'DELETE', path: '/auth/addresses/{id}', access: 'user', handler: 'addresses/delete-address', table: 'write' },
  // Wallet and payments (issue 4)
  { method: 'POST', path: '/stripe/create-checkout-session', access: 'user', handler: 'payments/create-checkout-session', table: 'write' },
  { method: 'POST', path: '/stripe/webhook', access: 'webhook', handler: 'payments/stripe-webhook', table: 'write' },
  { method: 'POST', path: '/hoodpay/topup', access: 'user', handler: 'payments/create-topup', table: 'write' },
  { method: 'POST', path: '/hoodpay/webhook', access: 'webhook', handler: 'payments/hoodpay-webhook', table: 'write' },
  { method: 'GET', path: '/hoodpay/transactions', access: 'user', handler: 'payments/list-transactions', table: 'read' },
  // Labels and tracking (issues 5 and 6)
  { method: 'POST', path: '/shipping/create-label', access: 'user', handler: 'shipping/create-label', table: 'write' },
  { method: 'GET', path: '/shipping/orders', access: 'user', handler: 'shipping/list-orders', table: 'read' },
  { method: 'GET', path: '/shipping/download-order/{shipOrderId}', access: 'user', handler: 'shipping/download-order', table: 'read' },
  { method: 'POST', path: '/shipping/track', access: 'user', handler: 'shipping/track-package', table: 'read' },
  // Support (issue 6)
  { method: 'POST', path: '/support', access: 'user', handler: 'support/create-support-request', table: 'write' },
  // Admin dashboard (issue 7)
  { method: 'GET', path: '/admin/stats', access: 'admin', handler: 'admin/get-stats', table: 'read' },
  // Landing
  { method: 'GET', path: '/api/counter', access: 'public', handler: 'landing/get-counter', table: 'read' },
] as const satisfies readonly RouteEntry[];

export type Route = (typeof routes)[number];

/** `"METHOD /path"`: the key a handler module names its route by. */
export type RouteKey = `${Route['method']} ${Route['path']}`;

export const routeKey = (r: Pick<RouteEntry, 'method' | 'path'>): string => `${r.method} ${r.path}`;

/** Finds a route by its key; throws at module load for a key that is not in the table. */
export function findRoute(key: RouteKey): Route {
  const found = routes.find((r) => routeKey(r) === key);
  if (!found) throw new Error(`No route ${key} in functions/routes.ts`);
  return found;
}

/**
 * First path segments that belong to the API (`/auth`, `/api`, ...). CloudFront sends these to API
 * Gateway and the local front answers unknown paths under them with a JSON 404 instead of the SPA.
 */
export const apiPrefixes: string[] = [...new Set(routes.map((r) => '/' + r.path.split('/')[1]))];

/**
 * CloudFront path patterns that send requests to the API: `<prefix>/*` for each prefix, plus the
 * prefix itself when a route is exactly that path (`POST /support`).
 */
export const apiPathPatterns: string[] = apiPrefixes.flatMap((prefix) => [
  `${prefix}/*`,
  ...(routes.some((r) => r.path === prefix) ? [prefix] : []),
]);
