/**
 * POST and GET /wallet/withdrawals against DynamoDB Local: a request puts the amount on hold (still
 * in the balance, no longer spendable), with its pending `withdrawal` entry, the request, its
 * pointer and the month's gate, in one transaction; a mail tells the user. Refusals (more than is
 * available, a second request within 30 days, bad amounts) write nothing. Held money buys nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listOutbox } from '../../../../functions/data/outbox';
import { getStats } from '../../../../functions/data/stats';
import { getUserById } from '../../../../functions/data/users';
import { expectLedgerInvariant, ledgerOf } from '../../ledger-invariant';
import { idempotencyKey, invoke, labelOrder, newAccount, type Account } from '../../security/actors';
import { creditWallet } from '../../wallet-credit';
import { expectVerifiedUserOnly } from '../answers';
import { changesOf, pkOf, withoutWrites } from '../table-changes';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const DAY_MS = 86_400_000;

let ann: Account;
beforeEach(async () => {
  ann = await newAccount('user', 'withdraw');
  await creditWallet(ann, 2000);
});
afterEach(async () => {
  vi.useRealTimers();
  await expectLedgerInvariant(ann.id);
});

const request = (body: unknown, token: string | null = ann.token) => invoke('POST /wallet/withdrawals', { token: token ?? undefined, body });
const profile = async () => (await invoke('GET /auth/profile', { token: ann.token })).json;

describe('POST /wallet/withdrawals', () => {
  it('puts $12.50 on hold: the balance stays $20, $7.50 is available, a pending entry and the request are stored, and the user is mailed', async () => {
    const stats = await getStats();
    const { result: res, written } = await changesOf(() => request({ amount: 12.5 }));

    expect(res.statusCode).toBe(201);
    const w = res.json as Record<string, unknown>;
    expect(w).toEqual({
      id: expect.stringMatching(ULID),
      userId: ann.id,
      user: { name: ann.name, email: ann.email },
      amount: 12.5,
      amountCents: 1250,
      status: 'pending',
      createdAt: expect.any(String),
      decidedAt: null,
      completedAt: null,
      note: null,
      reason: null,
      refunds: [],
      byHand: 0,
      byHandCents: 0,
    });
    expect(await profile()).toMatchObject({ balance: 20, balanceCents: 2000, held: 12.5, heldCents: 1250, available: 7.5, availableCents: 750 });
    expect(await getUserById(ann.id, { consistent: true })).toMatchObject({ balanceCents: 750, heldCents: 1250 });
    const { entries } = await ledgerOf(ann.id);
    expect(entries.find((e) => e.type === 'withdrawal')).toMatchObject({ id: w.id, amountCents: -1250, status: 'pending', completedAt: null });
    // The request, its pointer, the gate, the user, the entry, the day's closing balance, and the
    // outbox mail: nothing else (no stats: we still owe it).
    expect(written.map(pkOf).sort()).toEqual(
      [`OUTBOX#${ann.email.toLowerCase()}`, ...Array<string>(5).fill(`USER#${ann.id}`), `WITHDRAWAL#${String(w.id)}`].sort(),
    );
    expect((await getStats()).balanceCents).toBe(stats.balanceCents);
    const [mail] = await listOutbox({ to: ann.email });
    expect(mail).toMatchObject({ subject: 'We received your withdrawal request' });
    expect(mail?.text).toContain('withdraw $12.50');
  });

  it('lets the whole available balance go on hold, and then a label cannot be bought with held money (402)', async () => {
    expect((await request({ amount: '20.00' })).statusCode).toBe(201);

    const buy = await invoke('POST /shipping/create-label', { token: ann.token, headers: { 'idempotency-key': idempotencyKey() }, body: labelOrder() });

    expect(buy.statusCode).toBe(402);
    expect(await getUserById(ann.id, { consistent: true })).toMatchObject({ balanceCents: 0, heldCents: 2000 });
  });

  it('buys a label with the money not on hold, and answers the balance as the profile shows it (spendable + held)', async () => {
    expect((await request({ amount: '10.00' })).statusCode).toBe(201);

    const buy = await invoke('POST /shipping/create-label', { token: ann.token, headers: { 'idempotency-key': idempotencyKey() }, body: labelOrder() });

    expect(buy.statusCode).toBe(201);
    expect(await getUserById(ann.id, { consistent: true })).toMatchObject({ balanceCents: 400, heldCents: 1000 });
    expect(buy.json).toMatchObject({ balanceCents: 1400, balance: 14 });
    expect(await profile()).toMatchObject({ balanceCents: 1400, heldCents: 1000, availableCents: 400 });
  });

  it('refuses more than the available balance with 402, writing nothing', async () => {
    const res = await withoutWrites(() => request({ amount: 20.01 }));

    expect(res.statusCode).toBe(402);
    expect(res.json).toEqual({ message: 'You can withdraw at most $20.00, your available balance (money on hold and spent is not available).' });
  });

  it('allows one request per 30 days: a second one is 409 naming the day of the next turn, writing nothing; on day 30 it is allowed', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-03-01T10:00:00.000Z') });
    expect((await request({ amount: 5 })).statusCode).toBe(201);
    vi.setSystemTime(Date.parse('2026-03-31T09:59:59.000Z'));

    const again = await withoutWrites(() => request({ amount: 5 }));

    expect(again.statusCode).toBe(409);
    expect(again.json).toEqual({ message: 'You can ask for one withdrawal every 30 days. Your next request can be made on 2026-03-31.' });
    vi.setSystemTime(Date.parse('2026-03-01T10:00:00.000Z') + 30 * DAY_MS);
    expect((await request({ amount: 5 })).statusCode).toBe(201);
    expect(await getUserById(ann.id, { consistent: true })).toMatchObject({ balanceCents: 1000, heldCents: 1000 });
  });

  it('places one hold when five requests arrive at once (the gate is conditioned on what was read)', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => request({ amount: 3 })));

    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await getUserById(ann.id, { consistent: true })).toMatchObject({ balanceCents: 1700, heldCents: 300 });
  });

  it.each([
    ['zero', 0],
    ['under $1', 0.99],
    ['three decimals', 1.005],
    ['negative', -5],
    ['text', 'all of it'],
  ])('answers 400 for an amount that is %s, writing nothing', async (_what, amount) => {
    const res = await withoutWrites(() => request({ amount }));

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Please enter a valid amount.', fields: { amount: 'Please enter a valid amount.' } });
  });

  it('is for verified users only, writing nothing', async () => {
    await expectVerifiedUserOnly((token) => withoutWrites(() => request({ amount: 5 }, token)), ann.otpToken);
  });
});

describe('GET /wallet/withdrawals', () => {
  it("lists the caller's own requests, newest first, and nobody else's", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-01-01T10:00:00.000Z') });
    const first = (await request({ amount: 2 })).json;
    vi.setSystemTime(Date.parse('2026-02-15T10:00:00.000Z'));
    const second = (await request({ amount: 3 })).json;
    const bo = await newAccount('user', 'withdraw');
    await creditWallet(bo, 500);
    expect((await request({ amount: 4 }, bo.token)).statusCode).toBe(201);

    const res = await withoutWrites(() => invoke('GET /wallet/withdrawals', { token: ann.token }));

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ withdrawals: [second, first], nextCursor: null });
    const paged = await invoke('GET /wallet/withdrawals', { token: ann.token, query: { limit: '1' } });
    expect((paged.json?.withdrawals as unknown[]).length).toBe(1);
    const rest = await invoke('GET /wallet/withdrawals', { token: ann.token, query: { limit: '1', cursor: String(paged.json?.nextCursor) } });
    expect(rest.json?.withdrawals).toEqual([first]);
  });
});
