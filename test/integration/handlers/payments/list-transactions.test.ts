/**
 * GET /hoodpay/transactions against DynamoDB Local: a user's own ledger entries newest first, an
 * admin's `?type=` listing of every user's entries of that type, and cursors that only ever continue
 * the listing they came from, for the caller they were given to. The file's table holds only the
 * entries made here; listing writes nothing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectLedgerInvariant } from '../../ledger-invariant';
import { idempotencyKey, invoke, newAccount, type Account } from '../../security/actors';
import { creditWallet } from '../../wallet-credit';
import { sampleLabelOrder } from '../../../fixtures/label-order';
import { expectVerifiedUserOnly } from '../answers';
import { withoutWrites } from '../table-changes';
import { startCardTopUp } from './payments';

type ApiEntry = Record<string, unknown> & { id: string; userId: string; amount: number; type: string };
type Page = { data: ApiEntry[]; nextCursor: string | null };

const ENTRY_FIELDS = ['amount', 'amountCents', 'completedAt', 'createdAt', 'creditType', 'id', 'orderId', 'paymentType', 'status', 'type', 'user', 'userId'];

let ann: Account;
let bo: Account;
let admin: Account;
let labelOrderId: string;
let cardRef: string;
beforeAll(async () => {
  [ann, bo, admin] = await Promise.all([newAccount('user', 'txn'), newAccount('user', 'txn'), newAccount('admin', 'txn')]);
  // Entry ids are ULIDs, which sort by their time: give the settled top-ups distinct past times.
  const start = Date.now() - 3 * 3600_000;
  vi.useFakeTimers({ toFake: ['Date'], now: start });
  await creditWallet(ann, 2500);
  vi.setSystemTime(start + 30 * 60_000);
  await creditWallet(bo, 1005);
  vi.setSystemTime(start + 45 * 60_000);
  await creditWallet(admin, 700);
  vi.useRealTimers();
  // Then, now: a card top-up Ann has not paid yet, and a $6 label bought from her wallet.
  cardRef = (await startCardTopUp(ann, 11)).id;
  const bought = await invoke('POST /shipping/create-label', { token: ann.token, headers: { 'idempotency-key': idempotencyKey() }, body: sampleLabelOrder() });
  expect(bought.statusCode, bought.body).toBe(201);
  labelOrderId = (bought.json?.label as { shipOrderId: string }).shipOrderId;
});
afterAll(() => vi.useRealTimers());
afterEach(async () => {
  for (const account of [ann, bo, admin]) await expectLedgerInvariant(account.id);
});

/** Every listing is a read: it must write nothing. `token: null` sends none. */
const list = (query: Record<string, string> = {}, token: string | null = ann.token) =>
  withoutWrites(() => invoke('GET /hoodpay/transactions', { token: token ?? undefined, query }));
const page = (res: { json?: unknown }) => res.json as Page;

/** Every page of a listing, following its cursors to the end. */
async function allPages(query: Record<string, string>, token: string): Promise<ApiEntry[][]> {
  const pages: ApiEntry[][] = [];
  let cursor: string | null = null;
  do {
    const res = await list(cursor ? { ...query, cursor } : query, token);
    expect(res.statusCode, res.body).toBe(200);
    pages.push(page(res).data);
    cursor = page(res).nextCursor;
  } while (cursor && pages.length < 20);
  return pages;
}

