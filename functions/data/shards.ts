/**
 * Write sharding for the keys every user writes: the work queues, the ledger-by-type index, the
 * users list, withdrawals, approvals, the audit log and the running figures. One partition key takes
 * about 1,000 write units a second; a key that every label writes would cap the whole service there.
 * Such a key is written as one of SHARDS keys, `<base>#<shard>`, and its readers fan out over all of
 * them, merging by sort key where a page keeps an order.
 *
 * SHARDS is the one place the count is set. Raising it needs no migration: writers start using the
 * new shards, readers read every shard up to the new count, and the old shards are among them.
 * Lowering it would hide the items of the dropped shards, so it only ever grows.
 *
 * A writer takes the next shard of its key's own rotation, which starts at a random shard in each
 * process: a process spreads its writes exactly evenly, and many processes (Lambda containers) add
 * up to an even spread, closer than a random choice per write gets. A backfill, which must land an
 * item on the same key every time it runs, takes `stableShard` of the item's id instead.
 */
import { randomInt } from 'node:crypto';
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { InvalidRequest } from '../errors';
import { db, tableName, type TransactItem } from './client';
import { FILTERED_CHUNK, MAX_ITEMS_READ } from './filtered-query';
import type { IndexName } from './table';

/**
 * The number of shards of every sharded key. A key that each label enters and leaves (a work queue)
 * takes two writes a label; 32 shards keep it at one write for every 16 labels, half the budget of
 * one for every 8 (docs/performance.md, bench/heat.ts).
 */
export const SHARDS = 32;

const rotations = new Map<string, number>();

/** The next number (0..SHARDS-1) of `base`'s rotation. */
export function nextShardNumber(base: string): number {
  const at = rotations.get(base) ?? randomInt(SHARDS);
  rotations.set(base, (at + 1) % SHARDS);
  return at;
}

/** The next shard key of `base`'s rotation: `<base>#<0..SHARDS-1>`. */
export const nextShard = (base: string): string => `${base}#${nextShardNumber(base)}`;

/** The shard an id always lands on (FNV-1a of the id): for writes that must be repeatable. */
export function stableShard(base: string, id: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return `${base}#${h % SHARDS}`;
}

/** Every shard key of `base`. */
export const allShards = (base: string): string[] => Array.from({ length: SHARDS }, (_, i) => `${base}#${i}`);

/** Whether `key` is one of `base`'s shard keys. */
export const isShardOf = (base: string, key: string): boolean => {
  const n = key.startsWith(`${base}#`) ? key.slice(base.length + 1) : '';
  return /^\d{1,4}$/.test(n) && Number(n) < SHARDS;
};

/** One sharded index read: which index, which key, a sort key range, and the direction. */
export interface ShardedQuery {
  index: IndexName;
  base: string;
  /** Only sort keys strictly after `after` in the read's direction (a page's cursor, a watermark). */
  after?: string;
  /** Sort key bounds, inclusive: `from` <= sk <= `to` (either may be absent). */
  from?: string;
  to?: string;
  /** Newest (largest sort key) first when true. */
  descending?: boolean;
  limit: number;
  /** A rule in code an item must also meet (what a filter expression cannot say). */
  matches?: (item: Record<string, unknown>) => boolean;
  /** A filter on other attributes, applied by DynamoDB after the key condition. */
  filter?: Pick<QueryCommandInput, 'FilterExpression' | 'ExpressionAttributeNames'> & { values?: Record<string, unknown> };
}

type Item = Record<string, unknown>;

/** One shard's read position: what it gave and not yet merged, where it stopped, whether it is done. */
interface Cursor {
  pk: string;
  buffer: Item[];
  next?: Record<string, unknown>;
  done: boolean;
}

/**
 * The first `limit` items of a sharded key in sort-key order across all its shards: a k-way merge
 * that reads each shard lazily, a page at a time, and reads a shard again only when its page ran
 * out before the merge could decide. Each shard's first page is read in parallel.
 */
