/**
 * Filtered lists: a page of up to `limit` items that match, read newest first
 * from one partition with as many Queries as it takes, but never more than MAX_ITEMS_READ items a
 * request. A plain DynamoDB page applies its Limit before the filter, so a page of a sparse filter
 * would come back with a few rows or none; this one keeps reading.
 *
 * The cursor stays DynamoDB's key, opaque to the caller: where a Query stopped (LastEvaluatedKey),
 * or, when a page fills in the middle of a Query's items, the key of the last item answered, so the
 * next page starts right after it. Either way no match is skipped or answered twice. When the read
 * budget runs out first, the page answers the matches found so far (maybe none) with the cursor
 * where reading stopped; the caller asks again.
 *
 * `matches` decides in code, after DynamoDB's FilterExpression: the expression only spares reading
 * rows back (it may let through more than matches, e.g. items stored before a filtered field
 * existed), while `matches` is the rule.
 */
import { InvalidRequest } from '../errors';
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { decodeCursor, encodeCursor, type Cursor, type Page } from './pagination';
import type { IndexName } from './table';

/** Most items one request reads (before filtering): a few Queries' pages, however sparse the filter. */
export const MAX_ITEMS_READ = 1000;
/** Items a filtered request asks for per Query, at least: a sparse filter needs few round trips. */
export const FILTERED_CHUNK = 200;

export interface FilteredQuery<T> {
  /** The Query: key condition, filter, names and values (newest first, Limit and start are set here). */
  input: Omit<QueryCommandInput, 'TableName' | 'Limit' | 'ExclusiveStartKey' | 'ScanIndexForward'>;
  /** The partition read, which a cursor must hold (see decodeCursor), and how its sort keys begin. */
  scope: Cursor;
  prefixes: Cursor;
  /** The sort key range of the key condition: a cursor outside it is refused (DynamoDB would answer an error, a 500). */
  bounds?: { name: string; low: string; high: string };
  fromItem: (item: Record<string, unknown>) => T;
  /** The rule in code; absent: every item DynamoDB answers matches. */
  matches?: (item: T) => boolean;
}

/** The key attributes of an item in this Query (the table's, plus the index's). */
function keyOf(item: Record<string, unknown>, index: IndexName | undefined): Cursor {
  const names = ['pk', 'sk', ...(index ? [`${index}pk`, `${index}sk`] : [])];
  return Object.fromEntries(names.map((n) => [n, String(item[n])]));
}

/** One page of the items that match, newest first (see the header). */
export async function queryMatches<T>(query: FilteredQuery<T>, page: { limit: number; cursor?: string }): Promise<Page<T>> {
  const index = query.input.IndexName as IndexName | undefined;
  let start: Record<string, unknown> | undefined = decodeCursor(page.cursor, query.scope, index, query.prefixes);
  const b = query.bounds;
  if (start && b && (String(start[b.name]) < b.low || String(start[b.name]) > b.high)) throw new InvalidRequest('Invalid cursor');
  const filtered = Boolean(query.input.FilterExpression || query.matches);
  const found: T[] = [];
  let read = 0;
  for (;;) {
    const want = page.limit - found.length;
    const limit = filtered ? Math.min(MAX_ITEMS_READ - read, Math.max(want, FILTERED_CHUNK)) : want;
    const out = await db.send(new QueryCommand({ TableName: tableName(), ScanIndexForward: false, Limit: limit, ExclusiveStartKey: start, ...query.input }));
    read += out.ScannedCount ?? limit;
    const items = out.Items ?? [];
    for (const [i, raw] of items.entries()) {
      const item = query.fromItem(raw);
      if (query.matches && !query.matches(item)) continue;
      found.push(item);
      if (found.length < page.limit) continue;
      // Full: go on after this item, or where the Query stopped when it was the last one read back.
      const last = i === items.length - 1;
      return { items: found, nextCursor: last ? encodeCursor(out.LastEvaluatedKey) : encodeCursor(keyOf(raw, index)) };
    }
    if (!out.LastEvaluatedKey || read >= MAX_ITEMS_READ) return { items: found, nextCursor: encodeCursor(out.LastEvaluatedKey) };
    start = out.LastEvaluatedKey;
  }
}
