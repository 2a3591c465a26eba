/**
 * GET /admin/stats against DynamoDB Local, on a clock fixed at 2026-11-21: the figures are moved the
 * way the money and label transactions move them (statsItems inside a TransactWrite, on a random
 * shard each time), on days inside and outside the 7-day window. The file's table starts with no
 * figures; the only users counted are the accounts made here. "Never a Scan" and "reads no figures"
 * are proved by making those reads fail: an answer that is still right never made them.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../../../../functions/data/client';
import { createdLabelStats, statsItems, type StatsChange } from '../../../../functions/data/stats';
import type { AdminStats } from '../../../../domain/api/admin';
import { signSessionToken } from '../../../session-token';
import { installFaultInjector } from '../../reliability/helpers';
import { invoke, newAccount, type Account } from '../../security/actors';
import { CODE_FIRST, SIGN_IN } from '../answers';
import { changesOf, withoutWrites } from '../table-changes';

const NOW = Date.parse('2026-11-21T10:00:00.000Z');
const NOT_ADMIN = { message: 'You do not have access to this' };
const NO_REAL_LABELS = { count: 0, revenue: { cents: 0, dollars: 0 }, carrierCost: { cents: 0, dollars: 0 }, margin: { cents: 0, dollars: 0, percent: null } };

type Day = { labels: number; topUps: number; topUpCents: number };
/** The 30 chart days ending 2026-11-21, zeros except `some`. */
const chartDays = (some: Record<string, Day> = {}) =>
  Array.from({ length: 30 }, (_, i) => {
    const day = new Date(NOW - (29 - i) * 86_400_000).toISOString().slice(0, 10);
    return { day, ...(some[day] ?? { labels: 0, topUps: 0, topUpCents: 0 }) };
  });

/** Applies `change` at `at` as a money or label transaction does: its stats items in one TransactWrite. */
const apply = (change: StatsChange, at: string) => db.send(new TransactWriteCommand({ TransactItems: statsItems(change, new Date(at)) }));

const faults = installFaultInjector();
let admin: Account;
let ann: Account;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  [admin, ann] = await Promise.all([newAccount('admin', 'stats'), newAccount('user', 'stats')]);
});
afterEach(() => {
  faults.stop();
});
afterAll(() => vi.useRealTimers());

/** Reading the figures writes nothing. `token: null` sends none. */
const getStats = (token: string | null = admin.token) => withoutWrites(() => invoke('GET /admin/stats', { token: token ?? undefined }));

