/**
 * GET, POST and DELETE /auth/addresses against DynamoDB Local: the answer, and the address and its
 * claim (the item that makes one place unique per user) as stored. Refusals leave the table as it was.
 */
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../../../functions/data/client';
import { saveAddress } from '../../../../functions/data/addresses';
import { installFaultInjector } from '../../reliability/helpers';
import { invoke, newAccount, type Account } from '../../security/actors';
import { HIDDEN_500, expectVerifiedUserOnly } from '../answers';
import { changesOf, withoutWrites } from '../table-changes';

const ADDRESS = { name: 'Ann Lee', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };
/** The claim's sort key, computed here from its definition (sha256 of the five place fields, trimmed, spaces collapsed, lower-cased). */
const claimOf = (place: string) => `ADDRKEY#${createHash('sha256').update(place).digest('hex')}`;
const ADDRESS_CLAIM = claimOf('1 main st|austin|tx|78701|us');
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const DUPLICATE = { message: 'This address is already saved.' };
const NOT_FOUND = { message: 'Address not found' };

/** A cancelled transaction as DynamoDB reports it, one reason per item. */
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({ message: 'Transaction cancelled (injected)', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });

const faults = installFaultInjector();
let ann: Account;
let bob: Account;
beforeEach(async () => {
  [ann, bob] = await Promise.all([newAccount('user', 'addr'), newAccount('user', 'addr')]);
});
afterEach(() => {
  faults.stop();
  vi.useRealTimers();
});

