/**
 * The insights against DynamoDB Local: the savings aggregates move inside the
 * label's and the refund's transactions and always equal what the stored orders say; labels bought
 * before the aggregates are counted once on the first read, even by readers at once; the wallet's
 * balance history is the ledger's balance at each day's close; the admin's 30 days come from the
 * day shards, zero-filled.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_CHART_DAYS } from '../../domain/admin-stats';
import type { BalanceHistory, SavingsAnswer } from '../../domain/api/insights';
import { addMonths, easternMonthOf, labelSaving, lastEasternMonths } from '../../domain/insights';
import { todayInEastern } from '../../domain/ship-date';
import { resetConfigForTests } from '../../functions/config';
import { steps, transact } from '../../functions/data/client';
import { getOrder, moveOrderStep, newOrder, putOrderStep } from '../../functions/data/orders';
import { savingsRefundSteps } from '../../functions/data/savings';
import { getStats, statsItems } from '../../functions/data/stats';
import { getUserById } from '../../functions/data/users';
import { closingBalancesOf, closingMonthOf, closingStep } from '../../functions/wallet/closing-balances';
import { listWholeLedger } from '../../functions/wallet/ledger';
import { sampleLabelOrder } from '../fixtures/label-order';
import { expectUserConsistent, storedItems } from './reliability/helpers';
import { buyLabel, invoke, newAccount, type Account } from './security/actors';
import { creditWallet } from './wallet-credit';

const DAY_MS = 86_400_000;
const savingsOf = async (who: Account): Promise<SavingsAnswer> => {
  const res = await invoke('GET /shipping/savings', { token: who.token });
  expect(res.statusCode).toBe(200);
  return res.json as SavingsAnswer;
};

/** The month items as stored must equal a count of the user's stamped, counted orders. */
async function expectSavingsMatchOrders(userId: string): Promise<void> {
  const orders = await storedItems(userId, 'ORDER#');
  const expected = new Map<string, { labels: number; savedCents: number; retailCents: number; paidCents: number }>();
  for (const o of orders) {
    // A label credited when its refund was asked left its month then, whatever its status.
    if (!['created', 'refund_pending', 'refund_rejected'].includes(String(o.status)) || !o.savingsMonth || o.creditedEarly === true) continue;
    const s = labelSaving({ weightLb: Number(o.weightLb), priceCents: Number(o.priceCents) });
    const row = expected.get(String(o.savingsMonth)) ?? { labels: 0, savedCents: 0, retailCents: 0, paidCents: 0 };
    expected.set(String(o.savingsMonth), {
      labels: row.labels + 1,
      savedCents: row.savedCents + s.savedCents,
      retailCents: row.retailCents + s.retailCents,
      paidCents: row.paidCents + s.paidCents,
    });
  }
  const stored = (await storedItems(userId, 'SAVINGS#')).filter((i) => Number(i.labels) !== 0);
  expect(
    Object.fromEntries(stored.map((i) => [i.month, { labels: i.labels, savedCents: i.savedCents, retailCents: i.retailCents, paidCents: i.paidCents }])),
  ).toEqual(Object.fromEntries(expected));
}

