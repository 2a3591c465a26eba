/**
 * Which routes an API key reaches, and with which scope (docs/decisions/0220-api-keys.md). Keys
 * stand for a shop's software, not a person: they reach the account's shipping and wallet data, and
 * never the person's own settings (/auth/*), the account's keys and people (/account/*), support,
 * admin, the sign-in code step, or the routes open to anyone or to providers.
 */
import type { KeyScope } from '../api-keys';
import type { RouteEntry } from './route-entry';

/** First path segments whose writes buy or manage labels. */
const LABEL_AREAS = new Set(['shipping', 'addresses']);
/** First path segments whose writes move money. */
const WALLET_AREAS = new Set(['wallet', 'stripe', 'hoodpay']);
/** First path segments no key reaches, whatever the method. */
const PERSON_AREAS = new Set(['auth', 'account', 'support']);

/**
 * The scope a key needs for `route`, or `none` when no key may call it: the entry's own `keyScope`
 * when given; otherwise, for a `user` route outside the person's areas, `read` for a GET, `labels`
 * for a write under /shipping or /addresses, `wallet` for one under /wallet, /stripe or /hoodpay.
 */
export function keyScopeOf(route: Pick<RouteEntry, 'access' | 'method' | 'path' | 'keyScope'>): KeyScope {
  if (route.access !== 'user') return 'none';
  if (route.keyScope) return route.keyScope;
  const area = route.path.split('/')[1] ?? '';
  if (PERSON_AREAS.has(area)) return 'none';
  if (route.method === 'GET') return 'read';
  if (LABEL_AREAS.has(area)) return 'labels';
  if (WALLET_AREAS.has(area)) return 'wallet';
  return 'none';
}
