/**
 * What the server trusts about who the caller is. The role travels in the signed session token
 * (docs/decisions/0004-session-tokens-carry-scope-and-role.md), so two things must hold for the whole product: a token nobody signed with
 * the server's key is refused on every route that needs one, and the server signs only the role
 * stored for the account (no request can raise its own stored role). The unit suite
 * (test/unit/security/tokens.test.ts) covers the forgeries one by one; here they meet every real
 * handler of the route table.
 */
import { decodeJwt, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../../functions/config';
import { getUserById } from '../../../functions/data/users';
import { createApiKey, revokeApiKey } from '../../../functions/data/api-keys';
import { keyScopeOf } from '../../../domain/api/key-scope';
import { signSessionToken } from '../../session-token';
import { routes, type RouteKey } from '../../../domain/api/routes';
import { creditWallet } from '../wallet-credit';
import { expectRefusal, invoke, mailedCodes, newWorld, PASSWORD, type World } from './actors';

let world: World;
beforeAll(async () => {
  world = await newWorld('roles');
});

const claimsOf = (token: unknown) => decodeJwt(String(token)) as { role: string; scope: string; sub: string };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('tokens nobody signed with the server key', () => {
  const guarded = routes.filter((r) => r.access === 'otp' || r.access === 'user' || r.access === 'admin');

  it('are refused 401 by every route that needs a session, before the handler reads anything', async () => {
    const user = world.owner.token;
    const [header, payload, signature] = user.split('.') as [string, string, string];
    const asAdmin = { ...JSON.parse(Buffer.from(payload, 'base64url').toString()), role: 'admin' };
    const forged = {
      'role edited to admin, not re-signed': `${header}.${b64(asAdmin)}.${signature}`,
      'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64(asAdmin)}.`,
      'signed with another key': await new SignJWT({ role: 'admin', scope: 'full' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(world.owner.id)
        .setIssuer(config().JWT_ISSUER)
        .setAudience('prepaidship-api')
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('not-the-server-key-not-the-server-key-0')),
      expired: await new SignJWT({ role: 'user', scope: 'full' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(world.owner.id)
        .setIssuer(config().JWT_ISSUER)
        .setAudience('prepaidship-api')
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(new TextEncoder().encode(config().JWT_SECRET)),
    };
    expect(guarded.length).toBeGreaterThan(15);
    for (const route of guarded) {
      const key = `${route.method} ${route.path}` as RouteKey;
      for (const [what, token] of Object.entries(forged)) {
        const res = await invoke(key, {
          token,
          body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
          params: { id: 'x', shipOrderId: 'x' },
        });
        expect(res.statusCode, `${key} with a token ${what}`).toBe(401);
        expectRefusal(res, `${key} ${what}`);
      }
    }
  });
});

describe('the server signs only the stored role', () => {
  it('a sign-up asking for admin, verified, a balance or a full scope gets a plain user with a sign-in token', async () => {
    const email = `roles-signup-${Date.now()}@example.com`;
    const res = await invoke('POST /auth/register', {
      body: {
        name: 'Wants Admin',
        email,
        password: PASSWORD,
        recaptchaToken: 't',
        role: 'admin',
        isAdmin: true,
        scope: 'full',
        verified: true,
        isVerified: true,
        balanceCents: 1_000_000,
        id: world.admin.id,
      },
    });
    expect(res.statusCode).toBe(201);
    const { token, user } = res.json as { token: string; user: { id: string } };
    expect(claimsOf(token)).toMatchObject({ role: 'user', scope: 'otp', sub: user.id });
    expect(user.id).not.toBe(world.admin.id);
    expect(await getUserById(user.id)).toMatchObject({ role: 'user', verified: false, balanceCents: 0 });

    // Finishing the sign-in, with the same extras in the body, still gives the stored role.
    const [code] = await mailedCodes(email);
    const verified = await invoke('POST /auth/verify-otp', { token, body: { email, otp: code, role: 'admin', scope: 'full' } });
    expect(verified.statusCode).toBe(200);
    expect(claimsOf(verified.json?.token)).toMatchObject({ role: 'user', scope: 'full' });
    expect((await invoke('GET /auth/users', { token: String(verified.json?.token) })).statusCode).toBe(403);
  });

  it('a profile update cannot change role, email, balance or verification', async () => {
    const before = await getUserById(world.other.id);
    const res = await invoke('PUT /auth/profile', {
      token: world.other.token,
      body: {
        name: 'Still A User',
        role: 'admin',
        email: 'taken@example.com',
        balance: 1000,
        balanceCents: 100_000,
        isVerified: false,
        verified: false,
        id: world.admin.id,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await getUserById(world.other.id)).toEqual({ ...before, name: 'Still A User', version: (before?.version ?? 0) + 1 });
  });

  it('control: an admin signing in gets an admin token, from the stored role', async () => {
    const res = await invoke('POST /auth/login', { body: { email: world.admin.email, password: PASSWORD, recaptchaToken: 't', role: 'user' } });
    expect(res.statusCode).toBe(200);
    expect(claimsOf(res.json?.token)).toMatchObject({ role: 'admin', scope: 'otp' });
  });
});

describe('a correctly signed admin claim for an account whose stored role is user', () => {
  // The factory reads the stored role for an admin claim, so a token signed with the server's key
  // (an admin demoted in the table within the token's 12 hours) does not keep admin access.
  it('is refused on the admin routes and sees only its own entries', async () => {
    await creditWallet(world.owner, 700);
    const token = await signSessionToken({ userId: world.other.id, role: 'admin', scope: 'full' });
    expect((await invoke('GET /auth/users', { token })).statusCode).toBe(403);
    expect((await invoke('GET /admin/stats', { token })).statusCode).toBe(403);
    const entries = await invoke('GET /hoodpay/transactions', { token, query: { type: 'topup' } });
    expect(entries.body).not.toContain(world.owner.id);
  });
});

describe('API keys', () => {
  const guarded = routes.filter((r) => r.access === 'otp' || r.access === 'user' || r.access === 'admin');
  const bodyOf = (method: string) => (method === 'GET' || method === 'DELETE' ? undefined : {});

  it('an admin’s key with every scope reaches no admin route, the code step, nor the person’s own routes (403)', async () => {
    const { key } = await createApiKey(world.admin.id, { name: 'Admin script', scopes: ['read', 'labels', 'wallet'] });
    const closed = guarded.filter((r) => keyScopeOf(r) === 'none');
    expect(closed.filter((r) => r.access === 'admin').length).toBeGreaterThan(5);
    for (const route of closed) {
      const res = await invoke(`${route.method} ${route.path}` as RouteKey, { token: key, body: bodyOf(route.method), params: { id: 'x', shipOrderId: 'x' } });
      expect(res.statusCode, `${route.method} ${route.path}`).toBe(403);
      expectRefusal(res);
    }
  });

  it('a revoked key, or a forged one, is refused 401 by every route that needs a session', async () => {
    const { key, apiKey } = await createApiKey(world.owner.id, { name: 'Soon revoked', scopes: ['read', 'labels', 'wallet'] });
    await revokeApiKey(world.owner.id, apiKey.id);
    const forged = `psk_live_${key.slice(9, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    for (const route of guarded) {
      for (const token of [key, forged]) {
        const res = await invoke(`${route.method} ${route.path}` as RouteKey, { token, body: bodyOf(route.method), params: { id: 'x', shipOrderId: 'x' } });
        expect(res.statusCode, `${route.method} ${route.path}`).toBe(401);
      }
    }
  });

  it('a key acts as its account with the plain user role, whatever the role of the person who made it', async () => {
    const { key } = await createApiKey(world.admin.id, { name: 'Admin orders', scopes: ['read'] });
    const res = await invoke('GET /shipping/orders', { token: key });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(world.owner.id);
  });
});