/** Stores a created label as one bought before savings were kept: no savingsMonth, no month figures. */
async function olderLabel(who: Account, createdAt: string, over: Record<string, unknown> = {}, status: 'created' | 'refunded' = 'created') {
  // Bought before downloads were recorded too: no downloadedAt (counted as downloaded).
  const { downloadedAt: _never, ...made } = newOrder(who.id, sampleLabelOrder(over) as never, 600, status);
  const order = { ...made, createdAt, tracking: `9400OLD${Date.now()}${Math.random()}`.slice(0, 22) };
  await transact([putOrderStep(order)]);
  return order;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('GET /shipping/savings', () => {
  it('counts each label bought against the USPS retail rate, and a refund takes it back', async () => {
    const ann = await newAccount('user', 'savings');
    const first = await buyLabel(ann); // usps_priority, 2 lb: $6.00 against $8.30 retail
    await buyLabel(ann);
    const month = todayInEastern().slice(0, 7);

    let s = await savingsOf(ann);
    expect(s).toMatchObject({ thisMonthCents: 460, totalCents: 460, labels: 2, retailCents: 1660, paidCents: 1200 });
    expect(s.months).toHaveLength(12);
    expect(s.months.map((m) => m.month)).toEqual(lastEasternMonths(new Date(), 12));
    expect(s.months.at(-1)).toEqual({ month, savedCents: 460, labels: 2 });
    expect(s.months.slice(0, -1).every((m) => m.savedCents === 0 && m.labels === 0)).toBe(true);
    expect((await getOrder(ann.id, first.shipOrderId))?.savingsMonth).toBe(month);

    const refund = await invoke('POST /shipping/orders/{shipOrderId}/refund', { token: ann.token, params: { shipOrderId: first.shipOrderId } });
    expect(refund.json).toMatchObject({ status: 'refunded' });
    s = await savingsOf(ann);
    expect(s).toMatchObject({ thisMonthCents: 230, totalCents: 230, labels: 1, retailCents: 830, paidCents: 600 });
    await expectSavingsMatchOrders(ann.id);
    await expectUserConsistent(ann.id);
  });

  it('counts a heavy label with the formula above 30 lb', async () => {
    const bo = await newAccount('user', 'savings');
    await creditWallet(bo, 2000);
    const res = await invoke('POST /shipping/create-label', {
      token: bo.token,
      headers: { 'idempotency-key': `heavy-${Date.now()}` },
      body: sampleLabelOrder({ weight: 40.5 }),
    });
    expect(res.statusCode).toBe(201);
    // 1500 + 30 x 40.5 = 2715 cents retail, against $7.00.
    expect(await savingsOf(bo)).toMatchObject({ totalCents: 2715 - 700, retailCents: 2715, paidCents: 700, labels: 1 });
  });

  it('counts labels bought before the aggregates on the first read, once, even with readers at once', async () => {
    const cy = await newAccount('user', 'savings');
    const lastMonth = addMonths(todayInEastern().slice(0, 7), -1);
    const old = await olderLabel(cy, `${lastMonth}-15T15:00:00.000Z`);
    await olderLabel(cy, `${lastMonth}-16T15:00:00.000Z`, {}, 'refunded'); // refunded before: never counted
    await olderLabel(cy, '2020-05-01T15:00:00.000Z', { weight: 31 }); // older than the chart: in the total only
    await buyLabel(cy); // bought now: counted by its own transaction

    const answers = await Promise.all([savingsOf(cy), savingsOf(cy), savingsOf(cy)]);
    for (const s of answers) {
      expect(s).toMatchObject({ labels: 3, thisMonthCents: 230, totalCents: 230 + 230 + (2430 - 600) });
      expect(s.months.find((m) => m.month === lastMonth)).toEqual({ month: lastMonth, savedCents: 230, labels: 1 });
    }
    expect((await getOrder(cy.id, old.id))?.savingsMonth).toBe(easternMonthOf(old.createdAt));
    expect(await storedItems(cy.id, 'SAVINGSFROM')).toHaveLength(1);
    await expectSavingsMatchOrders(cy.id);

    // Refunding the older label now takes it back from the month it was bought in (its refund's steps;
    // the sandbox tracker shows a month-old label as scanned, so the route would refuse it).
    const counted = await getOrder(cy.id, old.id);
    const at = new Date().toISOString();
    expect(await transact(savingsRefundSteps(counted!, moveOrderStep(counted!, 'created', 'refunded', at)))).toEqual({ ok: true });
    const after = await savingsOf(cy);
    expect(after.months.find((m) => m.month === lastMonth)).toEqual({ month: lastMonth, savedCents: 0, labels: 0 });
    expect(after.labels).toBe(2);
    await expectSavingsMatchOrders(cy.id);
  });

  it('a refund whose order was counted after it was read is refused and decided again from a fresh read', async () => {
    const di = await newAccount('user', 'savings');
    const old = await olderLabel(di, new Date().toISOString());
    // The refund is asked (refund_pending) while the order is unstamped; then the first read counts it.
    vi.stubEnv('SANDBOX_REFUND_DELAY_SECONDS', '60');
    resetConfigForTests();
    try {
      const asked = await invoke('POST /shipping/orders/{shipOrderId}/refund', { token: di.token, params: { shipOrderId: old.id } });
      expect(asked.json).toMatchObject({ status: 'refund_pending' });
      const stale = await getOrder(di.id, old.id);
      expect((await savingsOf(di)).labels).toBe(1); // the first read counts the pending label
      const at = new Date().toISOString();
      const staleRefund = await transact(savingsRefundSteps(stale!, moveOrderStep(stale!, 'refund_pending', 'refunded', at, { refundDecidedAt: at })));
      expect(staleRefund).toMatchObject({ ok: false });
      const fresh = await getOrder(di.id, old.id);
      expect(await transact(savingsRefundSteps(fresh!, moveOrderStep(fresh!, 'refund_pending', 'refunded', at, { refundDecidedAt: at })))).toEqual({
        ok: true,
      });
      expect((await savingsOf(di)).labels).toBe(0);
    } finally {
      vi.unstubAllEnvs();
      resetConfigForTests();
    }
  });
});

describe('GET /wallet/balance-history', () => {
  it("answers 90 days of closing balances that agree with the ledger's balance after each entry", async () => {
    const ed = await newAccount('user', 'history');
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: now - 5 * DAY_MS });
    await creditWallet(ed, 2500);
    vi.setSystemTime(now - 2 * DAY_MS);
    await buyLabel(ed); // tops up 2000 more, then pays 600
    vi.useRealTimers();
    const withdrawal = await invoke('POST /wallet/withdrawals', { token: ed.token, body: { amount: 5 } });
    expect(withdrawal.statusCode).toBe(201);

    const res = await invoke('GET /wallet/balance-history', { token: ed.token });
    expect(res.statusCode).toBe(200);
    const { days } = res.json as BalanceHistory;
    expect(days).toHaveLength(90);
    expect(days.at(-1)?.day).toBe(todayInEastern());
    const on = (msAgo: number) => days.find((d) => d.day === todayInEastern(new Date(now - msAgo)))?.balanceCents;
    expect(on(7 * DAY_MS)).toBe(0);
    expect(on(5 * DAY_MS)).toBe(2500);
    expect(on(2 * DAY_MS)).toBe(2500 + 2000 - 600);
    // Today: the withdrawal's hold is out of the spendable balance, as on the wallet page.
    const user = await getUserById(ed.id, { consistent: true });
    expect(days.at(-1)?.balanceCents).toBe(user?.balanceCents);
    expect(days.at(-1)?.balanceCents).toBe(2500 + 2000 - 600 - 500);
    // Never more than 90 points, whatever the ledger's length; days before the first entry are zero.
    expect(days.slice(0, 80).every((d) => d.balanceCents === 0)).toBe(true);
  });

  it('puts a change made exactly at an Eastern midnight in the day it begins', () => {
    const step = closingStep('u1', 0, 1000, new Date('2026-01-16T05:00:00.000Z')); // midnight EST starting 16 January
    const update = step.item.Update!;
    expect(update.Key).toEqual({ pk: 'USER#u1', sk: 'BALDAY#2026-01' });
    expect(update.ExpressionAttributeNames).toEqual({ '#day': 'd16' });
    const month = closingMonthOf({ ...update.Key, opening: 0, d16: 1000 })!;
    expect(closingBalancesOf(['2026-01-15', '2026-01-16'], new Map([month]), 1000)).toEqual([0, 1000]);
  });

  it('carries a day without changes from the one before, and a month without changes from the next one that has them', () => {
    const months = new Map([
      closingMonthOf({ sk: 'BALDAY#2026-02', opening: 700, d03: 900, d10: 400 })!,
      closingMonthOf({ sk: 'BALDAY#2026-04', opening: 400, d02: 1500 })!,
    ]);
    const days = ['2026-01-31', '2026-02-02', '2026-02-03', '2026-02-09', '2026-02-10', '2026-03-15', '2026-04-01', '2026-04-02', '2026-04-05'];
    expect(closingBalancesOf(days, months, 1500)).toEqual([700, 700, 900, 900, 400, 400, 400, 1500, 1500]);
    // No change in the window at all: every day closes at the balance now.
    expect(closingBalancesOf(days, new Map(), 250)).toEqual(days.map(() => 250));
  });

  it("agrees with the stored ledger (the receipts' definition) at each close", async () => {
    const fay = await newAccount('user', 'history');
    await creditWallet(fay, 1200);
    await buyLabel(fay);
    const ledger = await listWholeLedger(fay.id);
    const res = await invoke('GET /wallet/balance-history', { token: fay.token });
    expect((res.json as BalanceHistory).days.at(-1)?.balanceCents).toBe(ledger.filter((e) => e.status === 'completed').reduce((n, e) => n + e.amountCents, 0));
  });
});