describe('GET /hoodpay/transactions: a user', () => {
  it('answers their own entries, newest first, as the API shows them, with a null cursor on the only page', async () => {
    const res = await list();

    expect(res.statusCode).toBe(200);
    const { data, nextCursor } = page(res);
    expect(nextCursor).toBeNull();
    expect(data).toEqual([
      expect.objectContaining({
        userId: ann.id,
        user: { name: ann.name, email: ann.email },
        type: 'label',
        amount: -6,
        amountCents: -600,
        creditType: 'Credits',
        paymentType: 'WALLET',
        status: 'completed',
        orderId: labelOrderId,
      }),
      expect.objectContaining({
        userId: ann.id,
        type: 'topup',
        amount: 11,
        amountCents: 1100,
        creditType: 'Card',
        paymentType: 'CARD',
        status: 'pending',
        orderId: null,
        completedAt: null,
      }),
      expect.objectContaining({
        userId: ann.id,
        type: 'topup',
        amount: 25,
        amountCents: 2500,
        creditType: 'Card',
        paymentType: 'CARD',
        status: 'completed',
        orderId: null,
      }),
    ]);
    for (const entry of data) expect(Object.keys(entry).sort()).toEqual(ENTRY_FIELDS);
  });

  it('keeps internal fields (keys, provider and its reference) out of the answer', async () => {
    const res = await list();

    expect(res.body).not.toContain(cardRef);
    expect(res.body).not.toMatch(/gsi1|"pk"|"sk"|providerRef|"provider"|"entity"/);
  });

  it('filters their own entries by ?type=, never reaching another user', async () => {
    const res = await list({ type: 'topup', limit: '10' });

    expect(res.statusCode).toBe(200);
    expect(page(res).data.map((e) => [e.userId, e.amount])).toEqual([
      [ann.id, 11],
      [ann.id, 25],
    ]);
    expect(page(res).data.every((e) => e.type === 'topup')).toBe(true);
  });

  it('pages with a cursor that continues after the last entry, and answers a null cursor on the last page', async () => {
    const pages = await allPages({ limit: '1' }, ann.token);

    expect(pages.flat().map((e) => e.amount)).toEqual([-6, 11, 25]);
    expect(pages.slice(0, 3).map((p) => p.length)).toEqual([1, 1, 1]);
    expect(pages.flat().map((e) => e.id)).toEqual(page(await list()).data.map((e) => e.id));
  });
});

describe('GET /hoodpay/transactions: an admin', () => {
  it("with ?type=topup answers every user's top-ups, newest first, with their names", async () => {
    const res = await list({ type: 'topup' }, admin.token);

    expect(res.statusCode).toBe(200);
    expect(page(res).data.map((e) => [e.userId, e.user, e.amount, e.status])).toEqual([
      [ann.id, { name: ann.name, email: ann.email }, 11, 'pending'],
      [admin.id, { name: admin.name, email: admin.email }, 7, 'completed'],
      [bo.id, { name: bo.name, email: bo.email }, 10.05, 'completed'],
      [ann.id, { name: ann.name, email: ann.email }, 25, 'completed'],
    ]);
    expect(page(res).nextCursor).toBeNull();
  });

  it('pages that listing with its own cursor', async () => {
    const pages = await allPages({ type: 'topup', limit: '3' }, admin.token);

    expect(pages.map((p) => p.length)).toEqual([3, 1]);
    expect(pages.flat().map((e) => e.amount)).toEqual([11, 7, 10.05, 25]);
  });

  it('without ?type= answers only their own entries', async () => {
    const res = await list({}, admin.token);

    expect(page(res).data.map((e) => [e.userId, e.amount])).toEqual([[admin.id, 7]]);
  });

  it('a user asking with ?type= still gets only their own entries', async () => {
    const res = await list({ type: 'topup' }, bo.token);

    expect(page(res).data.map((e) => [e.userId, e.amount])).toEqual([[bo.id, 10.05]]);
  });
});

describe('GET /hoodpay/transactions: refusals', () => {
  it('answers 400 for an unknown type', async () => {
    const res = await list({ type: 'bonus' });

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({
      message: 'type must be topup, label, refund, adjustment, withdrawal, dispute, card_refund or postage_adjustment',
      fields: { type: 'type must be topup, label, refund, adjustment, withdrawal, dispute, card_refund or postage_adjustment' },
    });
  });

  it.each<[string, () => Promise<{ cursor: string; token: string; query?: Record<string, string> }>]>([
    ['garbage', async () => ({ cursor: '!!not base64 json!!', token: ann.token })],
    ['an attribute that is not a key', async () => ({ cursor: Buffer.from(JSON.stringify({ balanceCents: '1' })).toString('base64url'), token: ann.token })],
    ["another user's own cursor", async () => ({ cursor: page(await list({ limit: '1' }, ann.token)).nextCursor!, token: bo.token })],
    [
      "the admin listing's cursor, on a user's listing",
      async () => ({ cursor: page(await list({ type: 'topup', limit: '1' }, admin.token)).nextCursor!, token: ann.token }),
    ],
    [
      "a user's cursor, on the admin listing",
      async () => ({ cursor: page(await list({ limit: '1' }, ann.token)).nextCursor!, token: admin.token, query: { type: 'topup' } }),
    ],
  ])('answers 400 Invalid cursor for %s', async (_what, make) => {
    const { cursor, token, query } = await make();
    expect(cursor).toEqual(expect.any(String));
    const res = await list({ ...query, cursor }, token);

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Invalid cursor' });
  });

  it('answers 401 without a token and 403 before the code step', async () => {
    await expectVerifiedUserOnly((token) => list({}, token), ann.otpToken);
  });
});
