/**
 * Session tokens an attacker can make without the server's key are refused: expired, signed with
 * another key, `alg: none`, another HMAC size, RS256 over the HMAC secret, claims edited after
 * signing (role, scope, subject, expiry), wrong issuer or audience, missing or unknown claims. Both
 * at the verifier and through the handler factory, where a refused token must never reach the
 * handler's code. Every case starts from a token the server accepts (the control), so each refusal
 * is the tampering's doing.
 */
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { config } from '../../../functions/config';
import { api, type ApiHandler, type ApiRequest } from '../../../functions/http/handler';
import { findRoute, type Route, type RouteKey } from '../../../domain/api/routes';

/** The factory without the contract's answer types: these tests answer shapes of their own. */
const anyApi = (key: RouteKey, fn: (req: ApiRequest<RouteKey>) => Promise<unknown>): ApiHandler =>
  (api as unknown as (entry: Route, fn: (req: ApiRequest<RouteKey>) => Promise<unknown>) => ApiHandler)(findRoute(key), fn);
import { signSessionToken, verifySessionToken, type SessionClaims } from '../../../functions/http/tokens';
import { apiEvent, call } from '../functions/api-event';

// Sessions are the factory's business, tested against DynamoDB Local (test/integration/handlers/auth/sessions.test.ts).
vi.mock('../../../functions/data/sessions', async (original) => (await import('../functions/live-sessions')).liveSessionsModule(original));

const USER: SessionClaims = { userId: '01JA0000000000000000000001', role: 'user', scope: 'full', sessionId: 's1' };

// The factory checks an admin claim against the stored account: here that account is an admin, so
// only the token itself decides (mocked table, no DynamoDB).
const ddb = mockClient(DynamoDBDocumentClient);
beforeEach(() => {
  ddb.reset();
  ddb.on(GetCommand).resolves({
    Item: { pk: `USER#${USER.userId}`, sk: 'PROFILE', id: USER.userId, name: 'Ann', email: 'ann@example.com', role: 'admin', verified: true, balanceCents: 0 },
  });
});
const AUDIENCE = 'prepaidship-api';
const key = (secret = config().JWT_SECRET) => new TextEncoder().encode(secret);

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const parts = (token: string) => {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString()) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>,
    signature,
  };
};
/** The token with its payload (or header) edited and the original signature kept: what editing a stored token gives. */
const edited = (token: string, change: { payload?: Record<string, unknown>; header?: Record<string, unknown> }) => {
  const p = parts(token);
  return `${b64({ ...p.header, ...change.header })}.${b64({ ...p.payload, ...change.payload })}.${p.signature}`;
};

