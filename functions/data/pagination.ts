/**
 * Cursor paging for list routes: the cursor is DynamoDB's LastEvaluatedKey as base64url JSON, so a
 * page is always one Query. A cursor is only ever echoed back; one that does not decode to string
 * keys is refused as a 400 rather than handed to DynamoDB.
 */
import { z } from 'zod';
import { InvalidRequest } from '../errors';

export type Cursor = Record<string, string>;

export const encodeCursor = (key: Record<string, unknown> | undefined): string | null =>
  key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;

export function decodeCursor(cursor: string | undefined): Cursor | undefined {
  if (!cursor) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const keys = z.record(z.string().regex(/^(pk|sk|gsi\d(pk|sk))$/), z.string().max(1024)).parse(value);
    if (Object.keys(keys).length === 0) throw new Error('empty');
    return keys;
  } catch {
    throw new InvalidRequest('Invalid cursor');
  }
}

/** Query string of a list route: an optional cursor and a page size of 1-100 (default 50). */
export const pageQuerySchema = z.object({
  cursor: z.string().max(4096).optional(),
  limit: z.coerce.number({ error: 'limit must be a number from 1 to 100' }).int().min(1).max(100).default(50),
});

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
