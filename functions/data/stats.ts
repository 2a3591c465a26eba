/**
 * Running figures for the public labels counter and the admin dashboard, kept up to date inside the
 * transactions that change them (so they can never drift from the data and cost one BatchGet to
 * read, never a Scan). Sharded so many concurrent purchases don't all update one hot item.
 *
 *   all time  pk STATS#total#<0..SHARDS-1>           sk STATS  labels, users, balanceCents,
 *                                                               realLabels, realRevenueCents, realCostCents
 *   per day   pk STATS#day#<YYYY-MM-DD>#<0..SHARDS-1> sk STATS  labels, topUps, topUpCents, expiresAt
 *
 * Days are UTC; a day's shards expire (TTL) well after they leave the 7-day window. "Real" labels
 * are those a carrier charged us for (BoughtLabel.costCents not null): the margin on the dashboard
 * is their revenue minus their cost. Sandbox labels cost nothing and are counted in `labels` only.
 */
import { BatchGetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { randomInt } from 'node:crypto';
import { db, tableName } from './client';

export const STATS_SHARDS = 10;
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
  const shard = randomInt(STATS_SHARDS);
  const items = [];
  const total = addExpression({
    labels: change.labels ?? 0,
    users: change.users ?? 0,
    balanceCents: change.balanceCents ?? 0,
    realLabels: change.realLabels ?? 0,
    realRevenueCents: change.realRevenueCents ?? 0,
    realCostCents: change.realCostCents ?? 0,
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

/** Reads `keys` with BatchGet (asking again for unprocessed keys) and returns the items found. */
async function batchGet(keys: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = { [tableName()]: { Keys: keys } };
  for (let attempt = 0; request && attempt < 5; attempt++) {
    const out: BatchGetCommandOutput = await db.send(new BatchGetCommand({ RequestItems: request }));
    found.push(...(out.Responses?.[tableName()] ?? []));
    const rest: Record<string, unknown>[] | undefined = out.UnprocessedKeys?.[tableName()]?.Keys;
    request = rest?.length ? { [tableName()]: { Keys: rest } } : undefined;
  }
  if (request) throw new Error('Stats read left unprocessed keys');
  return found;
}

const sum = (items: Record<string, unknown>[], field: string) => items.reduce((n, item) => n + Number(item[field] ?? 0), 0);
const shards = () => Array.from({ length: STATS_SHARDS }, (_, i) => i);

/** Number of labels created: the sum of the all-time shards (missing shards count 0). */
export async function getLabelCount(): Promise<number> {
  return sum(await batchGet(shards().map(totalKey)), 'labels');
}

export interface Stats {
  users: number;
  labels: number;
  balanceCents: number;
  /** All time: labels a carrier charged us for, their price to customers and their carrier cost. */
  realLabels: { count: number; revenueCents: number; costCents: number };
  window: { from: string; to: string; labels: number; topUps: number; topUpCents: number };
}

/** All figures: the all-time shards and the window's day shards, 80 keys in one BatchGet. */
export async function getStats(now = new Date()): Promise<Stats> {
  const days = Array.from({ length: STATS_WINDOW_DAYS }, (_, i) => utcDay(new Date(now.getTime() - i * 86_400_000)));
  const items = await batchGet([...shards().map(totalKey), ...days.flatMap((d) => shards().map((s) => dayKey(d, s)))]);
  const totals = items.filter((i) => String(i.pk).startsWith('STATS#total#'));
  const daily = items.filter((i) => String(i.pk).startsWith('STATS#day#'));
  return {
    users: sum(totals, 'users'),
    labels: sum(totals, 'labels'),
    balanceCents: sum(totals, 'balanceCents'),
    realLabels: { count: sum(totals, 'realLabels'), revenueCents: sum(totals, 'realRevenueCents'), costCents: sum(totals, 'realCostCents') },
    window: {
      from: days[days.length - 1] as string,
      to: days[0] as string,
      labels: sum(daily, 'labels'),
      topUps: sum(daily, 'topUps'),
      topUpCents: sum(daily, 'topUpCents'),
    },
  };
}
