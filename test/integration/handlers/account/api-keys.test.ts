/**
 * API keys against DynamoDB Local, through the real handlers: the three /account/api-keys routes
 * (the answer, and the record, lookup and count items as stored), and a key used as
 * `Authorization: Bearer` on the routes it reaches: a label bought end to end from the wallet, a
 * revoked key refused at once, scopes and the routes no key reaches refused 403, lastUsedAt kept,
 * and the per-key rate answered 429 with Retry-After.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { resetConfigForTests } from '../../../../functions/config';
import { db, tableName } from '../../../../functions/data/client';
import { createApiKey, hashApiKey, LAST_USED_EVERY_MS, touchApiKey, findApiKey } from '../../../../functions/data/api-keys';
import { getUserById } from '../../../../functions/data/users';
import { getOrder } from '../../../../functions/data/orders';
import { MAX_LIVE_API_KEYS } from '../../../../domain/api-keys';
import { idempotencyKey, invoke, labelOrder, newAccount, scanTable, type Account } from '../../security/actors';
import { expectVerifiedUserOnly } from '../answers';
import { changesOf, withoutWrites } from '../table-changes';
import { creditWallet } from '../../wallet-credit';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const KEY_TEXT = /^psk_test_[A-Za-z0-9_-]{43}$/;

let ann: Account;
let bob: Account;
beforeEach(async () => {
  [ann, bob] = await Promise.all([newAccount('user', 'keys'), newAccount('user', 'keys')]);
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetConfigForTests();
});

const create = (body: unknown, token: string | null = ann.token) => invoke('POST /account/api-keys', { token: token ?? undefined, body });
const list = (token: string | undefined = ann.token) => invoke('GET /account/api-keys', { token });
const revoke = (id: string, token: string | undefined = ann.token) => invoke('DELETE /account/api-keys/{id}', { token, params: { id } });
const get = async (pk: string, sk: string) => (await db.send(new GetCommand({ TableName: tableName(), Key: { pk, sk }, ConsistentRead: true }))).Item;
/** A key of Ann's with these scopes, made through the route. */
async function keyOf(scopes: string[], account: Account = ann): Promise<{ key: string; id: string }> {
  const res = await create({ name: `Key ${scopes.join(' ')}`, scopes }, account.token);
  expect(res.statusCode, res.body).toBe(201);
  const answer = res.json as unknown as { key: string; apiKey: { id: string } };
  return { key: answer.key, id: answer.apiKey.id };
}
const quoteBody = () => {
  const { labelType: _l, paymentMethod: _p, ...parcel } = labelOrder() as Record<string, unknown>;
  return parcel;
};

