/**
 * POST /admin/users/{id}/adjustments against DynamoDB Local: a credit or a debit of exact cents,
 * one completed `adjustment` entry carrying the reason (which the user reads in their
 * transactions), the admin figures moved by the same amount. A debit below zero, an unknown user
 * and bad input change nothing; the same Idempotency-Key adjusts once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getStats } from '../../../../functions/data/stats';
import { getUserById } from '../../../../functions/data/users';
import { expectLedgerInvariant } from '../../ledger-invariant';
import { idempotencyKey, invoke, newAccount, type Account } from '../../security/actors';
import { creditWallet } from '../../wallet-credit';
import { withoutWrites } from '../table-changes';

let admin: Account;
let ann: Account;
beforeEach(async () => {
  [admin, ann] = await Promise.all([newAccount('admin', 'adjust'), newAccount('user', 'adjust')]);
  await creditWallet(ann, 1000);
});
afterEach(async () => {
  await expectLedgerInvariant(ann.id);
});

const adjust = (body: unknown, key = idempotencyKey(), id = ann.id, token = admin.token) =>
  invoke('POST /admin/users/{id}/adjustments', { token, params: { id }, headers: { 'idempotency-key': key }, body });
const balance = async () => (await getUserById(ann.id, { consistent: true }))?.balanceCents;

describe('POST /admin/users/{id}/adjustments', () => {
  it('credits $2.50 with the reason the user then reads in their transactions, and moves the admin figures', async () => {
    const stats = await getStats();
    const res = await adjust({ amountCents: 250, reason: '  Goodwill for a late parcel ' });

    expect(res.statusCode).toBe(201);
    expect(res.json).toMatchObject({
      entry: { userId: ann.id, amountCents: 250, amount: 2.5, type: 'adjustment', status: 'completed', reason: 'Goodwill for a late parcel' },
      user: { id: ann.id, balanceCents: 1250, availableCents: 1250 },
    });
    expect(await balance()).toBe(1250);
    expect((await getStats()).balanceCents).toBe(stats.balanceCents + 250);
    const seen = await invoke('GET /hoodpay/transactions', { token: ann.token });
    expect(seen.json?.data).toContainEqual(expect.objectContaining({ type: 'adjustment', amountCents: 250, reason: 'Goodwill for a late parcel' }));
  });

  it('debits down to exactly zero, and refuses a cent more with 409, writing nothing', async () => {
    expect((await adjust({ amountCents: -400, reason: 'Chargeback fee' })).statusCode).toBe(201);

    const over = await withoutWrites(() => adjust({ amountCents: -601, reason: 'Too much' }));
    const exact = await adjust({ amountCents: -600, reason: 'Account closed' });

    expect(over.statusCode).toBe(409);
    expect(over.json).toEqual({ message: 'A debit of $6.01 would take the balance below zero: $6.00 is available.' });
    expect(exact.statusCode).toBe(201);
    expect(await balance()).toBe(0);
  });

  it('cannot debit money on hold for a withdrawal', async () => {
    expect((await invoke('POST /wallet/withdrawals', { token: ann.token, body: { amount: 8 } })).statusCode).toBe(201);

    const res = await withoutWrites(() => adjust({ amountCents: -300, reason: 'Fee' }));

    expect(res.statusCode).toBe(409);
    expect(res.json).toEqual({ message: 'A debit of $3.00 would take the balance below zero: $2.00 is available ($8.00 is on hold).' });
  });

  it('adjusts once for one Idempotency-Key, however often it is sent', async () => {
    const key = idempotencyKey();
    const answers = await Promise.all([adjust({ amountCents: 100, reason: 'Once' }, key), adjust({ amountCents: 100, reason: 'Once' }, key)]);
    const later = await adjust({ amountCents: 100, reason: 'Once' }, key);

    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(later.statusCode).toBe(201);
    expect((later.json?.entry as { id: string }).id).toBe((answers[0]?.json?.entry as { id: string }).id);
    expect(await balance()).toBe(1100);
  });

  it('answers 404 for an unknown user and 400 without a key or with bad amounts or reasons, writing nothing', async () => {
    const unknown = await withoutWrites(() => adjust({ amountCents: 100, reason: 'x' }, idempotencyKey(), '01JZZZZZZZZZZZZZZZZZZZZZZZ'));
    const noKey = await withoutWrites(() =>
      invoke('POST /admin/users/{id}/adjustments', { token: admin.token, params: { id: ann.id }, body: { amountCents: 1, reason: 'x' } }),
    );
    const bad = await Promise.all(
      [
        { amountCents: 0, reason: 'x' },
        { amountCents: 1.5, reason: 'x' },
        { amountCents: 1_000_001, reason: 'x' },
        { amountCents: 5, reason: '  ' },
        { amountCents: 5 },
      ].map((body) => withoutWrites(() => adjust(body))),
    );

    expect(unknown.statusCode).toBe(404);
    expect(unknown.json).toEqual({ message: 'User not found' });
    expect(noKey.statusCode).toBe(400);
    expect(bad.map((b) => b.statusCode)).toEqual([400, 400, 400, 400, 400]);
  });

  it('is for admins only', async () => {
    const res = await withoutWrites(() => adjust({ amountCents: 100, reason: 'Self-service' }, idempotencyKey(), ann.id, ann.token));

    expect(res.statusCode).toBe(403);
  });
});
