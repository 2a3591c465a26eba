/**
 * Running figures for the public labels counter and the admin dashboard, kept up to date inside the
 * transactions that change them (so they can never drift from the data and cost one BatchGet to
 * read, never a Scan). Sharded so many concurrent purchases don't all update one hot item.
 *
 *   all time  pk STATS#total#<0..SHARDS-1>           sk STATS  labels, users, balanceCents,
 *                                                               realLabels, realRevenueCents, realCostCents,
 *                                                               carriedRefunds, carriedRefundCents
 *   per day   pk STATS#day#<YYYY-MM-DD>#<0..SHARDS-1> sk STATS  labels, topUps, topUpCents, expiresAt
 *
 * Days are UTC; a day's shards expire (TTL) 40 days on, well after they leave the dashboard's 30-day charts. "Real" labels
 * are those a carrier charged us for (BoughtLabel.costCents not null): the margin on the dashboard
 * is their revenue minus their cost. Sandbox labels cost nothing and are counted in `labels` only.
 * Carried refunds are labels credited to the wallet when their refund was asked (never downloaded)
 * whose refund the carrier then rejected: we gave their price back and the carrier kept its cost.
 */
import { ADMIN_CHART_DAYS } from '../../domain/admin-stats';
import type { AdminStatsDay } from '../../domain/api/admin';
import { lastUtcDays, zeroFill } from '../../domain/insights';
import { batchGet, tableName } from './client';
import { nextShardNumber, SHARDS } from './shards';

/** One shard count for every sharded key (./shards.ts). */
export const STATS_SHARDS = SHARDS;
/** The dashboard's window: today and the 6 days before it (UTC). */
export const STATS_WINDOW_DAYS = 7;
const DAY_TTL_S = 40 * 86_400;

const totalKey = (shard: number) => ({ pk: `STATS#total#${shard}`, sk: 'STATS' });
const dayKey = (day: string, shard: number) => ({ pk: `STATS#day#${day}#${shard}`, sk: 'STATS' });
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** What one transaction changes; every field defaults to 0. */
export interface StatsChange {
  labels?: number;
  users?: number;
  /** The change to the sum of all wallet balances. */
  balanceCents?: number;
  topUps?: number;
  topUpCents?: number;
  /** Labels a carrier charged us for, what customers paid for them, and what the carrier charged. */
  realLabels?: number;
  realRevenueCents?: number;
  realCostCents?: number;
  /** Refunds we carried: labels credited early whose refund the carrier rejected, and the prices credited. */
  carriedRefunds?: number;
  carriedRefundCents?: number;
}

/**
 * The change of one created label: counted in `labels`, and as a real label with its price and
 * cost when the carrier charged for it (costCents null or absent: the sandbox, nothing bought).
 * A refund of a real label will move the three real figures back by the same amounts.
 */
export function createdLabelStats(priceCents: number, costCents: number | null | undefined): StatsChange {
  if (costCents === null || costCents === undefined) return { labels: 1 };
  return { labels: 1, realLabels: 1, realRevenueCents: priceCents, realCostCents: costCents };
}

/** `ADD a :a, b :b` over the non-zero fields, or undefined when there are none. */
function addExpression(fields: Record<string, number>): { expr: string; names: Record<string, string>; values: Record<string, number> } | undefined {
  const set = Object.entries(fields).filter(([, v]) => v !== 0);
  if (set.length === 0) return undefined;
  return {
    expr: `ADD ${set.map(([k]) => `#${k} :${k}`).join(', ')}`,
    names: Object.fromEntries(set.map(([k]) => [`#${k}`, k])),
    values: Object.fromEntries(set.map(([k, v]) => [`:${k}`, v])),
  };
}

/**
 * The TransactWrite items (0 to 2) that apply `change`: they go into the transaction that makes the
 * change, so the figures move exactly when it commits. Call once per transaction.
 */
