import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { logger } from '../../../functions/observability/logger';
import { resetConfigForTests } from '../../../functions/config';
import { Conflict, InsufficientBalance, NotFound, TooManyAttempts } from '../../../functions/errors';
import { api, Reply, type ApiHandler, type ApiRequest } from '../../../functions/http/handler';
import { findRoute, type Route, type RouteKey } from '../../../domain/api/routes';

/** The factory by route key, without the contract's answer types: these tests answer shapes of their own. */
const anyApi = <K extends RouteKey>(key: K, fn: (req: ApiRequest<K>) => Promise<unknown>): ApiHandler =>
  (api as unknown as (entry: Route, fn: (req: ApiRequest<K>) => Promise<unknown>) => ApiHandler)(findRoute(key), fn);
import { signSessionToken } from '../../../functions/http/tokens';
import { apiEvent, call } from './api-event';

// Sessions are the factory's business, tested against DynamoDB Local (test/integration/handlers/auth/sessions.test.ts).
vi.mock('../../../functions/data/sessions', async (original) => (await import('./live-sessions')).liveSessionsModule(original));

// Admin claims are checked against the stored account: a1 is an admin in the (mocked) table.
const ddb = mockClient(DynamoDBDocumentClient);
const storedAdmin = { pk: 'USER#a1', sk: 'PROFILE', id: 'a1', name: 'Ada', email: 'ada@example.com', role: 'admin', verified: true, balanceCents: 0 };
beforeEach(() => {
  ddb.reset();
  // The more specific answer is given last: the mock uses the latest that matches.
  ddb.on(GetCommand).resolves({});
  ddb.on(GetCommand, { Key: { pk: 'USER#a1', sk: 'PROFILE' } }).resolves({ Item: storedAdmin });
});

const goodLogin = { email: 'a@b.co', password: 'secret1', recaptchaToken: 'ok' };
const json = { 'content-type': 'application/json' };

const echoLogin = anyApi('POST /auth/login', async ({ body }) => ({ got: body.email }));
const profile = anyApi('GET /auth/profile', async ({ auth }) => ({ userId: auth.userId }));
const users = anyApi('GET /auth/users', async () => ({ ok: true }));

const bearer = async (claims: Parameters<typeof signSessionToken>[0]) => ({
  authorization: `Bearer ${await signSessionToken(claims)}`,
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  resetConfigForTests();
});

