/**
 * Four eyes on money, through the real handlers against DynamoDB Local: no admin adjusts their own
 * wallet or decides their own withdrawal (403, nothing stored); an adjustment up to $100 is made by
 * one admin and audited with the balance before and after; over $100 (and a withdrawal approval over
 * $500) it waits as a pending approval until a second, different admin approves it, and a rejection
 * moves nothing. The audit log lists newest first, filters, exports CSV, is admins-only, and its
 * records carry no TTL.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db, tableName } from '../../../../functions/data/client';
import { getUserById } from '../../../../functions/data/users';
import { expectLedgerInvariant, ledgerOf } from '../../ledger-invariant';
import { idempotencyKey, invoke, newAccount, type Account } from '../../security/actors';
import { creditWallet } from '../../wallet-credit';
import { withoutWrites } from '../table-changes';

let first: Account;
let second: Account;
let ann: Account;
beforeEach(async () => {
  [first, second, ann] = await Promise.all([newAccount('admin', 'eyes'), newAccount('admin', 'eyes'), newAccount('user', 'eyes')]);
  await creditWallet(ann, 100_000);
});
afterEach(async () => {
  await expectLedgerInvariant(ann.id);
});

const adjust = (amountCents: number, token = first.token, id = ann.id, reason = 'Goodwill') =>
  invoke('POST /admin/users/{id}/adjustments', { token, params: { id }, headers: { 'idempotency-key': idempotencyKey() }, body: { amountCents, reason } });
const balance = async (id = ann.id) => (await getUserById(id, { consistent: true }))?.balanceCents;
const audit = (query: Record<string, string> = {}, token = first.token) => invoke('GET /admin/audit', { token, query });
const records = async (query: Record<string, string> = {}) => (await audit(query)).json?.records as Record<string, unknown>[];
const approve = (id: string, token = second.token, body: unknown = {}) => invoke('POST /admin/approvals/{id}/approve', { token, params: { id }, body });
const reject = (id: string, token = second.token) =>
  invoke('POST /admin/approvals/{id}/reject', { token, params: { id }, body: { reason: 'Not agreed with the customer' } });
const askWithdrawal = async (amount: number) => {
  const res = await invoke('POST /wallet/withdrawals', { token: ann.token, body: { amount } });
  expect(res.statusCode, res.body).toBe(201);
  return String(res.json?.id);
};

describe('an admin on their own money', () => {
  it('cannot adjust their own wallet: 403 and nothing stored', async () => {
    await creditWallet(first, 500);
    const res = await withoutWrites(() => adjust(100, first.token, first.id));

    expect(res.statusCode).toBe(403);
    expect(res.json).toEqual({ message: 'You cannot adjust your own wallet: ask another admin to do it.' });
    expect(await balance(first.id)).toBe(500);
    await expectLedgerInvariant(first.id);
  });

  it('cannot approve or reject their own withdrawal request: 403 and nothing changes', async () => {
    await creditWallet(first, 2000);
    const asked = await invoke('POST /wallet/withdrawals', { token: first.token, body: { amount: 5 } });
    const id = String(asked.json?.id);

    const approved = await withoutWrites(() => invoke('POST /admin/withdrawals/{id}/approve', { token: first.token, params: { id }, body: { note: 'Bank' } }));
    const rejected = await withoutWrites(() => invoke('POST /admin/withdrawals/{id}/reject', { token: first.token, params: { id }, body: { reason: 'No' } }));

    expect([approved.statusCode, rejected.statusCode]).toEqual([403, 403]);
    expect(approved.json).toEqual({ message: 'You cannot decide your own withdrawal request: ask another admin to do it.' });
    expect(await getUserById(first.id, { consistent: true })).toMatchObject({ balanceCents: 1500, heldCents: 500 });
  });
});

describe('adjustments and the second admin', () => {
  it('makes an adjustment of exactly $100 with one admin, audited with the balance before and after', async () => {
    const res = await adjust(-10_000, first.token, ann.id, 'Chargeback fee');

    expect(res.statusCode, res.body).toBe(201);
    expect(res.json).toMatchObject({ entry: { amountCents: -10_000, type: 'adjustment' }, pendingApproval: null });
    expect(await balance()).toBe(90_000);
    expect(await records({ subject: ann.id })).toEqual([
      expect.objectContaining({
        action: 'adjustment',
        actor: { id: first.id, email: first.email },
        subject: { id: ann.id, email: ann.email },
        amountCents: -10_000,
        before: { balanceCents: 100_000, heldCents: 0, disputedCents: 0 },
        after: { balanceCents: 90_000, heldCents: 0, disputedCents: 0 },
        reason: 'Chargeback fee',
        ref: (res.json?.entry as { id: string }).id,
        requestedBy: null,
      }),
    ]);
  });

  it('keeps an adjustment over $100 pending until a second admin approves it; the asking admin may not', async () => {
    const asked = await adjust(10_001);
    const approval = asked.json?.pendingApproval as { id: string; status: string };

    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json?.entry).toBeNull();
    expect(approval).toMatchObject({ kind: 'adjustment', status: 'pending', amountCents: 10_001, requestedBy: { id: first.id } });
    expect(await balance()).toBe(100_000);
    expect((await ledgerOf(ann.id)).entries.filter((e) => e.type === 'adjustment')).toEqual([]);

    const own = await withoutWrites(() => approve(approval.id, first.token));
    expect(own.statusCode).toBe(403);
    expect(own.json).toEqual({ message: 'You asked for this yourself: a second admin must decide it.' });

    const listed = await invoke('GET /admin/approvals', { token: second.token, query: { status: 'pending' } });
    expect((listed.json?.approvals as { id: string }[]).map((a) => a.id)).toContain(approval.id);

    const done = await approve(approval.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json).toMatchObject({ status: 'approved', decidedBy: { id: second.id }, entryId: expect.any(String) });
    expect(await balance()).toBe(110_001);

    const third = await newAccount('admin', 'eyes');
    const again = await withoutWrites(() => approve(approval.id, third.token));
    expect(again.statusCode).toBe(409);
    expect(await balance()).toBe(110_001);

    const log = await records({ subject: ann.id });
    expect(log.map((r) => r.action)).toEqual(['adjustment', 'adjustment.requested']);
    expect(log[0]).toMatchObject({
      actor: { id: second.id },
      requestedBy: { id: first.id, email: first.email },
      before: { balanceCents: 100_000 },
      after: { balanceCents: 110_001 },
    });
  });

  it('moves nothing when the second admin rejects a pending adjustment', async () => {
    const asked = await adjust(-20_000);
    const id = (asked.json?.pendingApproval as { id: string }).id;

    const res = await reject(id);

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json).toMatchObject({ status: 'rejected', decisionReason: 'Not agreed with the customer', entryId: null });
    expect(await balance()).toBe(100_000);
    expect((await approve(id, (await newAccount('admin', 'eyes')).token)).statusCode).toBe(409);
    expect(await balance()).toBe(100_000);
    expect((await records({ subject: ann.id })).map((r) => r.action)).toEqual(['approval.rejected', 'adjustment.requested']);
  });
});

describe('withdrawal approvals and the second admin', () => {
  it('approves $500 with one admin, audited with the hold before and after', async () => {
    const id = await askWithdrawal(500);

    const res = await invoke('POST /admin/withdrawals/{id}/approve', { token: first.token, params: { id }, body: { note: 'Bank transfer' } });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json).toMatchObject({ status: 'approved', pendingApproval: null });
    expect((await records({ action: 'withdrawal.approved', subject: ann.email }))[0]).toMatchObject({
      actor: { id: first.id },
      amountCents: 50_000,
      before: { balanceCents: 50_000, heldCents: 50_000 },
      after: { balanceCents: 50_000, heldCents: 0 },
    });
  });

  it('keeps an approval over $500 pending until a second admin approves it; then the money leaves once', async () => {
    const id = await askWithdrawal(500.01);

    const asked = await invoke('POST /admin/withdrawals/{id}/approve', { token: first.token, params: { id }, body: { note: 'Bank transfer' } });
    const repeat = await invoke('POST /admin/withdrawals/{id}/approve', { token: first.token, params: { id }, body: { note: 'Bank transfer' } });
    const approval = asked.json?.pendingApproval as { id: string };

    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json).toMatchObject({ status: 'pending', pendingApproval: { kind: 'withdrawal', withdrawalId: id, status: 'pending' } });
    expect((repeat.json?.pendingApproval as { id: string }).id).toBe(approval.id);
    expect(await getUserById(ann.id, { consistent: true })).toMatchObject({ heldCents: 50_001 });
    expect((await approve(approval.id, first.token)).statusCode).toBe(403);

    const done = await approve(approval.id);

    expect(done.statusCode, done.body).toBe(200);
    expect(done.json).toMatchObject({ status: 'approved', decidedBy: { id: second.id } });
    expect(await getUserById(ann.id, { consistent: true })).toMatchObject({ balanceCents: 49_999, heldCents: 0 });
    const withdrawals = await invoke('GET /wallet/withdrawals', { token: ann.token });
    expect((withdrawals.json?.withdrawals as { status: string }[])[0]?.status).toBe('approved');
    expect((await records({ subject: ann.id })).map((r) => [r.action, (r.actor as { id: string }).id, (r.requestedBy as { id: string } | null)?.id])).toEqual([
      ['withdrawal.approved', second.id, first.id],
      ['withdrawal.approval-requested', first.id, undefined],
    ]);
  });
});

describe('GET /admin/audit and its CSV', () => {
  it('lists newest first, filters by admin, account, action and day, exports CSV, and is for admins only', async () => {
    const bob = await newAccount('user', 'eyes');
    await creditWallet(bob, 1000);
    expect((await adjust(100)).statusCode).toBe(201);
    expect((await adjust(200, second.token)).statusCode).toBe(201);
    expect((await adjust(300, first.token, bob.id)).statusCode).toBe(201);

    const all = await records({ subject: ann.id });
    expect(all.map((r) => r.amountCents)).toEqual([200, 100]);
    expect((await records({ actor: second.email.toUpperCase() })).map((r) => r.amountCents)).toEqual([200]);
    expect((await records({ actor: first.id })).map((r) => r.amountCents)).toEqual([300, 100]);
    expect(await records({ subject: ann.id, action: 'withdrawal.rejected' })).toEqual([]);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    expect(await records({ subject: ann.id, from: today, to: today })).toHaveLength(2);
    expect(await records({ subject: ann.id, to: '2020-01-01' })).toEqual([]);

    const paged = await audit({ actor: first.id, limit: '1' });
    const next = await audit({ actor: first.id, limit: '1', cursor: String(paged.json?.nextCursor) });
    expect([...(paged.json?.records as { amountCents: number }[]), ...(next.json?.records as { amountCents: number }[])].map((r) => r.amountCents)).toEqual([
      300, 100,
    ]);

    const csv = await invoke('GET /exports/audit.csv', { token: second.token, query: { subject: ann.id } });
    expect(csv.statusCode).toBe(200);
    const lines = Buffer.from(csv.body ?? '', 'base64')
      .toString('utf8')
      .replace('\uFEFF', '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('recordId,at,action,actorId,actorEmail,subjectId,subjectEmail,amount,amountCents,balanceBeforeCents');
    expect(lines.slice(1).map((l) => l.split(',')[8])).toEqual(['100', '200']);

    expect((await audit({}, ann.token)).statusCode).toBe(403);
    expect((await invoke('GET /exports/audit.csv', { token: ann.token })).statusCode).toBe(403);
  });

  it('keeps records without expiry: no TTL attribute on any of them', async () => {
    expect((await adjust(100)).statusCode).toBe(201);
    const [record] = await records({ subject: ann.id });
    const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: { pk: `AUDIT#${String(record?.id)}`, sk: 'AUDIT' } }));
    expect(Item).toMatchObject({ action: 'adjustment', subjectId: ann.id });
    expect(Item).not.toHaveProperty('expiresAt');
  });
});