describe('POST /account/api-keys', () => {
  it('answers the key once with its record, and stores only its hash: the record, the lookup item and the live count', async () => {
    const { result: res, written } = await changesOf(() => create({ name: '  Shop sync ', scopes: ['read', 'labels'] }));

    expect(res.statusCode, res.body).toBe(201);
    const { key, apiKey } = res.json as unknown as { key: string; apiKey: Record<string, unknown> };
    expect(key).toMatch(KEY_TEXT);
    expect(apiKey).toEqual({
      id: expect.stringMatching(ULID),
      name: 'Shop sync',
      scopes: ['read', 'labels'],
      prefix: key.slice(0, 13),
      createdAt: expect.any(String),
    });
    const hash = hashApiKey(key);
    expect(await get(`USER#${ann.id}`, `APIKEY#${apiKey.id as string}`)).toEqual({
      pk: `USER#${ann.id}`,
      sk: `APIKEY#${apiKey.id as string}`,
      entity: 'apiKey',
      ...apiKey,
      hash,
    });
    expect(await get(`APIKEY#${hash}`, 'APIKEY')).toEqual({
      pk: `APIKEY#${hash}`,
      sk: 'APIKEY',
      entity: 'apiKeyLookup',
      id: apiKey.id,
      accountId: ann.id,
      name: 'Shop sync',
      scopes: ['read', 'labels'],
    });
    expect(await get(`USER#${ann.id}`, 'APIKEYS')).toMatchObject({ live: 1 });
    expect(written).toHaveLength(3);
    // The key's secret part is nowhere in the table.
    expect((await scanTable()).join('\n')).not.toContain(key.slice(9));
  });

  it(`refuses a live key past ${MAX_LIVE_API_KEYS} with 409, writing nothing; a revoked key frees its place`, async () => {
    await Promise.all(Array.from({ length: MAX_LIVE_API_KEYS }, (_, i) => createApiKey(ann.id, { name: `k${i}`, scopes: ['read'] })));
    const { result: refused, written } = await changesOf(() => create({ name: 'One more', scopes: ['read'] }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json).toEqual({ message: `An account may hold at most ${MAX_LIVE_API_KEYS} live API keys. Revoke one first.` });
    expect(written).toEqual([]);

    const first = ((await list()).json as unknown as { id: string }[])[0]!;
    expect((await revoke(first.id)).statusCode).toBe(200);
    expect((await create({ name: 'One more', scopes: ['read'] })).statusCode).toBe(201);
  });

  it('is for verified people only, and no key reaches it', async () => {
    await expectVerifiedUserOnly((token) => create({ name: 'x', scopes: ['read'] }, token), ann.otpToken);
    const { key } = await keyOf(['read', 'labels', 'wallet']);
    const res = await create({ name: 'Made by a key', scopes: ['read'] }, key);
    expect(res.statusCode).toBe(403);
    expect(res.json).toEqual({ message: 'API keys cannot call this route' });
  });

  it('makes psk_live_ keys when labels are real postage (the EasyPost carrier)', async () => {
    vi.stubEnv('CARRIER_PROVIDER', 'easypost');
    vi.stubEnv('EASYPOST_API_KEY', 'EZAK-test');
    resetConfigForTests();
    const { key } = await createApiKey(ann.id, { name: 'Live', scopes: ['read'] });
    expect(key).toMatch(/^psk_live_[A-Za-z0-9_-]{43}$/);
  });
});

describe('GET /account/api-keys', () => {
  it("lists the account's keys newest first, revoked ones marked, never the key nor its hash, and nothing of another account's", async () => {
    const older = await keyOf(['read']);
    const newer = await keyOf(['labels']);
    await keyOf(['read'], bob);
    await revoke(older.id);

    const res = await withoutWrites(() => list());
    expect(res.statusCode).toBe(200);
    const keys = res.json as unknown as Record<string, unknown>[];
    expect(keys.map((k) => k.id)).toEqual([newer.id, older.id]);
    expect(keys[1]).toMatchObject({ revokedAt: expect.any(String) });
    expect(keys[0]).not.toHaveProperty('revokedAt');
    for (const { key } of [older, newer]) {
      expect(res.body).not.toContain(key);
      expect(res.body).not.toContain(hashApiKey(key));
    }
    expect(res.body).not.toContain('hash');
  });
});

describe('DELETE /account/api-keys/{id}', () => {
  it('revokes at once: the next request with the key answers 401, and the record says when', async () => {
    const { key, id } = await keyOf(['read']);
    expect((await invoke('GET /shipping/orders', { token: key })).statusCode).toBe(200);

    const res = await revoke(id);
    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ message: 'API key revoked' });

    const after = await invoke('GET /shipping/orders', { token: key });
    expect(after.statusCode).toBe(401);
    expect(after.json).toEqual({ message: 'This API key is not valid or has been revoked' });
    expect(await get(`APIKEY#${hashApiKey(key)}`, 'APIKEY')).toBeUndefined();
    expect(await get(`USER#${ann.id}`, `APIKEY#${id}`)).toMatchObject({ revokedAt: expect.any(String), expiresAt: expect.any(Number) });
    expect(await get(`USER#${ann.id}`, 'APIKEYS')).toMatchObject({ live: 0 });
  });

  it("answers 404 for another account's key (which keeps working) and for an unknown id; revoking twice changes nothing", async () => {
    const bobs = await keyOf(['read'], bob);
    const refused = await withoutWrites(() => revoke(bobs.id));
    expect(refused.statusCode).toBe(404);
    expect(refused.json).toEqual({ message: 'API key not found' });
    expect((await invoke('GET /shipping/orders', { token: bobs.key })).statusCode).toBe(200);
    expect((await revoke('not-a-ulid')).statusCode).toBe(404);
    expect((await revoke('01JBQ7Y3K5N6P8R9S0T1V2W3X4')).statusCode).toBe(404);

    const mine = await keyOf(['read']);
    expect((await revoke(mine.id)).statusCode).toBe(200);
    const again = await withoutWrites(() => revoke(mine.id));
    expect(again.statusCode).toBe(200);
  });
});