export function statsItems(change: StatsChange, now = new Date()) {
  const shard = nextShardNumber('STATS');
  const items = [];
  const total = addExpression({
    labels: change.labels ?? 0,
    users: change.users ?? 0,
    balanceCents: change.balanceCents ?? 0,
    realLabels: change.realLabels ?? 0,
    realRevenueCents: change.realRevenueCents ?? 0,
    realCostCents: change.realCostCents ?? 0,
    carriedRefunds: change.carriedRefunds ?? 0,
    carriedRefundCents: change.carriedRefundCents ?? 0,
  });
  if (total) {
    items.push({
      Update: {
        TableName: tableName(),
        Key: totalKey(shard),
        UpdateExpression: total.expr,
        ExpressionAttributeNames: total.names,
        ExpressionAttributeValues: total.values,
      },
    });
  }
  const day = addExpression({ labels: change.labels ?? 0, topUps: change.topUps ?? 0, topUpCents: change.topUpCents ?? 0 });
  if (day) {
    items.push({
      Update: {
        TableName: tableName(),
        Key: dayKey(utcDay(now), shard),
        UpdateExpression: `${day.expr} SET expiresAt = if_not_exists(expiresAt, :expires)`,
        ExpressionAttributeNames: day.names,
        ExpressionAttributeValues: { ...day.values, ':expires': Math.floor(now.getTime() / 1000) + DAY_TTL_S },
      },
    });
  }
  return items;
}

const sum = (items: Record<string, unknown>[], field: string) => items.reduce((n, item) => n + Number(item[field] ?? 0), 0);
const shards = () => Array.from({ length: STATS_SHARDS }, (_, i) => i);

/** Number of labels created: the sum of the all-time shards (missing shards count 0). */
export async function getLabelCount(): Promise<number> {
  return (await getTotals()).labels;
}

export interface Stats {
  users: number;
  labels: number;
  balanceCents: number;
  /** All time: labels a carrier charged us for, their price to customers and their carrier cost. */
  realLabels: { count: number; revenueCents: number; costCents: number };
  /** All time: refunds credited at their request (labels never downloaded) that the carrier rejected, and their prices. */
  carriedRefunds: { count: number; cents: number };
  window: { from: string; to: string; labels: number; topUps: number; topUpCents: number };
  /** The charts' ADMIN_CHART_DAYS UTC days, oldest first, zero-filled. */
  days: AdminStatsDay[];
}

/** The all-time figures. */
export type Totals = Pick<Stats, 'users' | 'labels' | 'balanceCents' | 'realLabels' | 'carriedRefunds'>;

const totalsOf = (totals: Record<string, unknown>[]): Totals => ({
  users: sum(totals, 'users'),
  labels: sum(totals, 'labels'),
  balanceCents: sum(totals, 'balanceCents'),
  realLabels: { count: sum(totals, 'realLabels'), revenueCents: sum(totals, 'realRevenueCents'), costCents: sum(totals, 'realCostCents') },
  carriedRefunds: { count: sum(totals, 'carriedRefunds'), cents: sum(totals, 'carriedRefundCents') },
});

/** The all-time figures alone: one BatchGet of the all-time shards, not the charts' days. */
export const getTotals = async (): Promise<Totals> => totalsOf(await batchGet(shards().map(totalKey)));

/** The day a day shard's key names (`STATS#day#<day>#<shard>`). */
const dayOfShard = (item: Record<string, unknown>) => String(item.pk).split('#')[2] as string;

/**
 * All figures: the all-time shards and the charts' 30 days of day shards (the 7-day window is the
 * last 7 of them), (1 + 30) x SHARDS keys in parallel BatchGets of at most 100.
 */
export async function getStats(now = new Date()): Promise<Stats> {
  const chartDays = lastUtcDays(now, ADMIN_CHART_DAYS);
  const items = await batchGet([...shards().map(totalKey), ...chartDays.flatMap((d) => shards().map((s) => dayKey(d, s)))]);
  const totals = items.filter((i) => String(i.pk).startsWith('STATS#total#'));
  const byDay = new Map<string, AdminStatsDay>();
  for (const item of items.filter((i) => String(i.pk).startsWith('STATS#day#'))) {
    const day = dayOfShard(item);
    const row = byDay.get(day) ?? { day, labels: 0, topUps: 0, topUpCents: 0 };
    byDay.set(day, {
      day,
      labels: row.labels + Number(item.labels ?? 0),
      topUps: row.topUps + Number(item.topUps ?? 0),
      topUpCents: row.topUpCents + Number(item.topUpCents ?? 0),
    });
  }
  const dayRows = zeroFill(chartDays, byDay, (day) => ({ day, labels: 0, topUps: 0, topUpCents: 0 }));
  const days = chartDays.slice(-STATS_WINDOW_DAYS).reverse();
  const daily = items.filter((i) => String(i.pk).startsWith('STATS#day#') && days.includes(dayOfShard(i)));
  return {
    ...totalsOf(totals),
    window: {
      from: days[days.length - 1] as string,
      to: days[0] as string,
      labels: sum(daily, 'labels'),
      topUps: sum(daily, 'topUps'),
      topUpCents: sum(daily, 'topUpCents'),
    },
    days: dayRows,
  };
}