export async function shardedQuery(q: ShardedQuery): Promise<Item[]> {
  const pkName = `${q.index}pk`;
  const skName = `${q.index}sk`;
  // `after` narrows the range to it, inclusive (a key condition has no strict bound with another),
  // and the item at `after` itself is dropped from what each read answers.
  let low = q.from;
  let high = q.to;
  if (q.after !== undefined && !q.descending && (low === undefined || low < q.after)) low = q.after;
  if (q.after !== undefined && q.descending && (high === undefined || high > q.after)) high = q.after;
  if (low !== undefined && high !== undefined && low > high) return [];
  const condition = [`${pkName} = :pk`];
  const values: Record<string, unknown> = { ...q.filter?.values };
  if (low !== undefined && high !== undefined) {
    condition.push(`${skName} BETWEEN :low AND :high`);
    Object.assign(values, { ':low': low, ':high': high });
  } else if (low !== undefined) {
    condition.push(`${skName} >= :low`);
    values[':low'] = low;
  } else if (high !== undefined) {
    condition.push(`${skName} <= :high`);
    values[':high'] = high;
  }
  // A page of a shard: enough that an even spread fills the merge from one read of each shard.
  const page = Math.max(2, Math.ceil((2 * q.limit) / SHARDS));
  const read = async (c: Cursor) => {
    const out = await db.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: q.index,
        KeyConditionExpression: condition.join(' AND '),
        ExpressionAttributeValues: { ...values, ':pk': c.pk },
        ...(q.filter?.FilterExpression ? { FilterExpression: q.filter.FilterExpression } : {}),
        ...(q.filter?.ExpressionAttributeNames ? { ExpressionAttributeNames: q.filter.ExpressionAttributeNames } : {}),
        ScanIndexForward: !q.descending,
        Limit: page,
        ExclusiveStartKey: c.next,
      }),
    );
    c.buffer.push(...(out.Items ?? []).filter((item) => (q.after === undefined || item[skName] !== q.after) && (!q.matches || q.matches(item))));
    c.next = out.LastEvaluatedKey;
    c.done = !out.LastEvaluatedKey;
  };
  const cursors: Cursor[] = allShards(q.base).map((pk) => ({ pk, buffer: [], done: false }));
  await Promise.all(cursors.map(read));
  const out: Item[] = [];
  const before = (a: Item, b: Item) => (q.descending ? String(a[skName]) > String(b[skName]) : String(a[skName]) < String(b[skName]));
  while (out.length < q.limit) {
    // A shard with nothing buffered but more to read could hold the next item: read it first.
    const empty = cursors.filter((c) => c.buffer.length === 0 && !c.done);
    if (empty.length) {
      await Promise.all(empty.map(read));
      continue;
    }
    let best: Cursor | undefined;
    for (const c of cursors) if (c.buffer.length && (!best || before(c.buffer[0] as Item, best.buffer[0] as Item))) best = c;
    if (!best) break;
    out.push(best.buffer.shift() as Item);
  }
  return out;
}

/**
 * A page of a sharded list: its items, and a cursor that is the last item's sort key (the next page
 * reads every shard past it). Sort keys are unique (`<time>#<id>`), so no item is read twice or skipped.
 */
export async function shardedPage(q: Omit<ShardedQuery, 'after'> & { cursor?: string }): Promise<{ items: Item[]; nextCursor: string | null }> {
  const after = decodeShardCursor(q.cursor);
  const items = await shardedQuery({ ...q, ...(after !== undefined ? { after } : {}), limit: q.limit + 1 });
  const shown = items.slice(0, q.limit);
  const last = shown[shown.length - 1];
  return { items: shown, nextCursor: items.length > q.limit && last ? encodeShardCursor(String(last[`${q.index}sk`])) : null };
}