/** `null`: no token at all. */
type Token = string | null;
const save = (body: unknown, token: Token = ann.token) => invoke('POST /auth/addresses', { token: token ?? undefined, body });
const list = (token: Token = ann.token) => withoutWrites(() => invoke('GET /auth/addresses', { token: token ?? undefined }));
const remove = (id: string, token: Token = ann.token) => invoke('DELETE /auth/addresses/{id}', { token: token ?? undefined, params: { id } });
const items = (lines: string[]) => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
const saved = async (body: unknown = ADDRESS, token = ann.token) => {
  const res = await save(body, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json as { id: string; createdAt: string };
};

describe('POST /auth/addresses', () => {
  it('answers 201 with the address under a new ULID and the time it was saved, stored with its claim', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const now = new Date().toISOString();
    const { result: res, written } = await changesOf(() => save(ADDRESS));

    expect(res.statusCode).toBe(201);
    const id = res.json?.id as string;
    expect(res.json).toEqual({ id: expect.stringMatching(ULID), ...ADDRESS, createdAt: now });
    expect(items(written)).toEqual(
      expect.arrayContaining([
        { pk: `USER#${ann.id}`, sk: ADDRESS_CLAIM, entity: 'addressClaim', addressId: id },
        { pk: `USER#${ann.id}`, sk: `ADDR#${id}`, entity: 'address', claim: ADDRESS_CLAIM, id, ...ADDRESS, createdAt: now },
        // The counter the 200-address limit is kept with, in the same transaction.
        { pk: `USER#${ann.id}`, sk: 'ADDRCOUNT', entity: 'addressCounter', addresses: 1 },
      ]),
    );
    expect(written).toHaveLength(3);
  });

  it('refuses the same place written with other case, spaces and name with 409, writing nothing', async () => {
    await saved();
    const res = await withoutWrites(() => save({ name: 'Home', street: '  1   MAIN st ', city: 'AUSTIN', state: 'tx', zip: ' 78701', country: 'us ' }));

    expect(res.statusCode).toBe(409);
    expect(res.json).toEqual(DUPLICATE);
  });

  it('saves another place (another ZIP) beside the first', async () => {
    await saved();
    await saved({ ...ADDRESS, zip: '78702' });

    expect((await list()).json).toHaveLength(2);
  });

  it('keys the claim and the address under the caller, so another user may save the same place', async () => {
    await saved();
    const { result: res, written } = await changesOf(() => save(ADDRESS, bob.token));

    expect(res.statusCode).toBe(201);
    expect(items(written).map((i) => [i.pk, i.sk])).toEqual(
      expect.arrayContaining([
        [`USER#${bob.id}`, ADDRESS_CLAIM],
        [`USER#${bob.id}`, `ADDR#${res.json?.id as string}`],
      ]),
    );
  });

  it('ignores keys, claim, id and dates sent in the body: the caller cannot choose where the address is written', async () => {
    const { result: res, written } = await changesOf(() =>
      save({ ...ADDRESS, pk: `USER#${bob.id}`, sk: 'PROFILE', claim: 'ADDRKEY#mine', entity: 'user', id: 'chosen', createdAt: '2000-01-01T00:00:00.000Z' }),
    );

    expect(res.statusCode).toBe(201);
    const id = res.json?.id as string;
    expect(id).toMatch(ULID);
    expect(res.json).toEqual({ id, ...ADDRESS, createdAt: expect.not.stringMatching(/^2000/) });
    expect(items(written).map((i) => [i.pk, i.sk, i.entity])).toEqual(
      expect.arrayContaining([
        [`USER#${ann.id}`, ADDRESS_CLAIM, 'addressClaim'],
        [`USER#${ann.id}`, `ADDR#${id}`, 'address'],
      ]),
    );
    expect(written.join()).not.toMatch(/chosen|ADDRKEY#mine|2000-01-01/);
  });

  it('stores and answers a lower-case state upper-case, and the fields trimmed', async () => {
    const { result: res, written } = await changesOf(() => save({ ...ADDRESS, name: ' Ann Lee ', state: 'tx', zip: '78701-1234 ' }));

    expect(res.statusCode).toBe(201);
    expect(res.json).toMatchObject({ name: 'Ann Lee', state: 'TX', zip: '78701-1234' });
    expect(items(written).find((i) => i.entity === 'address')).toMatchObject({ name: 'Ann Lee', state: 'TX', zip: '78701-1234' });
  });

  it('stores and answers the company, second street line and phone (as its ten digits), and lists them', async () => {
    const office = { ...ADDRESS, company: ' Lee Holdings ', street2: 'Suite 300', phone: '+1 (512) 555-0100' };
    const { result: res, written } = await changesOf(() => save(office));

    expect(res.statusCode).toBe(201);
    const stored = { ...ADDRESS, company: 'Lee Holdings', street2: 'Suite 300', phone: '5125550100' };
    expect(res.json).toEqual({ id: expect.stringMatching(ULID), ...stored, createdAt: expect.any(String) });
    // The claim counts the second line: the building's other suites stay free to save.
    const claim = claimOf('1 main st|austin|tx|78701|us|suite 300');
    expect(items(written).find((i) => i.entity === 'address')).toMatchObject({ ...stored, claim });
    expect((await list()).json).toEqual([res.json]);
  });

  it('tells two suites of one building apart by their second line; the same suite again is 409', async () => {
    await saved({ ...ADDRESS, street2: 'Suite 300' });
    await saved({ ...ADDRESS, street2: 'Suite 400' });
    await saved();
    expect((await withoutWrites(() => save({ ...ADDRESS, street2: ' suite   300 ', company: 'Other Co' }))).json).toEqual(DUPLICATE);
    expect((await list()).json).toHaveLength(3);
  });

  it('keeps blank optional fields out of the item and the answer', async () => {
    const { result: res, written } = await changesOf(() => save({ ...ADDRESS, company: '', street2: '  ', phone: '' }));

    expect(res.statusCode).toBe(201);
    expect(res.json).toEqual({ id: expect.any(String), ...ADDRESS, createdAt: expect.any(String) });
    expect(items(written).find((i) => i.entity === 'address')).not.toHaveProperty('phone');
    expect(items(written).find((i) => i.entity === 'address')?.claim).toBe(ADDRESS_CLAIM);
  });

  it('keeps exactly one of 8 concurrent saves of one place; the others answer 409', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => save(ADDRESS)));

    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect((await list()).json).toHaveLength(1);
  });

  it('saves once when a transaction conflict cancels the first try', async () => {
    faults.armOn('TransactWriteItemsCommand', 'conflict');
    const { result: res, written } = await changesOf(() => save(ADDRESS));

    expect(res.statusCode).toBe(201);
    expect(written).toHaveLength(3);
  });

  it('answers a plain 500, writing nothing, for a transaction cancelled for a reason other than the claim (not 409)', async () => {
    faults.armOn('TransactWriteItemsCommand', cancelled('ValidationError', 'None'));
    const res = await withoutWrites(() => save(ADDRESS));

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
  });

  it('answers a plain 500, writing nothing, when DynamoDB throttles the write', async () => {
    faults.armOn('TransactWriteItemsCommand', 'throttling');
    const res = await withoutWrites(() => save(ADDRESS));

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
  });

  it('saves the 200th address, and answers 400 for the 201st without writing; the list shows all 200', async () => {
    for (let i = 0; i < 199; i += 20) {
      await Promise.all(Array.from({ length: Math.min(20, 199 - i) }, (_, j) => saveAddress(ann.id, { ...ADDRESS, street: `${i + j + 100} Main St` })));
    }
    await saved();
    const res = await withoutWrites(() => save({ ...ADDRESS, zip: '78702' }));

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'You can keep at most 200 addresses. Delete one first.' });
    expect((await list()).json).toHaveLength(200);
  });

  it('keeps exactly one of 5 concurrent saves at 199 addresses: the limit holds in the transaction', async () => {
    for (let i = 0; i < 199; i += 20) {
      await Promise.all(Array.from({ length: Math.min(20, 199 - i) }, (_, j) => saveAddress(ann.id, { ...ADDRESS, street: `${i + j + 100} Main St` })));
    }
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => save({ ...ADDRESS, street: `${i + 1} Oak Ave` })));

    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400, 400, 400]);
    expect((await list()).json).toHaveLength(200);
  });

  it('counts the addresses an account saved before the counter existed, once, when it next saves', async () => {
    await saved();
    await saved({ ...ADDRESS, zip: '78702' });
    // As before the counter: the addresses are there, the counter is not.
    await db.send(new DeleteCommand({ TableName: tableName(), Key: { pk: `USER#${ann.id}`, sk: 'ADDRCOUNT' } }));

    const { written } = await changesOf(() => saved({ ...ADDRESS, zip: '78703' }));
    expect(items(written).find((i) => i.sk === 'ADDRCOUNT')).toMatchObject({ addresses: 3 });
  });

  it.each([
    ['an empty body', {}, { name: 'Required', street: 'Required', city: 'Required', state: 'Required', zip: 'Required', country: 'Required' }],
    ['blank fields', { ...ADDRESS, name: '  ', street: '' }, { name: 'Required', street: 'Required' }],
    ['a state that is not a code', { ...ADDRESS, state: 'Texas' }, { state: 'Use a two-letter US state code' }],
    ['an unknown code', { ...ADDRESS, state: 'XX' }, { state: 'Use a two-letter US state code' }],
    ['a 4-digit ZIP', { ...ADDRESS, zip: '7870' }, { zip: 'ZIP must be 5 digits or ZIP+4' }],
    ['a ZIP+3', { ...ADDRESS, zip: '78701-123' }, { zip: 'ZIP must be 5 digits or ZIP+4' }],
    ['a phone of seven digits', { ...ADDRESS, phone: '555-0100' }, { phone: 'Phone must be a 10-digit US number' }],
    ['a company over 100 characters', { ...ADDRESS, company: 'c'.repeat(101) }, { company: 'Must be at most 100 characters' }],
    ['a second line with a line break', { ...ADDRESS, street2: 'Suite 1\nFloor 2' }, { street2: 'Must be on one line' }],
  ])('answers 400 with the field messages for %s, without writing', async (_what, body, fields) => {
    const res = await withoutWrites(() => save(body));

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: Object.values(fields)[0], fields });
  });

  it('answers 400 Required for a body that is not an object', async () => {
    const res = await withoutWrites(() => save(null));

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Required', fields: { _: 'Required' } });
  });

  it('answers 401 without a token and 403 before the code step, without writing', async () => {
    await expectVerifiedUserOnly((token) => withoutWrites(() => save(ADDRESS, token)), ann.otpToken);
  });

  it('answers 415 for a body that is not JSON, without writing', async () => {
    const res = await withoutWrites(() => invoke('POST /auth/addresses', { token: ann.token, raw: 'street=1 Main St', contentType: 'text/plain' }));

    expect(res.statusCode).toBe(415);
  });
});

