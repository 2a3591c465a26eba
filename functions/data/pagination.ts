/**
 * Cursor paging for list routes: the cursor is DynamoDB's LastEvaluatedKey as base64url JSON, so a
 * page is always one Query. A cursor is only ever echoed back; one that does not decode to string
 * keys is refused as a 400 rather than handed to DynamoDB.
 */
import { InvalidRequest } from '../errors';
import type { IndexName } from './table';

export type Cursor = Record<string, string>;

export const encodeCursor = (key: Record<string, unknown> | undefined): string | null => (key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null);

/**
 * The decoded cursor's keys: an object of strings of at most 1024 characters, else it throws.
 * Checked by hand, not with zod: a list route without a query schema then bundles no zod.
 */
function stringKeys(value: unknown): Cursor {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
  for (const v of Object.values(value)) if (typeof v !== 'string' || v.length > 1024) throw new Error('not a key');
  return value as Cursor;
}

/**
 * Decodes a cursor for one query. `scope` holds the partition key the query reads (`{ pk: 'USER#1' }`
 * or `{ gsi1pk: 'USERS' }`) and `index` the index it reads, if any: a cursor must hold exactly that
 * query's key attributes, in that partition, or it is refused rather than passed to DynamoDB.
 * `prefixes` holds how the other keys of the query's items begin (`{ sk: 'ORDER#' }`): DynamoDB
 * refuses a start key outside the query's key condition with an error, which would be a 500.
 */
export function decodeCursor(cursor: string | undefined, scope: Cursor, index?: IndexName, prefixes: Cursor = {}): Cursor | undefined {
  if (!cursor) return undefined;
  const names = ['pk', 'sk', ...(index ? [`${index}pk`, `${index}sk`] : [])].sort();
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const keys = stringKeys(value);
    if (Object.keys(keys).sort().join() !== names.join()) throw new Error("not this query's keys");
    if (Object.entries(scope).some(([name, expected]) => keys[name] !== expected)) throw new Error('another partition');
    if (Object.entries(prefixes).some(([name, prefix]) => !keys[name]?.startsWith(prefix))) throw new Error("not this query's items");
    return keys;
  } catch {
    throw new InvalidRequest('Invalid cursor');
  }
}

/** Query string of a list route: an optional cursor and a page size of 1-100 (default 50). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
