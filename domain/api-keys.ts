/**
 * API keys: what a key may do (its scopes), how long its name may be and how many live keys an
 * account keeps. Apart from the body schema (./schemas/api-keys.ts) so that the route table's
 * `keyScope` and the handler factory bundle no zod (docs/decisions/0220-api-keys.md).
 */

/**
 * What a key may do: `read` the account's data (every GET it reaches), buy and manage `labels`
 * (quotes, purchases, refunds, batches, pickups, tracking), or move the `wallet` (top-up checkouts).
 * A scope names one kind of call; none implies another.
 */
export const API_KEY_SCOPES = ['read', 'labels', 'wallet'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The scope a route needs from a key, or `none`: no key reaches it (domain/api/key-scope.ts). */
export type KeyScope = ApiKeyScope | 'none';

/** The longest key name: what the keys list shows. */
export const API_KEY_NAME_MAX = 60;

/** Live (unrevoked) keys one account may hold; a 21st is refused with 409. */
export const MAX_LIVE_API_KEYS = 20;

/** Every key starts with this, then `live_` or `test_`, so a leaked key is recognisable (and secret scanners can match it). */
export const API_KEY_PREFIX = 'psk_';

/** Whether a bearer token is an API key rather than a session token (a JWT never starts so). */
export const isApiKeyText = (token: string): boolean => token.startsWith(API_KEY_PREFIX);
