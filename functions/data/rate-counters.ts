/**
 * Counters with growing delays, for the limits on signing in, codes and reset requests
 * (functions/accounts/limits.ts holds the rules and their numbers). A counter counts hits (a wrong
 * password, a wrong code, a mail sent) of one subject (an address, an account, or both together).
 * The first `free` hits may follow one another at once; from the last of them on, each hit refuses
 * the subject for a delay that doubles, 2, 4, 8 ... seconds, up to `maxDelayMs`. A counter forgets everything after `forgetMs` without a hit, so an attacker who
 * keeps going keeps the longest delay, while a person who mistyped starts afresh after a pause.
 *
 *   counter  pk LIMIT#<limit name>#<subject>  sk COUNT  hits, lastAt (ms), blockedUntil (ms), expiresAt (s)
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName, type TransactItem } from './client';

export interface Limit {
  /** Part of the key: one name per rule. */
  name: string;
  /** Hits that may follow one another without a wait (the next one waits 2 s). */
  free: number;
  /** A counter forgets after this long without a hit; never shorter than maxDelayMs. */
  forgetMs: number;
  /** The longest refusal. */
  maxDelayMs: number;
}

/** One limit applied to one subject. */
export interface Counter {
  limit: Limit;
  subject: string;
}

export const counterKey = ({ limit, subject }: Counter) => ({ pk: `LIMIT#${limit.name}#${subject}`, sk: 'COUNT' });

/** How long the nth hit refuses the subject: nothing before the free hits are used up, then 2, 4, 8 ... s, capped. */
export function delayAfter(limit: Limit, hits: number): number {
  if (hits < limit.free) return 0;
  return Math.min(2 ** Math.min(hits - limit.free + 1, 40) * 1000, limit.maxDelayMs);
}

/** Milliseconds until every counter allows another try (0: now). Consistent reads, one per counter. */
export async function waitOf(counters: readonly Counter[], now = Date.now()): Promise<number> {
  const items = await Promise.all(
    counters.map((c) => db.send(new GetCommand({ TableName: tableName(), Key: counterKey(c), ConsistentRead: true, ProjectionExpression: 'blockedUntil' }))),
  );
  return Math.max(0, ...items.map(({ Item }) => Number(Item?.blockedUntil ?? 0) - now));
}

const expiresAt = (limit: Limit, now: number) => Math.floor((now + limit.forgetMs + limit.maxDelayMs) / 1000);

/**
 * Counts one hit: one more within the counter's memory, or a fresh count of 1 once it has forgotten;
 * beyond the free hits it also refuses the subject for the hit's delay (never shortening a longer
 * refusal a concurrent hit set). Returns the count.
 */
export async function recordHit(counter: Counter, now = Date.now()): Promise<number> {
  const { limit } = counter;
  const Key = counterKey(counter);
  const floor = now - limit.forgetMs;
  let hits: number | undefined;
  // Two rounds at most: a concurrent hit may start the fresh count between our two writes.
  for (let round = 0; hits === undefined && round < 2; round++) {
    try {
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key,
          UpdateExpression: 'SET hits = hits + :one, lastAt = :now, expiresAt = :exp',
          ConditionExpression: 'attribute_exists(pk) AND lastAt > :floor',
          ExpressionAttributeValues: { ':one': 1, ':now': now, ':exp': expiresAt(limit, now), ':floor': floor },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      hits = Number(Attributes?.hits);
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      try {
        await db.send(
          new PutCommand({
            TableName: tableName(),
            Item: { ...Key, entity: 'rateCounter', hits: 1, lastAt: now, expiresAt: expiresAt(limit, now) },
            ConditionExpression: 'attribute_not_exists(pk) OR lastAt <= :floor',
            ExpressionAttributeValues: { ':floor': floor },
          }),
        );
        hits = 1;
      } catch (putErr) {
        if (!isConditionFailure(putErr)) throw putErr;
      }
    }
  }
  const delay = delayAfter(limit, hits ?? limit.free + 1);
  if (delay > 0) {
    try {
      await db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key,
          UpdateExpression: 'SET blockedUntil = :until',
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(blockedUntil) OR blockedUntil < :until)',
          ExpressionAttributeValues: { ':until': now + delay },
        }),
      );
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }
  return hits ?? limit.free + 1;
}

/** Forgets a counter (a right password forgets that address's failures on that account). */
export async function clearCounter(counter: Counter): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: counterKey(counter) }));
}

/** The same, as a step of a transaction (a password reset forgets the account's sign-in failures). */
export const clearCounterStep = (counter: Counter): TransactItem => ({
  Delete: { TableName: tableName(), Key: counterKey(counter) },
});
