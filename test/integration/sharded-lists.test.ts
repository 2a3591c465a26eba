/**
 * The admin lists whose index key is sharded (functions/data/shards.ts): users, withdrawals,
 * approvals, the audit log and the local outbox. Items written one after another land on different
 * shards, and each list still reads newest first across them, a page at a time, with no item
 * repeated or skipped. Each module's backfill moves an item written with the old single key to its
 * shard, so the list shows it where it belongs; a second run changes nothing.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Withdrawal, WithdrawalStatus } from '../../domain/api/wallet';
import type { Approval, ApprovalStatus, AuditRecord } from '../../domain/audit';
import { backfillApproval, decideApprovalSteps, listApprovals, newApprovalSteps } from '../../functions/data/approvals';
import { auditStep, backfillAudit, findAuditRecords, newAuditRecord } from '../../functions/data/audit';
import { db, tableName, transact, type TransactItem } from '../../functions/data/client';
import { backfillOutbox, listOutbox, saveOutboxMail } from '../../functions/data/outbox';
import type { Page } from '../../functions/data/pagination';
import { isShardOf, nextShard, shardedMatchesPage, SHARDS, type ShardBackfill } from '../../functions/data/shards';
import { backfillUserListing, createUser } from '../../functions/data/users';
import { backfillWithdrawal, listWithdrawals, moveWithdrawalStep, newWithdrawalSteps } from '../../functions/data/withdrawals';
import { signSessionToken } from '../session-token';
import { invoke, newAccount, type Account } from './security/actors';

const T0 = Date.parse('2025-03-04T05:06:07.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

/** Every page of a list, `limit` at a time, as long as it answers a cursor. */
async function allPages<T>(read: (page: { limit: number; cursor?: string }) => Promise<Page<T>>, limit: number): Promise<T[][]> {
  const pages: T[][] = [];
  let cursor: string | undefined;
  do {
    const page = await read({ limit, ...(cursor ? { cursor } : {}) });
    pages.push(page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && pages.length < 20);
  return pages;
}

/** Applies a backfill's items as one transaction. */
const apply = (items: TransactItem[] | undefined) => db.send(new TransactWriteCommand({ TransactItems: items ?? [] }));

/** A backfill applied once moves the item; applied again it fails its condition and writes nothing. */
async function backfillOnce(backfill: ShardBackfill, old: Record<string, unknown>, key: Record<string, string>) {
  const items = backfill(old);
  expect(items?.length).toBeGreaterThan(0);
  await apply(items);
  const again = apply(items);
  await expect(again).rejects.toThrow(TransactionCanceledException);
  await again.catch((err: TransactionCanceledException) => expect(err.CancellationReasons?.map((r) => r.Code)).toContain('ConditionalCheckFailed'));
  // What it left needs nothing, and the same old item gives the same keys (a repeatable move).
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  expect(backfill(Item as Record<string, unknown>)).toBeUndefined();
  expect(backfill(old)).toEqual(items);
  return Item as Record<string, unknown>;
}

const badCursors: [string, string][] = [
  ['garbage', '!!not base64 json!!'],
  ['an empty object', Buffer.from('{}').toString('base64url')],
  ['a DynamoDB key (the old cursor)', Buffer.from(JSON.stringify({ pk: 'USER#x', sk: 'PROFILE', gsi1pk: 'USERS', gsi1sk: 'z' })).toString('base64url')],
  ['a sort key that is not text', Buffer.from(JSON.stringify({ after: 7 })).toString('base64url')],
  ['more than a sort key', Buffer.from(JSON.stringify({ after: 'x', pk: 'USER#x' })).toString('base64url')],
];

let admin: Account;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: T0 });
  admin = await newAccount('admin', 'shards');
  vi.useRealTimers();
  // A token signed at the 2025 clock has expired: sign it again now.
  admin = { ...admin, token: await signSessionToken({ userId: admin.id, role: 'admin', scope: 'full' }) };
});
afterAll(() => {
  vi.useRealTimers();
});