/**
 * A page of a sharded list of the items that meet `matches`, newest first, up to `limit` however
 * sparse the matches, but never more than MAX_ITEMS_READ items read a request (the rule of
 * ./filtered-query.ts for one partition): when the budget runs out first, the page answers the
 * matches found so far (maybe none) with a cursor where reading stopped, and the caller asks again.
 */
export async function shardedMatchesPage(
  q: Omit<ShardedQuery, 'after' | 'matches'> & { cursor?: string; matches?: (item: Item) => boolean },
): Promise<{ items: Item[]; nextCursor: string | null }> {
  const { cursor, matches, ...query } = q;
  const skName = `${q.index}sk`;
  let after = decodeShardCursor(cursor);
  // One match past the page tells whether another page follows.
  const found: Item[] = [];
  let read = 0;
  for (;;) {
    const want = q.limit + 1 - found.length;
    const limit = matches ? Math.min(MAX_ITEMS_READ - read, Math.max(want, FILTERED_CHUNK)) : want;
    const items = await shardedQuery({ ...query, limit, ...(after !== undefined ? { after } : {}) });
    read += items.length;
    for (const item of items) {
      if (matches && !matches(item)) continue;
      found.push(item);
      if (found.length > q.limit) {
        const shown = found.slice(0, q.limit);
        return { items: shown, nextCursor: encodeShardCursor(String(shown[shown.length - 1]?.[skName])) };
      }
    }
    const last = items[items.length - 1];
    // Fewer than asked: every shard is read to the end of the range.
    if (items.length < limit || !last) return { items: found, nextCursor: null };
    after = String(last[skName]);
    if (read >= MAX_ITEMS_READ) return { items: found, nextCursor: encodeShardCursor(after) };
  }
}

export const encodeShardCursor = (sortKey: string): string => Buffer.from(JSON.stringify({ after: sortKey })).toString('base64url');

/** The sort key a cursor holds; anything else is refused (400) rather than passed to DynamoDB. */
export function decodeShardCursor(cursor: string | undefined): string | undefined {
  if (!cursor) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const after = (value as { after?: unknown }).after;
    if (typeof value !== 'object' || value === null || Object.keys(value).length !== 1 || typeof after !== 'string' || !after || after.length > 1024)
      throw new Error('not a cursor');
    return after;
  } catch {
    throw new InvalidRequest('Invalid cursor');
  }
}

/**
 * How the one-off backfill (functions/jobs/backfill-shards.ts) moves one item written before its key
 * was sharded: the transaction items that give it its sharded keys, each conditioned on the item
 * still holding its old key (so a second run, or a live write meanwhile, changes nothing), or
 * undefined when the item needs nothing. Each entity module with a sharded key exports one.
 */
export type ShardBackfill = (item: Record<string, unknown>) => TransactItem[] | undefined;

/**
 * The backfill's move of an item's index keys from their old unsharded values to the stable shards
 * of `id`, in one update conditioned on each still holding its old value; `moves` pairs a key with
 * its old value, undefined where the item holds it no more. Undefined when nothing is left to move.
 */
export function moveToStableShards(
  item: Record<string, unknown>,
  moves: readonly (readonly ['gsi1pk' | 'gsi2pk' | 'gsi3pk', string | undefined])[],
  id: string,
): TransactItem[] | undefined {
  const held = moves.filter((m): m is readonly ['gsi1pk' | 'gsi2pk' | 'gsi3pk', string] => m[1] !== undefined);
  if (!held.length) return undefined;
  return [
    {
      Update: {
        TableName: tableName(),
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: `SET ${held.map(([name]) => `${name} = :${name}`).join(', ')}`,
        ConditionExpression: held.map(([name]) => `${name} = :old${name}`).join(' AND '),
        ExpressionAttributeValues: Object.fromEntries(
          held.flatMap(([name, old]) => [
            [`:${name}`, stableShard(old, id)],
            [`:old${name}`, old],
          ]),
        ),
      },
    },
  ];
}