/** A token with the server's claims layout, signed as told. */
async function signed(
  options: { claims?: Record<string, unknown>; alg?: string; secret?: string; exp?: string | number; iss?: string; aud?: string; sub?: string | null } = {},
) {
  const jwt = new SignJWT({ role: 'user', scope: 'full', sid: USER.sessionId, ...options.claims })
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
    .setIssuer(options.iss ?? config().JWT_ISSUER)
    .setAudience(options.aud ?? AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(options.exp ?? '1h');
  if (options.sub !== null) jwt.setSubject(options.sub ?? USER.userId);
  return jwt.sign(key(options.secret));
}

describe('session tokens an attacker can make are refused', () => {
  it('control: the server accepts its own token and a token made like it with its key', async () => {
    expect(await verifySessionToken(await signSessionToken(USER))).toEqual(USER);
    expect(await verifySessionToken(await signed())).toEqual(USER);
  });

  it('refuses an expired token', async () => {
    expect(await verifySessionToken(await signed({ exp: Math.floor(Date.now() / 1000) - 1 }))).toBeUndefined();
  });

  it('refuses a token signed with another key', async () => {
    expect(await verifySessionToken(await signed({ secret: 'another-secret-another-secret-0123456789' }))).toBeUndefined();
  });

  it('refuses alg none, with or without the original signature', async () => {
    const good = await signSessionToken({ ...USER, role: 'admin' });
    const p = parts(good);
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(p.payload)}.`;
    expect(await verifySessionToken(none)).toBeUndefined();
    expect(await verifySessionToken(`${none}${p.signature}`)).toBeUndefined();
    expect(await verifySessionToken(edited(good, { header: { alg: 'none' } }))).toBeUndefined();
    expect(await verifySessionToken(edited(good, { header: { alg: 'NONE' } }))).toBeUndefined();
  });

  it('refuses other algorithms even with the right key (HS384, HS512), and RS256 over the HMAC secret', async () => {
    expect(await verifySessionToken(await signed({ alg: 'HS384' }))).toBeUndefined();
    expect(await verifySessionToken(await signed({ alg: 'HS512' }))).toBeUndefined();
    expect(await verifySessionToken(edited(await signed(), { header: { alg: 'RS256' } }))).toBeUndefined();
  });

  it('refuses a user token edited to role admin without re-signing (and every other edited claim)', async () => {
    const user = await signSessionToken(USER);
    const otp = await signSessionToken({ ...USER, scope: 'otp', sessionId: 's1' });
    expect(await verifySessionToken(edited(user, { payload: { role: 'admin' } }))).toBeUndefined();
    expect(await verifySessionToken(edited(otp, { payload: { scope: 'full' } }))).toBeUndefined();
    expect(await verifySessionToken(edited(user, { payload: { sub: '01JA0000000000000000000002' } }))).toBeUndefined();
    expect(await verifySessionToken(edited(user, { payload: { exp: 4_102_444_800 } }))).toBeUndefined();
    expect(await verifySessionToken(edited(user, { payload: { sid: 'another-session' } }))).toBeUndefined();
    expect(await verifySessionToken(edited(user, { header: { kid: '../../dev/null', jku: 'https://evil.example/jwks' } }))).toBeUndefined();
  });

  it("refuses a token for another issuer or audience, and claims outside the server's vocabulary", async () => {
    expect(await verifySessionToken(await signed({ iss: 'someone-else' }))).toBeUndefined();
    expect(await verifySessionToken(await signed({ aud: 'another-api' }))).toBeUndefined();
    expect(await verifySessionToken(await signed({ claims: { role: 'superadmin' } }))).toBeUndefined();
    expect(await verifySessionToken(await signed({ claims: { role: ['admin'] } }))).toBeUndefined();
    expect(await verifySessionToken(await signed({ claims: { scope: 'root' } }))).toBeUndefined();
    expect(await verifySessionToken(await signed({ claims: { scope: undefined } }))).toBeUndefined();
    expect(await verifySessionToken(await signed({ sub: null }))).toBeUndefined();
    // A token that names no session (as every token did before sessions were stored) is refused.
    expect(await verifySessionToken(await signed({ claims: { sid: undefined } }))).toBeUndefined();
    expect(await verifySessionToken(await signed({ claims: { sid: 42 } }))).toBeUndefined();
  });

  it('refuses rubbish', async () => {
    for (const t of ['', '.', '..', 'a.b.c', 'eyJhbGciOiJIUzI1NiJ9', 'null', '{}', 'Bearer x']) expect(await verifySessionToken(t)).toBeUndefined();
  });

  it('refuses any change to the bytes of a valid admin token (property)', async () => {
    const good = await signSessionToken({ ...USER, role: 'admin' });
    const decoded = (t: string) => t.split('.').map((s) => Buffer.from(s, 'base64url').toString('hex'));
    await fc.assert(
      fc.asyncProperty(fc.nat(good.length - 1), fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.'), async (at, ch) => {
        const token = good.slice(0, at) + ch + good.slice(at + 1);
        // base64url's last character has spare bits: a change there may decode to the same bytes (the same token).
        fc.pre(decoded(token).join('.') !== decoded(good).join('.'));
        expect(await verifySessionToken(token)).toBeUndefined();
      }),
      { numRuns: 200 },
    );
  });
});

describe('the handler factory with forged tokens', () => {
  let reached = 0;
  const users = anyApi('GET /auth/users', async () => {
    reached++;
    return { ok: true };
  });
  const profile = anyApi('GET /auth/profile', async () => {
    reached++;
    return { ok: true };
  });
  const get = (handler: typeof users, authorization?: string) => call(handler, apiEvent({ headers: authorization === undefined ? {} : { authorization } }));

  it('answers 401 to every forged token and never runs the handler', async () => {
    const admin = await signSessionToken({ ...USER, role: 'admin' });
    const user = await signSessionToken(USER);
    const forged = [
      edited(user, { payload: { role: 'admin' } }),
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...parts(admin).payload })}.`,
      await signed({ claims: { role: 'admin' }, secret: 'another-secret-another-secret-0123456789' }),
      await signed({ claims: { role: 'admin' }, exp: Math.floor(Date.now() / 1000) - 1 }),
      await signed({ claims: { role: 'admin' }, alg: 'HS512' }),
    ];
    for (const token of forged) {
      for (const handler of [users, profile]) {
        const res = await get(handler, `Bearer ${token}`);
        expect(res.statusCode).toBe(401);
        expect(res.json).toEqual({ message: 'Please sign in' });
      }
    }
    expect(reached).toBe(0);
  });

  it('answers 401 to a token sent any other way than "Bearer <token>"', async () => {
    const admin = await signSessionToken({ ...USER, role: 'admin' });
    for (const authorization of [undefined, '', admin, `Basic ${admin}`, `Bearer`, `Bearer ${admin} ${admin}`, `Bearer ${admin},x`, `Token ${admin}`]) {
      expect((await get(users, authorization)).statusCode, String(authorization).slice(0, 20)).toBe(401);
    }
    // Not from a cookie or the query string either.
    const viaCookie = await call(users, { ...apiEvent({}), cookies: [`token=${admin}`], queryStringParameters: { token: admin } });
    expect(viaCookie.statusCode).toBe(401);
    expect(reached).toBe(0);
  });

  it('control: the genuine tokens get through, each only as far as its role and scope allow', async () => {
    expect((await get(users, `Bearer ${await signSessionToken({ ...USER, role: 'admin' })}`)).statusCode).toBe(200);
    expect((await get(users, `Bearer ${await signSessionToken(USER)}`)).statusCode).toBe(403);
    expect((await get(profile, `Bearer ${await signSessionToken({ ...USER, scope: 'otp', sessionId: 's1' })}`)).statusCode).toBe(403);
    expect(reached).toBe(1);
  });
});
