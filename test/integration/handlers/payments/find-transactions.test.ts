/**
 * GET /hoodpay/transactions with filters against DynamoDB Local: type, status and
 * days (US Eastern) alone and combined, for a user and for an admin's every-user listing of one
 * type; sparse matches still fill pages and every match is answered exactly once; another user's
 * entries never; bad queries are 400. Entries are stored directly (listing reads only).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EntryStatus, EntryType, LedgerEntry } from '../../../../domain/api/wallet';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../../../functions/data/client';
import { entryStep, newEntry } from '../../../../functions/wallet/ledger';
import { invoke, newAccount, type Account } from '../../security/actors';
import { withoutWrites } from '../table-changes';

type Page = { data: { id: string }[]; nextCursor: string | null };

let ann: Account;
let bob: Account;
let admin: Account;
beforeEach(async () => {
  [ann, bob, admin] = await Promise.all([newAccount('user', 'findtxn'), newAccount('user', 'findtxn'), newAccount('admin', 'findtxn')]);
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-03-01T15:00:00Z') });
});
afterEach(() => vi.useRealTimers());

interface Spec {
  type?: EntryType;
  status?: EntryStatus;
  at?: string;
}

/** Stores entries of `account`, each a minute after the last unless `at` says when. */
async function store(account: Account, specs: Spec[]): Promise<LedgerEntry[]> {
  const entries = specs.map((s) => {
    vi.setSystemTime(s.at ? Date.parse(s.at) : Date.now() + 60_000);
    const type = s.type ?? 'topup';
    const entry = newEntry(account, { amountCents: type === 'label' ? -600 : 1000, type, creditType: 'Card', paymentType: 'Card', provider: 'stripe' });
    return { ...entry, status: s.status ?? 'completed' };
  });
  for (let i = 0; i < entries.length; i += 25) {
    const items = entries.slice(i, i + 25).map((e) => entryStep(e).item.Put!.Item!);
    await db.send(new BatchWriteCommand({ RequestItems: { [tableName()]: items.map((Item) => ({ PutRequest: { Item } })) } }));
  }
  return entries;
}

const list = (query: Record<string, string>, account: Account = ann) =>
  withoutWrites(() => invoke('GET /hoodpay/transactions', { token: account.token, query }));

async function allMatches(query: Record<string, string>, account: Account = ann): Promise<{ ids: string[]; pages: Page[] }> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const res = await list(cursor ? { ...query, cursor } : query, account);
    expect(res.statusCode, res.body).toBe(200);
    pages.push(res.json as Page);
    cursor = (res.json as Page).nextCursor;
  } while (cursor && pages.length < 100);
  return { ids: pages.flatMap((p) => p.data.map((e) => e.id)), pages };
}
const idsOf = (entries: (LedgerEntry | undefined)[]) => entries.map((e) => e!.id);

describe('GET /hoodpay/transactions: filters', () => {
  it('filters by type, by status, and by both', async () => {
    const [paid, pending, failed, label, cancelled] = await store(ann, [
      { type: 'topup', status: 'completed' },
      { type: 'topup', status: 'pending' },
      { type: 'topup', status: 'failed' },
      { type: 'label', status: 'completed' },
      { type: 'topup', status: 'cancelled' },
    ]);

    expect((await allMatches({ status: 'pending' })).ids).toEqual(idsOf([pending]));
    expect((await allMatches({ status: 'failed' })).ids).toEqual(idsOf([failed]));
    expect((await allMatches({ status: 'cancelled' })).ids).toEqual(idsOf([cancelled]));
    expect((await allMatches({ status: 'completed' })).ids).toEqual(idsOf([label, paid]));
    expect((await allMatches({ type: 'topup', status: 'completed' })).ids).toEqual(idsOf([paid]));
    expect((await allMatches({ type: 'label' })).ids).toEqual(idsOf([label]));
  });

  it('filters by the US Eastern day the entry was made, alone and with a type and a status', async () => {
    const [feb27, feb28, mar1, mar2] = await store(ann, [
      { at: '2026-02-27T12:00:00Z' },
      // 11:30 pm in New York on Feb 28.
      { at: '2026-03-01T04:30:00Z', status: 'failed' },
      { at: '2026-03-01T05:30:00Z' },
      { at: '2026-03-02T16:00:00Z', type: 'label' },
    ]);

    expect((await allMatches({ from: '2026-02-28', to: '2026-02-28' })).ids).toEqual(idsOf([feb28]));
    expect((await allMatches({ from: '2026-03-01' })).ids).toEqual(idsOf([mar2, mar1]));
    expect((await allMatches({ to: '2026-02-28' })).ids).toEqual(idsOf([feb28, feb27]));
    expect((await allMatches({ to: '2026-03-02', type: 'topup', status: 'completed' })).ids).toEqual(idsOf([mar1, feb27]));
  });

  it("never answers another user's entries; an admin's type listing covers every user and takes the same filters", async () => {
    const [annFailed] = await store(ann, [{ status: 'failed', at: '2026-03-01T15:00:00Z' }]);
    const [bobFailed] = await store(bob, [{ status: 'failed', at: '2026-03-01T16:00:00Z' }, { status: 'completed' }]);

    expect((await allMatches({ status: 'failed' })).ids).toEqual(idsOf([annFailed]));
    const everyone = (await allMatches({ type: 'topup', status: 'failed', from: '2026-03-01', to: '2026-03-01' }, admin)).ids;
    // The admin's listing reads the index shared by every test's users: keep this file's own.
    expect(everyone.filter((id) => [annFailed!.id, bobFailed!.id].includes(id))).toEqual(idsOf([bobFailed, annFailed]));
  });

  it('fills pages from sparse matches and answers each exactly once, newest first', async () => {
    const specs: Spec[] = [];
    for (let m = 0; m < 5; m++) {
      specs.push({ status: 'failed' });
      for (let n = 0; n < 60; n++) specs.push({ status: 'completed' });
    }
    const entries = await store(ann, specs);
    const failed = entries.filter((e) => e.status === 'failed');

    const { ids, pages } = await allMatches({ status: 'failed', limit: '2' });

    expect(ids).toEqual(idsOf(failed).reverse());
    expect(pages.slice(0, 2).map((p) => p.data.length)).toEqual([2, 2]);
  });

  it.each([
    [{ status: 'refunded' }, 'status'],
    [{ from: '2026-02-30' }, 'from'],
    [{ type: 'gift' }, 'type'],
  ])('answers 400 naming the field for %o', async (query, field) => {
    const res = await list(query);

    expect(res.statusCode).toBe(400);
    expect(Object.keys((res.json as { fields: Record<string, string> }).fields)).toEqual([field]);
  });

  it('answers 400 for a range that ends before it starts', async () => {
    const res = await list({ from: '2026-03-02', to: '2026-03-01' });

    expect(res.statusCode).toBe(400);
    expect((res.json as { fields: Record<string, string> }).fields).toHaveProperty('to');
  });
});