describe('the users list', () => {
  const made: string[] = [];
  beforeAll(async () => {
    // Seven accounts a minute apart, after the admin: newest first is the reverse.
    for (let i = 1; i <= 7; i++) {
      vi.useFakeTimers({ toFake: ['Date'], now: T0 + i * 60_000 });
      made.push((await createUser({ name: `Shard ${i}`, email: `shard-${i}-${ulid()}@example.com`, passwordHash: 'x' })).id);
      vi.useRealTimers();
    }
  });

  it('spreads the listings over several shards and pages newest first across them, 3 at a time, with no repeat or gap', async () => {
    const listings = await Promise.all(
      made.map(async (id) => (await db.send(new GetCommand({ TableName: tableName(), Key: { pk: `USER#${id}`, sk: 'LISTING' } }))).Item),
    );
    for (const l of listings) expect(isShardOf('USERS', String(l?.gsi1pk))).toBe(true);
    expect(new Set(listings.map((l) => l?.gsi1pk)).size).toBeGreaterThan(1);

    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const res = await invoke('GET /auth/users', { token: admin.token, query: { limit: '3', ...(cursor ? { cursor } : {}) } });
      expect(res.statusCode).toBe(200);
      const page = res.json as { users: { id: string }[]; nextCursor: string | null };
      pages.push(page.users.map((u) => u.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor && pages.length < 10);

    expect(pages.map((p) => p.length)).toEqual([3, 3, 2]);
    expect(pages.flat()).toEqual([...made].reverse().concat(admin.id));
  });

  it.each(badCursors)('answers 400 Invalid cursor for %s', async (_what, cursor) => {
    const res = await invoke('GET /auth/users', { token: admin.token, query: { cursor } });
    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Invalid cursor' });
  });

  it('backfills a profile that carried the old list key: listed in its place, its index keys gone, once', async () => {
    const id = ulid();
    const createdAt = at(-10);
    const old = {
      pk: `USER#${id}`,
      sk: 'PROFILE',
      entity: 'user',
      gsi1pk: 'USERS',
      gsi1sk: `${createdAt}#${id}`,
      id,
      name: 'Old Timer',
      email: `old-${id}@example.com`,
      role: 'user',
      passwordHash: 'x',
      verified: true,
      version: 1,
      sessionEpoch: 0,
      labelCount: 0,
      createdAt,
    };
    await db.send(new PutCommand({ TableName: tableName(), Item: old }));

    const profile = await backfillOnce(backfillUserListing, old, { pk: `USER#${id}`, sk: 'PROFILE' });
    expect(profile).not.toHaveProperty('gsi1pk');
    expect(profile).not.toHaveProperty('gsi1sk');
    const { Item: listing } = await db.send(new GetCommand({ TableName: tableName(), Key: { pk: `USER#${id}`, sk: 'LISTING' } }));
    expect(listing).toMatchObject({ entity: 'userListing', userId: id, gsi1sk: old.gsi1sk });
    expect(isShardOf('USERS', String(listing?.gsi1pk))).toBe(true);

    const res = await invoke('GET /auth/users', { token: admin.token, query: { limit: '100' } });
    expect((res.json as { users: { id: string }[] }).users.map((u) => u.id)).toEqual([...made].reverse().concat(admin.id, id));
  });

  it('leaves out a listing whose profile is gone', async () => {
    const gone = made[3] as string;
    await db.send(new TransactWriteCommand({ TransactItems: [{ Delete: { TableName: tableName(), Key: { pk: `USER#${gone}`, sk: 'PROFILE' } } }] }));
    const res = await invoke('GET /auth/users', { token: admin.token, query: { limit: '3' } });
    expect((res.json as { users: { id: string }[] }).users.map((u) => u.id)).toEqual([made[6], made[5], made[4]]);
    const next = await invoke('GET /auth/users', { token: admin.token, query: { limit: '3', cursor: String(res.json?.nextCursor) } });
    expect((next.json as { users: { id: string }[] }).users.map((u) => u.id)).toEqual([made[2], made[1]]);
  });
});

describe('the withdrawals lists', () => {
  const request = (i: number, status: WithdrawalStatus = 'pending'): Withdrawal => ({
    id: ulid(T0 + i * 60_000),
    userId: `u${i}`,
    userName: `User ${i}`,
    userEmail: `u${i}@example.com`,
    amountCents: 100 * i,
    status,
    createdAt: at(i),
    decidedAt: null,
    completedAt: null,
    note: null,
    reason: null,
    refunds: [],
    byHandCents: 0,
  });
  const made: Withdrawal[] = [];
  beforeAll(async () => {
    for (let i = 1; i <= 7; i++) {
      const w = request(i);
      made.push(w);
      expect((await transact(newWithdrawalSteps(w, undefined))).ok).toBe(true);
    }
    // Two are rejected: each move takes a shard of the rejected list.
    for (const w of [made[1], made[4]] as Withdrawal[])
      expect((await transact([moveWithdrawalStep(w, 'pending', 'rejected', { decidedAt: at(30) })])).ok).toBe(true);
  });

  it('pages all of them, and each status, newest first across the shards', async () => {
    const ids = (pages: Withdrawal[][]) => pages.map((p) => p.map((w) => w.id));
    const newest = [...made].reverse().map((w) => w.id);
    const all = await allPages((page) => listWithdrawals(page), 3);
    expect(all.map((p) => p.length)).toEqual([3, 3, 1]);
    expect(ids(all).flat()).toEqual(newest);
    const rejected = [made[4], made[1]].map((w) => w?.id);
    expect(ids(await allPages((page) => listWithdrawals(page, 'rejected'), 1))).toEqual(rejected.map((id) => [id]));
    expect(ids(await allPages((page) => listWithdrawals(page, 'pending'), 2)).flat()).toEqual(newest.filter((id) => !rejected.includes(id)));
  });

  it.each(badCursors)('answers 400 Invalid cursor for %s', async (_what, cursor) => {
    for (const query of [{ cursor }, { cursor, status: 'pending' }] as Record<string, string>[]) {
      const res = await invoke('GET /admin/withdrawals', { token: admin.token, query });
      expect(res.statusCode).toBe(400);
      expect(res.json).toEqual({ message: 'Invalid cursor' });
    }
  });

  it('backfills a request that carried the old keys into both lists, once', async () => {
    const w = request(-5, 'approved');
    const order = `${w.createdAt}#${w.id}`;
    const old = {
      pk: `USER#${w.userId}`,
      sk: `WITHDRAWAL#${w.id}`,
      entity: 'withdrawal',
      gsi1pk: 'WITHDRAWALS',
      gsi1sk: order,
      gsi2pk: 'WITHDRAWALS#approved',
      gsi2sk: order,
      ...w,
    };
    await db.send(new PutCommand({ TableName: tableName(), Item: old }));

    const moved = await backfillOnce(backfillWithdrawal, old, { pk: old.pk, sk: old.sk });
    expect(isShardOf('WITHDRAWALS', String(moved.gsi1pk))).toBe(true);
    expect(isShardOf('WITHDRAWALS#approved', String(moved.gsi2pk))).toBe(true);
    expect({ ...moved, gsi1pk: old.gsi1pk, gsi2pk: old.gsi2pk }).toEqual(old);

    expect((await listWithdrawals({ limit: 100 })).items.map((x) => x.id)).toEqual(
      [...made]
        .reverse()
        .map((x) => x.id)
        .concat(w.id),
    );
    expect((await listWithdrawals({ limit: 100 }, 'approved')).items.map((x) => x.id)).toEqual([w.id]);
  });

  it('backfills only the key still unsharded when a status move came first', async () => {
    const w = request(-6);
    const order = `${w.createdAt}#${w.id}`;
    const old = {
      pk: `USER#${w.userId}`,
      sk: `WITHDRAWAL#${w.id}`,
      entity: 'withdrawal',
      gsi1pk: 'WITHDRAWALS',
      gsi1sk: order,
      gsi2pk: 'WITHDRAWALS#pending',
      gsi2sk: order,
      ...w,
    };
    await db.send(new PutCommand({ TableName: tableName(), Item: old }));
    const planned = backfillWithdrawal(old);
    // A live move between the backfill's read and its write: the planned move fails and changes nothing.
    expect((await transact([moveWithdrawalStep(w, 'pending', 'rejected', { decidedAt: at(40) })])).ok).toBe(true);
    await expect(apply(planned)).rejects.toThrow(TransactionCanceledException);

    const { Item: now } = await db.send(new GetCommand({ TableName: tableName(), Key: { pk: old.pk, sk: old.sk }, ConsistentRead: true }));
    expect(now?.gsi1pk).toBe('WITHDRAWALS');
    expect(isShardOf('WITHDRAWALS#rejected', String(now?.gsi2pk))).toBe(true);
    const moved = await backfillOnce(backfillWithdrawal, now as Record<string, unknown>, { pk: old.pk, sk: old.sk });
    expect(isShardOf('WITHDRAWALS', String(moved.gsi1pk))).toBe(true);
    expect(moved.gsi2pk).toBe(now?.gsi2pk);
    expect((await listWithdrawals({ limit: 100 }, 'rejected')).items.map((x) => x.id)).toEqual([made[4]?.id, made[1]?.id, w.id]);
  });
});

describe('the approvals lists', () => {
  const person = { id: 'a1', email: 'a1@example.com' };
  const approval = (i: number, status: ApprovalStatus = 'pending'): Approval => ({
    id: ulid(T0 + i * 60_000),
    kind: 'adjustment',
    status,
    amountCents: 10_000 + i,
    reason: 'because',
    subject: { id: `u${i}`, email: `u${i}@example.com`, name: `User ${i}` },
    withdrawalId: null,
    requestedBy: person,
    createdAt: at(i),
    decidedBy: null,
    decidedAt: null,
    decisionReason: null,
    entryId: null,
  });
  const made: Approval[] = [];
  beforeAll(async () => {
    for (let i = 1; i <= 7; i++) {
      const a = approval(i);
      made.push(a);
      expect((await transact(newApprovalSteps(a))).ok).toBe(true);
    }
    for (const a of [made[0], made[5]] as Approval[])
      expect((await transact(decideApprovalSteps(a, 'approved', { decidedBy: { id: 'a2', email: 'a2@example.com' }, decidedAt: at(30) }))).ok).toBe(true);
  });

  it('pages all of them, and each status, newest first across the shards', async () => {
    const newest = [...made].reverse().map((a) => a.id);
    const all = await allPages((page) => listApprovals(page), 3);
    expect(all.map((p) => p.length)).toEqual([3, 3, 1]);
    expect(all.flat().map((a) => a.id)).toEqual(newest);
    const approved = [made[5], made[0]].map((a) => a?.id);
    expect((await allPages((page) => listApprovals(page, 'approved'), 1)).map((p) => p.map((a) => a.id))).toEqual(approved.map((id) => [id]));
    expect((await allPages((page) => listApprovals(page, 'pending'), 2)).flat().map((a) => a.id)).toEqual(newest.filter((id) => !approved.includes(id)));
  });

  it.each(badCursors)('answers 400 Invalid cursor for %s', async (_what, cursor) => {
    for (const query of [{ cursor }, { cursor, status: 'pending' }] as Record<string, string>[]) {
      const res = await invoke('GET /admin/approvals', { token: admin.token, query });
      expect(res.statusCode).toBe(400);
      expect(res.json).toEqual({ message: 'Invalid cursor' });
    }
  });

  it('backfills an approval that carried the old keys into both lists, once', async () => {
    const a = approval(-5);
    const order = `${a.createdAt}#${a.id}`;
    const old = {
      pk: `APPROVAL#${a.id}`,
      sk: 'APPROVAL',
      entity: 'approval',
      gsi1pk: 'APPROVALS',
      gsi1sk: order,
      gsi2pk: 'APPROVALS#pending',
      gsi2sk: order,
      ...a,
    };
    await db.send(new PutCommand({ TableName: tableName(), Item: old }));

    const moved = await backfillOnce(backfillApproval, old, { pk: old.pk, sk: old.sk });
    expect(isShardOf('APPROVALS', String(moved.gsi1pk))).toBe(true);
    expect(isShardOf('APPROVALS#pending', String(moved.gsi2pk))).toBe(true);
    expect({ ...moved, gsi1pk: old.gsi1pk, gsi2pk: old.gsi2pk }).toEqual(old);
    expect((await listApprovals({ limit: 100 })).items.map((x) => x.id)).toEqual(
      [...made]
        .reverse()
        .map((x) => x.id)
        .concat(a.id),
    );
    expect((await listApprovals({ limit: 100 }, 'pending')).items.map((x) => x.id).at(-1)).toBe(a.id);
  });
});

describe('the audit log', () => {
  const first = { id: 'admin-1', email: 'First@Example.com' };
  const second = { id: 'admin-2', email: 'second@example.com' };
  const record = (i: number, actor = i % 2 ? first : second): AuditRecord => ({
    ...newAuditRecord({
      action: 'adjustment',
      actor,
      subject: { id: `u${i}`, email: `u${i}@example.com` },
      amountCents: i,
      before: { balanceCents: 0, heldCents: 0, disputedCents: 0 },
      after: { balanceCents: i, heldCents: 0, disputedCents: 0 },
      reason: null,
      ref: `ref-${i}`,
      requestedBy: null,
    }),
    at: at(i),
  });
  const made: AuditRecord[] = [];
  beforeAll(async () => {
    for (let i = 1; i <= 7; i++) {
      const r = record(i);
      made.push(r);
      expect((await transact([auditStep(r)])).ok).toBe(true);
    }
  });
  const amounts = (pages: AuditRecord[][]) => pages.map((p) => p.map((r) => r.amountCents));

  it('pages newest first across the shards, whole and filtered, with no repeat or gap', async () => {
    expect(amounts(await allPages((page) => findAuditRecords({}, page), 3))).toEqual([[7, 6, 5], [4, 3, 2], [1]]);
    // The first admin's records, by id and by email in another case: the odd ones.
    expect(amounts(await allPages((page) => findAuditRecords({ actor: first.id }, page), 2))).toEqual([
      [7, 5],
      [3, 1],
    ]);
    expect(amounts(await allPages((page) => findAuditRecords({ actor: 'FIRST@example.COM' }, page), 3))).toEqual([[7, 5, 3], [1]]);
    expect(amounts(await allPages((page) => findAuditRecords({ subject: 'u4', action: 'adjustment' }, page), 3))).toEqual([[4]]);
    expect(amounts(await allPages((page) => findAuditRecords({ action: 'withdrawal.rejected' }, page), 3))).toEqual([[]]);
  });

  it('reads the days asked for only (Eastern days, the sort key in UTC)', async () => {
    // T0 is 2025-03-04 00:06 in New York: all seven fall on that Eastern day.
    expect(amounts(await allPages((page) => findAuditRecords({ from: '2025-03-04', to: '2025-03-04' }, page), 5))).toEqual([
      [7, 6, 5, 4, 3],
      [2, 1],
    ]);
    expect(amounts(await allPages((page) => findAuditRecords({ to: '2025-03-03' }, page), 5))).toEqual([[]]);
    expect(amounts(await allPages((page) => findAuditRecords({ from: '2025-03-05' }, page), 5))).toEqual([[]]);
  });

  it.each(badCursors)('answers 400 Invalid cursor for %s', async (_what, cursor) => {
    const res = await invoke('GET /admin/audit', { token: admin.token, query: { cursor } });
    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Invalid cursor' });
  });

  it('backfills a record that carried the old key, changing nothing else, once', async () => {
    const r = record(-5);
    const old = {
      pk: `AUDIT#${r.id}`,
      sk: 'AUDIT',
      entity: 'audit',
      gsi1pk: 'AUDIT',
      gsi1sk: `${r.at}#${r.id}`,
      actorId: r.actor.id,
      actorEmail: r.actor.email.toLowerCase(),
      subjectId: r.subject.id,
      subjectEmail: r.subject.email,
      ...r,
    };
    await db.send(new PutCommand({ TableName: tableName(), Item: old }));
    const moved = await backfillOnce(backfillAudit, old, { pk: old.pk, sk: old.sk });
    expect(isShardOf('AUDIT', String(moved.gsi1pk))).toBe(true);
    expect({ ...moved, gsi1pk: 'AUDIT' }).toEqual(old);
    expect((await findAuditRecords({}, { limit: 100 })).items.map((x) => x.amountCents)).toEqual([7, 6, 5, 4, 3, 2, 1, -5]);
  });
});

describe('the local outbox', () => {
  it('lists everyone newest first across the shards, up to the limit, and backfills an old mail once', async () => {
    const sent: string[] = [];
    for (let i = 1; i <= 7; i++) {
      const subject = `Mail ${i}`;
      await saveOutboxMail({ to: `r${i}@example.com`, subject, text: 'T' });
      sent.push(subject);
      await new Promise((r) => setTimeout(r, 2));
    }
    expect((await listOutbox({ limit: 3 })).map((m) => m.subject)).toEqual(['Mail 7', 'Mail 6', 'Mail 5']);

    const sentAt = '2001-01-01T00:00:00.000Z';
    const sk = `${sentAt}#${ulid()}`;
    const old = {
      pk: 'OUTBOX#old@example.com',
      sk,
      gsi1pk: 'OUTBOX',
      gsi1sk: sk,
      entity: 'outboxMail',
      to: 'old@example.com',
      subject: 'Old',
      text: 'T',
      sentAt,
    };
    await db.send(new PutCommand({ TableName: tableName(), Item: old }));
    const moved = await backfillOnce(backfillOutbox, old, { pk: old.pk, sk: old.sk });
    expect(isShardOf('OUTBOX', String(moved.gsi1pk))).toBe(true);
    expect((await listOutbox({ limit: 100 })).map((m) => m.subject)).toEqual([...sent].reverse().concat('Old'));
  });
});

describe('a filtered page of a sharded list', () => {
  it('fills each page with matches from every shard, newest first, without repeats or gaps', async () => {
    const base = `MATCHES${ulid()}`;
    // Three times round the shards; one in three matches.
    const keys = Array.from(
      { length: SHARDS * 3 },
      (_, i) => `2026-12-03T10:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.000Z#${i}`,
    );
    for (const [i, sk] of keys.entries())
      await db.send(new PutCommand({ TableName: tableName(), Item: { pk: `TEST#${base}`, sk: String(i), gsi1pk: nextShard(base), gsi1sk: sk, n: i } }));
    const wanted = keys.filter((_, i) => i % 3 === 0).reverse();

    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await shardedMatchesPage({
        index: 'gsi1',
        base,
        descending: true,
        limit: 5,
        matches: (item) => Number(item.n) % 3 === 0,
        ...(cursor ? { cursor } : {}),
      });
      expect(page.items.length === 5 || page.nextCursor === null).toBe(true);
      seen.push(...page.items.map((item) => String(item.gsi1sk)));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(wanted);
  });
});