describe('body parsing and validation', () => {
  it('passes the validated body to the handler and answers 200 JSON', async () => {
    const res = await call(echoLogin, apiEvent({ method: 'POST', headers: json, body: JSON.stringify({ ...goodLogin, extra: 1 }) }));
    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ got: 'a@b.co' });
    expect(res.headers?.['cache-control']).toBe('no-store');
  });

  it('answers 400 with a message for malformed JSON', async () => {
    const res = await call(echoLogin, apiEvent({ method: 'POST', headers: json, body: '{"email":' }));
    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Request body must be valid JSON' });
  });

  it('answers 400 with the field messages when the schema fails', async () => {
    const res = await call(echoLogin, apiEvent({ method: 'POST', headers: json, body: JSON.stringify({ email: 'x', password: '1' }) }));
    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({
      message: 'Invalid email format',
      fields: {
        email: 'Invalid email format',
        password: 'Password must be at least 6 characters',
        recaptchaToken: "Please verify you're not a robot",
      },
    });
  });

  it('treats a missing body as {} so the caller learns what is required', async () => {
    const res = await call(echoLogin, apiEvent({ method: 'POST' }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json?.fields as object)).toEqual(['email', 'password', 'recaptchaToken']);
  });

  it('answers 400 for a JSON body that is not an object', async () => {
    const res = await call(echoLogin, apiEvent({ method: 'POST', headers: json, body: '[1,2]' }));
    expect(res.statusCode).toBe(400);
  });

  it('answers 415 for a body that is not JSON', async () => {
    const res = await call(echoLogin, apiEvent({ method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hi' }));
    expect(res.statusCode).toBe(415);
  });

  it('reads a base64-encoded body', async () => {
    const body = Buffer.from(JSON.stringify(goodLogin)).toString('base64');
    const res = await call(echoLogin, apiEvent({ method: 'POST', headers: json, body, isBase64Encoded: true }));
    expect(res.json).toEqual({ got: 'a@b.co' });
  });

  it('normalises header case before reading the content type', async () => {
    const res = await call(echoLogin, apiEvent({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(goodLogin) }));
    expect(res.statusCode).toBe(200);
  });
});

describe('access levels from the route table', () => {
  it('refuses a user route without a token (401)', async () => {
    const res = await call(profile, apiEvent({}));
    expect(res.statusCode).toBe(401);
    expect(res.json).toEqual({ message: 'Please sign in' });
  });

  it('refuses a forged token (401)', async () => {
    const token = await signSessionToken({ userId: 'u1', role: 'user', scope: 'full', sessionId: 's1' });
    const forged = token.slice(0, -3) + (token.endsWith('AAA') ? 'BBB' : 'AAA');
    const res = await call(profile, apiEvent({ headers: { authorization: `Bearer ${forged}` } }));
    expect(res.statusCode).toBe(401);
  });

  it('refuses an unsigned alg:none token (401)', async () => {
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: 'u1', role: 'admin', scope: 'full', iss: 'prepaidship', aud: 'prepaidship-api' })}.`;
    const res = await call(users, apiEvent({ headers: { authorization: `Bearer ${none}` } }));
    expect(res.statusCode).toBe(401);
  });

  it('refuses a sign-in token that has not passed the code step (403)', async () => {
    const res = await call(profile, apiEvent({ headers: await bearer({ userId: 'u1', role: 'user', scope: 'otp', sessionId: 's1' }) }));
    expect(res.statusCode).toBe(403);
  });

  it('gives a verified user the session', async () => {
    const res = await call(profile, apiEvent({ headers: await bearer({ userId: 'u1', role: 'user', scope: 'full', sessionId: 's1' }) }));
    expect(res.json).toEqual({ userId: 'u1' });
  });

  it('refuses a user on an admin route (403) and lets an admin in', async () => {
    expect((await call(users, apiEvent({ headers: await bearer({ userId: 'u1', role: 'user', scope: 'full', sessionId: 's1' }) }))).statusCode).toBe(403);
    expect((await call(users, apiEvent({ headers: await bearer({ userId: 'a1', role: 'admin', scope: 'full', sessionId: 's1' }) }))).statusCode).toBe(200);
  });

  it('trusts an admin claim only while the stored account is an admin (403 once demoted or gone)', async () => {
    ddb.on(GetCommand, { Key: { pk: 'USER#a1', sk: 'PROFILE' } }).resolves({ Item: { ...storedAdmin, role: 'user' } });
    expect((await call(users, apiEvent({ headers: await bearer({ userId: 'a1', role: 'admin', scope: 'full', sessionId: 's1' }) }))).statusCode).toBe(403);
    expect((await call(users, apiEvent({ headers: await bearer({ userId: 'gone', role: 'admin', scope: 'full', sessionId: 's1' }) }))).statusCode).toBe(403);
  });

  it('takes the access level from the table, not from the handler', () => {
    expect(profile.route.access).toBe('user');
    expect(users.route.access).toBe('admin');
    expect(() => anyApi('GET /nowhere' as never, async () => ({}))).toThrow(/No route GET \/nowhere/);
  });
});

describe('error mapping', () => {
  it.each([
    [new NotFound('No such order'), 404],
    [new Conflict('Email already registered'), 409],
    [new InsufficientBalance(), 402],
    [new TooManyAttempts('Too many tries'), 429],
  ])('maps %s to %i with its message', async (err, status) => {
    const h = anyApi('GET /api/counter', async () => {
      throw err;
    });
    const res = await call(h, apiEvent({}));
    expect(res.statusCode).toBe(status);
    expect(res.json).toEqual({ message: err.message });
  });

  it('answers a short balance with what a card would pay, and only that extra field', async () => {
    const h = anyApi('GET /api/counter', async () => {
      throw new InsufficientBalance(undefined, 350);
    });
    const res = await call(h, apiEvent({}));
    expect(res.statusCode).toBe(402);
    expect(res.json).toEqual({ message: 'Insufficient balance', shortfallCents: 350 });
  });

  it('hides an unexpected error behind a plain 500 and logs it with the request id', async () => {
    // The level is read once, when the process's logger is made; children made later inherit it.
    logger.setLogLevel('ERROR');
    onTestFinished(() => logger.setLogLevel('SILENT'));
    const lines: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true));
    const h = anyApi('GET /api/counter', async () => {
      throw new Error('ConditionalCheckFailed on pk USER#secret');
    });
    const res = await call(h, apiEvent({}));
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toMatch(/secret|ConditionalCheck|at .*\.ts/);
    expect(res.json).toEqual({ message: 'Something went wrong. Please try again.', requestId: 'req-test-1' });
    expect(res.headers?.['x-request-id']).toBe('req-test-1');
    const logged = JSON.parse(lines.join('').trim().split('\n').at(-1) as string);
    // Powertools' JSON line: the service, the route and request ids, and the error with its stack.
    expect(logged).toMatchObject({
      level: 'ERROR',
      service: 'prepaidship',
      message: 'unhandled error',
      requestId: 'req-test-1',
      route: 'GET /api/counter',
      error: { name: 'Error', message: expect.stringContaining('secret'), stack: expect.stringContaining('handler-factory.test.ts') },
    });
  });
});

describe('Reply', () => {
  it('sends another status and headers', async () => {
    const h = anyApi('GET /api/counter', async () => new Reply(201, { ok: 1 }, { location: '/x' }));
    const res = await call(h, apiEvent({}));
    expect(res.statusCode).toBe(201);
    expect(res.headers?.location).toBe('/x');
  });

  it('sends binary bodies base64-encoded', async () => {
    const h = anyApi('GET /api/counter', async () => Reply.binary(new Uint8Array([37, 80, 68, 70]), 'application/pdf'));
    const res = await call(h, apiEvent({}));
    expect(res.isBase64Encoded).toBe(true);
    expect(Buffer.from(res.body as string, 'base64').toString()).toBe('%PDF');
    expect(res.headers?.['content-type']).toBe('application/pdf');
  });
});