describe('GET /admin/stats days', () => {
  it('answers 30 UTC days oldest first, zero-filled, with labels and top-ups from the day shards', async () => {
    const admin = await newAccount('admin', 'stats');
    const tenDaysAgo = new Date(Date.now() - 10 * DAY_MS);
    await transact(steps('stats', statsItems({ topUps: 2, topUpCents: 3000, labels: 3 }, tenDaysAgo)));
    const before = await getStats();
    const gy = await newAccount('user', 'stats');
    await buyLabel(gy); // one top-up of $20 and one label today

    const res = await invoke('GET /admin/stats', { token: admin.token });
    expect(res.statusCode).toBe(200);
    const { days } = res.json as { days: { day: string; labels: number; topUps: number; topUpCents: number }[] };
    expect(days).toHaveLength(ADMIN_CHART_DAYS);
    expect(days.at(-1)?.day).toBe(new Date().toISOString().slice(0, 10));
    expect(days[0]?.day).toBe(new Date(Date.now() - 29 * DAY_MS).toISOString().slice(0, 10));
    const today = days.at(-1)!;
    const beforeToday = before.days.at(-1)!;
    expect(today).toMatchObject({ labels: beforeToday.labels + 1, topUps: beforeToday.topUps + 1, topUpCents: beforeToday.topUpCents + 2000 });
    expect(days.find((d) => d.day === tenDaysAgo.toISOString().slice(0, 10))).toMatchObject({ labels: 3, topUps: 2, topUpCents: 3000 });
    // The 7-day figures are the last 7 of the same days.
    const last7 = days.slice(-7);
    expect((res.json as { labels: { last7Days: number } }).labels.last7Days).toBe(last7.reduce((n, d) => n + d.labels, 0));
  });

  it('leaves out day shards older than 30 days', async () => {
    await transact(steps('stats', statsItems({ labels: 5 }, new Date(Date.now() - 31 * DAY_MS))));
    const s = await getStats();
    expect(s.days).toHaveLength(30);
    expect(s.days.some((d) => d.day === new Date(Date.now() - 31 * DAY_MS).toISOString().slice(0, 10))).toBe(false);
  });
});