describe('GET /auth/addresses', () => {
  it("answers the caller's addresses newest first, with only the address fields", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const older = await saved({ name: 'Bo Office', street: '5 Broadway', city: 'New York', state: 'NY', zip: '10001-1234', country: 'US' });
    vi.setSystemTime(Date.now() + 60_000);
    const newest = await saved();
    await saved(ADDRESS, bob.token);
    const res = await list();

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual([
      { id: newest.id, ...ADDRESS, createdAt: newest.createdAt },
      { id: older.id, name: 'Bo Office', street: '5 Broadway', city: 'New York', state: 'NY', zip: '10001-1234', country: 'US', createdAt: older.createdAt },
    ]);
    for (const hidden of ['"pk"', '"sk"', 'claim', 'ADDRKEY#', 'entity', 'USER#']) expect(res.body).not.toContain(hidden);
  });

  it("never answers another user's addresses", async () => {
    await saved(ADDRESS, bob.token);

    expect((await list()).json).toEqual([]);
    expect((await list(bob.token)).json).toHaveLength(1);
  });

  it('answers a plain 500 when DynamoDB throttles the read', async () => {
    faults.armOn('QueryCommand', 'throttling');
    const res = await list();

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
  });

  it('answers 401 without a token and 403 before the code step', async () => {
    await expectVerifiedUserOnly((token) => list(token), ann.otpToken);
  });
});