describe('a key in Authorization: Bearer', () => {
  it('buys a label end to end: a quote, then the purchase from the wallet, as the key’s account', async () => {
    await creditWallet(ann, 2000);
    const { key, id } = await keyOf(['labels', 'read']);

    const quote = await invoke('POST /shipping/rates', { token: key, body: quoteBody() });
    expect(quote.statusCode, quote.body).toBe(200);
    const quoteId = quote.json?.quoteId as string;
    const rows = quote.json?.rates as { service: string; priceCents: number; available: boolean }[];
    const row = rows.find((r) => r.service === 'usps_priority')!;

    const bought = await invoke('POST /shipping/create-label', {
      token: key,
      headers: { 'idempotency-key': idempotencyKey() },
      body: labelOrder({ quoteId }),
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const label = bought.json?.label as { shipOrderId: string; priceCents: number; status: string };
    expect(label.priceCents).toBe(row.priceCents);
    expect(bought.json?.balanceCents).toBe(2000 - row.priceCents);
    expect((await getUserById(ann.id))?.balanceCents).toBe(2000 - row.priceCents);
    expect(await getOrder(ann.id, label.shipOrderId)).toMatchObject({ priceCents: row.priceCents });

    const orders = await invoke('GET /shipping/orders', { token: key });
    expect(JSON.stringify(orders.json)).toContain(label.shipOrderId);

    // The ledger names the key that spent, on the debit the owner reads.
    const entries = await invoke('GET /hoodpay/transactions', { token: ann.token });
    const debit = (entries.json?.data as { orderId: string | null; type: string; actedBy?: unknown }[]).find(
      (e) => e.orderId === label.shipOrderId && e.type === 'label',
    );
    expect(debit?.actedBy).toEqual({ id: `apikey:${id}`, name: 'API key Key labels read', email: '' });
  });

  it('answers 403 naming the scope a route needs that the key lacks, before the handler runs', async () => {
    const { key } = await keyOf(['read']);
    const res = await withoutWrites(() =>
      invoke('POST /shipping/create-label', { token: key, headers: { 'idempotency-key': idempotencyKey() }, body: labelOrder() }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json).toEqual({ message: 'This API key lacks the labels scope' });

    const labelsOnly = await keyOf(['labels']);
    const read = await invoke('GET /shipping/orders', { token: labelsOnly.key });
    expect(read.statusCode).toBe(403);
    expect(read.json).toEqual({ message: 'This API key lacks the read scope' });
    const topUp = await invoke('POST /hoodpay/topup', { token: labelsOnly.key, body: { amount: 20 } });
    expect(topUp.json).toEqual({ message: 'This API key lacks the wallet scope' });
  });

  it("never reaches the person's profile, sessions, keys, the code step or admin routes (403), even with every scope", async () => {
    const admin = await newAccount('admin', 'keys');
    const adminsKey = (await createApiKey(admin.id, { name: 'Admin script', scopes: ['read', 'labels', 'wallet'] })).key;
    const { key } = await keyOf(['read', 'labels', 'wallet']);
    for (const [route, token] of [
      ['GET /auth/profile', key],
      ['GET /auth/sessions', key],
      ['POST /auth/logout', key],
      ['GET /account/api-keys', key],
      ['GET /admin/stats', adminsKey],
      ['GET /auth/users', adminsKey],
    ] as const) {
      const res = await invoke(route, { token });
      expect(res.statusCode, route).toBe(403);
      expect(res.json, route).toEqual({ message: 'API keys cannot call this route' });
    }
    const code = await invoke('POST /auth/verify-otp', { token: key, body: { email: ann.email, otp: '123456' } });
    expect(code.statusCode).toBe(403);
  });

  it('answers 401 for text shaped like a key that is none, and for a key of the wrong shape', async () => {
    for (const token of [`psk_live_${'A'.repeat(43)}`, 'psk_test_short', `psk_other_${'A'.repeat(43)}`]) {
      const res = await invoke('GET /shipping/orders', { token });
      expect(res.statusCode, token).toBe(401);
      expect(res.json).toEqual({ message: 'This API key is not valid or has been revoked' });
    }
  });

  it('records its last use on the record the list shows, at most once a minute', async () => {
    const { key, id } = await keyOf(['read']);
    const before = Date.now();
    expect((await invoke('GET /shipping/orders', { token: key })).statusCode).toBe(200);
    const first = (await get(`USER#${ann.id}`, `APIKEY#${id}`))?.lastUsedAt as string;
    expect(Date.parse(first)).toBeGreaterThanOrEqual(before - 1000);
    expect(((await list()).json as unknown as { lastUsedAt?: string }[])[0]?.lastUsedAt).toBe(first);

    // Within the minute: nothing rewritten.
    expect((await invoke('GET /shipping/orders', { token: key })).statusCode).toBe(200);
    expect((await get(`USER#${ann.id}`, `APIKEY#${id}`))?.lastUsedAt).toBe(first);

    // A minute on: written again, on both items.
    const presented = (await findApiKey(key))!;
    const later = Date.parse(first) + LAST_USED_EVERY_MS + 1000;
    await touchApiKey(presented, key, later);
    expect((await get(`USER#${ann.id}`, `APIKEY#${id}`))?.lastUsedAt).toBe(new Date(later).toISOString());
    expect((await get(`APIKEY#${hashApiKey(key)}`, 'APIKEY'))?.lastUsedAt).toBe(new Date(later).toISOString());
  });

  it('answers 429 with Retry-After past its requests a minute, and another key of the account goes on', { timeout: 30_000 }, async () => {
    vi.stubEnv('API_KEY_REQUESTS_PER_MINUTE', '3');
    resetConfigForTests();
    const { key } = await keyOf(['read']);
    const other = await keyOf(['read']);
    // The four calls fall in one minute's window: not in its last seconds.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 10_000) await new Promise((r) => setTimeout(r, left + 100));
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await invoke('GET /shipping/orders', { token: key }));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429]);
    const last = answers[3]!;
    const wait = Number(last.headers?.['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(last.json?.message).toMatch(/^Too many requests with this API key\. Try again in \d+ (second|seconds|minute)\.$/);
    expect((await invoke('GET /shipping/orders', { token: other.key })).statusCode).toBe(200);
    // The session of the same account is not counted with the key.
    expect((await invoke('GET /shipping/orders', { token: ann.token })).statusCode).toBe(200);
  });
});
