import { describe, expect, it } from 'vitest';
import { keyScopeOf } from '../../../domain/api/key-scope';
import { routeKey, routes, type RouteEntry } from '../../../domain/api/routes';

const scopeOf = (key: string) => keyScopeOf(routes.find((r) => routeKey(r) === key) as RouteEntry);

describe('keyScopeOf', () => {
  it('asks read for the account data a GET answers', () => {
    expect(scopeOf('GET /shipping/orders')).toBe('read');
    expect(scopeOf('GET /wallet/balance-history')).toBe('read');
    expect(scopeOf('GET /receipts/{receipt}')).toBe('read');
    expect(scopeOf('GET /exports/orders.csv')).toBe('read');
  });

  it('asks labels for quotes, purchases, refunds, batches, pickups, tracking and address checks', () => {
    for (const key of [
      'POST /shipping/rates',
      'POST /shipping/create-label',
      'POST /shipping/orders/{shipOrderId}/refund',
      'POST /shipping/batches',
      'POST /shipping/pickups',
      'POST /shipping/track',
      'POST /addresses/verify',
    ])
      expect(scopeOf(key), key).toBe('labels');
  });

  it('asks wallet for the routes that put money in, and lets no key take money out', () => {
    expect(scopeOf('POST /stripe/create-checkout-session')).toBe('wallet');
    expect(scopeOf('POST /hoodpay/topup')).toBe('wallet');
    expect(scopeOf('POST /wallet/withdrawals')).toBe('none');
  });

  it("lets no key reach the person's own routes, the keys themselves, support, the code step, admin, public or provider routes", () => {
    for (const key of [
      'GET /auth/profile',
      'PUT /auth/profile',
      'GET /auth/addresses',
      'POST /auth/logout',
      'GET /account/api-keys',
      'POST /account/api-keys',
      'DELETE /account/api-keys/{id}',
      'POST /support',
      'POST /auth/verify-otp',
      'GET /admin/stats',
      'GET /auth/users',
      'POST /auth/login',
      'GET /api/counter',
      'POST /stripe/webhook',
    ])
      expect(scopeOf(key), key).toBe('none');
  });

  it("takes an entry's own keyScope over the derived one, and never on a route that is not a user's", () => {
    const entry = { access: 'user', method: 'POST', path: '/shipping/rates' } as const;
    expect(keyScopeOf({ ...entry, keyScope: 'none' })).toBe('none');
    expect(keyScopeOf({ ...entry, keyScope: 'read' })).toBe('read');
    expect(keyScopeOf({ ...entry, access: 'admin', keyScope: 'read' })).toBe('none');
  });

  it('answers a scope for every route of the table', () => {
    for (const r of routes as readonly RouteEntry[]) expect(['read', 'labels', 'wallet', 'none'], routeKey(r)).toContain(keyScopeOf(r));
  });
});