describe('DELETE /auth/addresses/{id}', () => {
  it('deletes the address and its claim, which frees the place to be saved again', async () => {
    const { id } = await saved();
    const { result: res, written, removed } = await changesOf(() => remove(id));

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ message: 'Address deleted' });
    // The counter moves down (its old version is what `removed` lists beside the two deleted items).
    expect(items(written)).toEqual([{ pk: `USER#${ann.id}`, sk: 'ADDRCOUNT', entity: 'addressCounter', addresses: 0 }]);
    expect(
      items(removed)
        .map((i) => i.sk)
        .sort(),
    ).toEqual([`ADDR#${id}`, ADDRESS_CLAIM, 'ADDRCOUNT'].sort());
    await saved();
  });

  it('deletes the claim the item records, not one recomputed from its fields', async () => {
    const legacy = 'ADDRKEY#written-by-an-older-rule';
    const id = '01JC0000000000000000000001';
    const put = (Item: Record<string, unknown>) => db.send(new PutCommand({ TableName: tableName(), Item }));
    await put({ pk: `USER#${ann.id}`, sk: legacy, entity: 'addressClaim', addressId: id });
    await put({ pk: `USER#${ann.id}`, sk: `ADDR#${id}`, entity: 'address', claim: legacy, id, ...ADDRESS, createdAt: new Date().toISOString() });
    const { removed } = await changesOf(() => remove(id));

    expect(
      items(removed)
        .map((i) => i.sk)
        .sort(),
    ).toEqual([`ADDR#${id}`, legacy].sort());
  });

  it("answers 404 for another user's address, leaving it in place", async () => {
    const { id } = await saved(ADDRESS, bob.token);
    const res = await withoutWrites(() => remove(id));

    expect(res.statusCode).toBe(404);
    expect(res.json).toEqual(NOT_FOUND);
    expect((await list(bob.token)).json).toHaveLength(1);
  });

  it('answers 404 for an unknown id, without writing', async () => {
    const res = await withoutWrites(() => remove('01JZ0000000000000000000000'));

    expect(res.statusCode).toBe(404);
    expect(res.json).toEqual(NOT_FOUND);
  });

  it('answers one of 6 concurrent deletes 200 and the others 404 (never a 500)', async () => {
    const { id } = await saved();
    const answers = await Promise.all(Array.from({ length: 6 }, () => remove(id)));

    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404, 404, 404, 404, 404]);
    for (const a of answers.filter((x) => x.statusCode === 404)) expect(a.json).toEqual(NOT_FOUND);
    expect((await list()).json).toEqual([]);
  });

  it('answers a plain 500 when DynamoDB throttles the delete, which then deleted nothing', async () => {
    const { id } = await saved();
    faults.armOn('TransactWriteItemsCommand', 'throttling');
    const res = await withoutWrites(() => remove(id));

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
  });

  it('answers 401 without a token and 403 before the code step, without deleting', async () => {
    const { id } = await saved();
    await expectVerifiedUserOnly((token) => withoutWrites(() => remove(id, token)), ann.otpToken);
  });
});