describe('GET /admin/stats', () => {
  // First: the later tests move the figures of the file's table.
  it('answers zeros for every figure nothing has moved yet (only the two accounts are counted)', async () => {
    const res = await getStats();

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({
      users: 2,
      labels: { total: 0, last7Days: 0 },
      topUps: { last7Days: { count: 0, cents: 0, dollars: 0 } },
      balances: { cents: 0, dollars: 0 },
      realLabels: NO_REAL_LABELS,
      carriedRefunds: { count: 0, cents: 0, dollars: 0 },
      window: { from: '2026-11-15', to: '2026-11-21' },
      days: chartDays(),
    });
  });

  it('sums the all-time figures of every shard, and the daily ones of today and the 6 days before it only', async () => {
    // Today, in pieces (so on several shards).
    for (let i = 0; i < 10; i++) await apply({ labels: 1, balanceCents: 125 }, '2026-11-21T09:00:00.000Z');
    await apply({ topUps: 1, topUpCents: 2500 }, '2026-11-21T09:30:00.000Z');
    await apply({ labels: 2, balanceCents: -250, users: 1 }, '2026-11-18T12:00:00.000Z');
    // The first and the last second of the window's first day...
    await apply({ labels: 1, topUps: 1, topUpCents: 1000 }, '2026-11-15T00:00:00.000Z');
    await apply({ topUps: 1, topUpCents: 1 }, '2026-11-15T23:59:59.999Z');
    // ...and the day before it: counted all-time, not in the window.
    await apply({ labels: 5, topUps: 4, topUpCents: 9999 }, '2026-11-14T23:59:59.999Z');

    const res = await getStats();

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({
      users: 3,
      labels: { total: 18, last7Days: 13 },
      topUps: { last7Days: { count: 3, cents: 3501, dollars: 35.01 } },
      balances: { cents: 1000, dollars: 10 },
      // Labels without a carrier cost (the sandbox's) are labels, not real ones.
      realLabels: NO_REAL_LABELS,
      carriedRefunds: { count: 0, cents: 0, dollars: 0 },
      window: { from: '2026-11-15', to: '2026-11-21' },
      // The charts' 30 days: the day before the window is among them.
      days: chartDays({
        '2026-11-14': { labels: 5, topUps: 4, topUpCents: 9999 },
        '2026-11-15': { labels: 1, topUps: 2, topUpCents: 1001 },
        '2026-11-18': { labels: 2, topUps: 0, topUpCents: 0 },
        '2026-11-21': { labels: 10, topUps: 1, topUpCents: 2500 },
      }),
    });
  });

  it('shows the revenue, carrier cost and margin of real labels only, as completeOrder counts them', async () => {
    const before = (await getStats()).json as unknown as AdminStats;
    // Three real labels ($6.00 at $4.75, $7.00 at $5.13, $5.00 at $5.35: one sold at a loss) and two sandbox ones.
    for (const [price, cost] of [
      [600, 475],
      [700, 513],
      [500, 535],
      [600, null],
      [500, undefined],
    ] as const) {
      await apply(createdLabelStats(price, cost), '2026-11-20T08:00:00.000Z');
    }

    const res = await getStats();

    expect(res.statusCode).toBe(200);
    const after = res.json as unknown as AdminStats;
    expect(after.labels.total - before.labels.total).toBe(5);
    // 1800 - 1523 = 277 cents, 15.4 % of the revenue.
    expect(after.realLabels).toEqual({
      count: 3,
      revenue: { cents: 1800, dollars: 18 },
      carrierCost: { cents: 1523, dollars: 15.23 },
      margin: { cents: 277, dollars: 2.77, percent: 15.4 },
    });
  });

  it('counts the refunds we carried (credited at the request, rejected by the carrier) and puts their carrier cost back in the margin', async () => {
    const before = (await getStats()).json as unknown as AdminStats;
    // What label-refunds.ts moves: the early credit takes the label out as a refund would, the rejection carries it.
    await apply({ realLabels: -1, realRevenueCents: -600, realCostCents: -475, balanceCents: 600 }, '2026-11-20T09:00:00.000Z');
    await apply({ carriedRefunds: 1, carriedRefundCents: 600, realCostCents: 475 }, '2026-11-20T10:00:00.000Z');

    const after = (await getStats()).json as unknown as AdminStats;
    expect(after.carriedRefunds).toEqual({
      count: before.carriedRefunds.count + 1,
      cents: before.carriedRefunds.cents + 600,
      dollars: (before.carriedRefunds.cents + 600) / 100,
    });
    expect(after.realLabels.count - before.realLabels.count).toBe(-1);
    expect(after.realLabels.revenue.cents - before.realLabels.revenue.cents).toBe(-600);
    // The carrier kept its cost: the margin falls by the price credited.
    expect(after.realLabels.margin.cents - before.realLabels.margin.cents).toBe(-600);
  });

  it('never scans or queries the table: the same figures when every Scan, or every Query, fails', async () => {
    const figures = (await getStats()).json;

    // Not through getStats(): its own check that nothing was written scans the table.
    faults.armOn('ScanCommand', 'throttling', { times: Number.POSITIVE_INFINITY });
    const withoutScans = await invoke('GET /admin/stats', { token: admin.token });
    faults.stop();
    faults.armOn('QueryCommand', 'throttling', { times: Number.POSITIVE_INFINITY });
    const withoutQueries = await getStats();

    expect(withoutScans.statusCode).toBe(200);
    expect(withoutScans.json).toEqual(figures);
    expect(withoutQueries.statusCode).toBe(200);
    expect(withoutQueries.json).toEqual(figures);
  });

  it('is for admins only: 403 for a user, 401 without a token and 403 before the code step, reading no figures', async () => {
    faults.armOn('BatchGetItemCommand', 'throttling', { times: Number.POSITIVE_INFINITY });
    const user = await getStats(ann.token);
    const anonymous = await getStats(null);
    const otp = await getStats(admin.otpToken);

    expect(user.statusCode).toBe(403);
    expect(user.json).toEqual(NOT_ADMIN);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json).toEqual(SIGN_IN);
    expect(otp.statusCode).toBe(403);
    expect(otp.json).toEqual(CODE_FIRST);
  });

  it('refuses a signed admin claim whose stored account is not an admin, reading no figures', async () => {
    const claimed = await signSessionToken({ userId: ann.id, role: 'admin', scope: 'full' });
    faults.armOn('BatchGetItemCommand', 'throttling', { times: Number.POSITIVE_INFINITY });
    const res = await getStats(claimed);

    expect(res.statusCode).toBe(403);
    expect(res.json).toEqual(NOT_ADMIN);
  });
});

describe('statsItems, applied', () => {
  type Item = Record<string, unknown> & { pk: string };
  const parse = (lines: string[]) => lines.map((l) => JSON.parse(l) as Item);

  it('adds the all-time figures to one shard and the daily ones to that day, with a TTL 40 days after it', async () => {
    const at = '2026-12-25T23:59:59.000Z';
    const { written, removed } = await changesOf(() => apply({ labels: 1, balanceCents: -600 }, at));

    const [total, ...moreTotals] = parse(written).filter((i) => i.pk.startsWith('STATS#total#'));
    const days = parse(written).filter((i) => i.pk.startsWith('STATS#day#'));
    expect(moreTotals).toEqual([]);
    expect(total?.pk).toMatch(/^STATS#total#\d+$/);
    const old: Record<string, unknown> = parse(removed).find((i) => i.pk === total?.pk) ?? {};
    expect([Number(total?.labels ?? 0) - Number(old.labels ?? 0), Number(total?.balanceCents ?? 0) - Number(old.balanceCents ?? 0)]).toEqual([1, -600]);
    expect(days).toEqual([
      { pk: expect.stringMatching(/^STATS#day#2026-12-25#\d+$/), sk: 'STATS', labels: 1, expiresAt: Math.floor(Date.parse(at) / 1000) + 40 * 86_400 },
    ]);
  });

  it('writes no daily item for an all-time-only change, and nothing at all for no change', async () => {
    const { written } = await changesOf(() => apply({ users: 1 }, '2026-12-26T12:00:00.000Z'));

    expect(parse(written).map((i) => i.pk)).toEqual([expect.stringMatching(/^STATS#total#\d+$/)]);
    expect(statsItems({ balanceCents: 0 })).toEqual([]);
  });
});
