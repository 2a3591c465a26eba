/**
 * Counters with growing delays, for the limits on signing in, codes and reset requests
 * (functions/accounts/limits.ts holds the rules and their numbers). A counter counts tries (a
 * password, a code, a mail asked for) of one subject (an address, an account, or both together). A
 * try is taken BEFORE what it guards is checked, in one conditional write, so tries sent together
 * meet the limit as tries sent one after another do; a try that turns out right is given back.
 * The first `free` tries may follow one another at once; from the last of them on, each try refuses
 * the subject for a delay that doubles, 2, 4, 8 ... seconds, up to `maxDelayMs`, and a refused try is
 * not taken. A counter forgets everything after `forgetMs` without a try, so an attacker who keeps
 * going keeps the longest delay, while a person who mistyped starts afresh after a pause.
 *
 *   counter  pk LIMIT#<limit name>#<subject>  sk COUNT  hits, lastAt (ms), blockedUntil (ms), expiresAt (s)
 *
 * Rates are simpler: at most `max` calls per fixed window of `windowMs` (calls to paid services, and
 * sign-ups), one item per subject and window, taken by a conditional add before the call is made.
 *
 *   rate     pk RATE#<rate name>#<subject>  sk WINDOW#<window start, ms>  calls, expiresAt (s)
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

/** A counter's stored state: its count, its last try and the refusal that try set. */
interface CounterState {
  hits: number;
  lastAt: number;
  blockedUntil?: number;
  /** When the item goes (TTL, epoch seconds): given back with the rest, so a refused try leaves the item as it was. */
  expiresAt?: number;
}

/** One try taken from a counter: the state before (none: the counter had forgotten) and after, so it can be given back. */
export interface Take {
  counter: Counter;
  before?: CounterState;
  after: CounterState;
}

/** A taken try, or how long the counter refuses. */
export type TakeResult = { taken: Take } | { waitMs: number };

const stateOf = (item: Record<string, unknown> | undefined): CounterState | undefined =>
  item && {
    hits: Number(item.hits),
    lastAt: Number(item.lastAt),
    ...(item.blockedUntil === undefined ? {} : { blockedUntil: Number(item.blockedUntil) }),
    ...(item.expiresAt === undefined ? {} : { expiresAt: Number(item.expiresAt) }),
  };

/** Tries against one counter's item before a burst's loser is refused for a second instead of trying on. */
const TAKE_ROUNDS = 8;
const BUSY_WAIT_MS = 1000;

/**
 * Takes one try from the counter, before what it guards is checked, or answers how long the counter
 * refuses (taking nothing). Every take is one conditional write, so concurrent tries meet the limit
 * exactly as sequential ones do: the try that uses up the free ones sets the refusal in the same
 * write, and no later try is taken until it ends.
 *
 * A try that leaves no wait behind (the counter stays under its free tries) is one conditional add;
 * any other reads the count and writes the next one only if the count is still the one read.
 */
export async function takeTry(counter: Counter, now = Date.now()): Promise<TakeResult> {
  const { limit } = counter;
  const Key = counterKey(counter);
  const floor = now - limit.forgetMs;
  const exp = expiresAt(limit, now);
  // The plain add, when it applies: tries sent together all pass here without conflict, however many.
  const quietAdd = async (): Promise<TakeResult | undefined> => {
    try {
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key,
          UpdateExpression: 'SET hits = hits + :one, lastAt = :now, expiresAt = :exp',
          ConditionExpression: 'attribute_exists(pk) AND lastAt > :floor AND hits < :quiet AND (attribute_not_exists(blockedUntil) OR blockedUntil <= :now)',
          ExpressionAttributeValues: { ':one': 1, ':now': now, ':exp': exp, ':floor': floor, ':quiet': limit.free - 1 },
          ReturnValues: 'ALL_OLD',
        }),
      );
      const before = stateOf(Attributes)!;
      return { taken: { counter, before, after: { ...before, hits: before.hits + 1, lastAt: now, expiresAt: exp } } };
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      return undefined;
    }
  };
  const quick = await quietAdd();
  if (quick) return quick;
  for (let round = 0; round < TAKE_ROUNDS; round++) {
    const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }));
    const before = Item && Number(Item.lastAt) > floor ? stateOf(Item) : undefined;
    if (before?.blockedUntil !== undefined && before.blockedUntil > now) return { waitMs: before.blockedUntil - now };
    const hits = (before?.hits ?? 0) + 1;
    const delay = delayAfter(limit, hits);
    const after: CounterState = { hits, lastAt: now, expiresAt: exp, ...(delay > 0 ? { blockedUntil: now + delay } : {}) };
    try {
      if (before) {
        await db.send(
          new UpdateCommand({
            TableName: tableName(),
            Key,
            UpdateExpression: `SET hits = :hits, lastAt = :now, expiresAt = :exp${delay > 0 ? ', blockedUntil = :until' : ''}`,
            ConditionExpression: 'hits = :was AND lastAt = :wasAt',
            ExpressionAttributeValues: {
              ':hits': hits,
              ':now': now,
              ':exp': exp,
              ':was': before.hits,
              ':wasAt': before.lastAt,
              ...(delay > 0 ? { ':until': now + delay } : {}),
            },
          }),
        );
      } else {
        await db.send(
          new PutCommand({
            TableName: tableName(),
            Item: { ...Key, entity: 'rateCounter', ...after },
            ConditionExpression: 'attribute_not_exists(pk) OR lastAt <= :floor',
            ExpressionAttributeValues: { ':floor': floor },
          }),
        );
      }
      return { taken: { counter, ...(before ? { before } : {}), after } };
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
    // Another try wrote first: if it left the counter under its free tries, the plain add takes this one.
    const added = await quietAdd();
    if (added) return added;
  }
  // A burst on one counter fights over one item: its losers are refused briefly, which takes nothing.
  return { waitMs: BUSY_WAIT_MS };
}

/**
 * Gives a taken try back (the password or code was right, or the try was refused by another
 * counter): the counter returns to its state before the take when nothing has changed it since;
 * otherwise it only counts one less.
 */
export async function giveBack({ counter, before, after }: Take): Promise<void> {
  const Key = counterKey(counter);
  const unchanged = { ':hits': after.hits, ':at': after.lastAt };
  try {
    if (before) {
      await db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key,
          UpdateExpression: `SET hits = :was, lastAt = :wasAt${before.expiresAt === undefined ? '' : ', expiresAt = :wasExp'}${before.blockedUntil === undefined ? ' REMOVE blockedUntil' : ', blockedUntil = :wasUntil'}`,
          ConditionExpression: 'hits = :hits AND lastAt = :at',
          ExpressionAttributeValues: {
            ...unchanged,
            ':was': before.hits,
            ':wasAt': before.lastAt,
            ...(before.expiresAt === undefined ? {} : { ':wasExp': before.expiresAt }),
            ...(before.blockedUntil === undefined ? {} : { ':wasUntil': before.blockedUntil }),
          },
        }),
      );
    } else {
      await db.send(
        new DeleteCommand({ TableName: tableName(), Key, ConditionExpression: 'hits = :hits AND lastAt = :at', ExpressionAttributeValues: unchanged }),
      );
    }
    return;
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
  // Changed since: one less. Back under the free tries no wait holds (only a try beyond them sets
  // one), so the refusal goes too; above them, the later try's refusal stays.
  for (const underFree of [true, false]) {
    try {
      await db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key,
          UpdateExpression: underFree ? 'SET hits = hits - :one REMOVE blockedUntil' : 'SET hits = hits - :one',
          ConditionExpression: underFree ? 'attribute_exists(pk) AND hits > :zero AND hits <= :free' : 'attribute_exists(pk) AND hits > :free',
          ExpressionAttributeValues: { ':one': 1, ':free': counter.limit.free, ...(underFree ? { ':zero': 0 } : {}) },
        }),
      );
      return;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }
}

/**
 * Moves the wait a taken try set to run from `now`, once its answer is ready: the try set the wait
 * when taken, to hold back tries sent with it, but the guesser can use it only from the answer on
 * (a password takes a while to check). Never shortens a longer wait a later try set.
 */
export async function waitFromNow({ counter, after }: Take, now = Date.now()): Promise<void> {
  if (after.blockedUntil === undefined) return;
  const until = now + (after.blockedUntil - after.lastAt);
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: counterKey(counter),
        UpdateExpression: 'SET blockedUntil = :until',
        ConditionExpression: 'blockedUntil < :until',
        ExpressionAttributeValues: { ':until': until },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/** Forgets a counter (a right password forgets that address's failures on that account). */
export async function clearCounter(counter: Counter): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: counterKey(counter) }));
}

/** The same, as a step of a transaction (a password reset forgets the account's sign-in failures). */
export const clearCounterStep = (counter: Counter): TransactItem => ({
  Delete: { TableName: tableName(), Key: counterKey(counter) },
});

/** At most `max` calls per fixed window of `windowMs`, for one subject (a user, an address). */
export interface Rate {
  /** Part of the key: one name per rule. */
  name: string;
  max: number;
  windowMs: number;
}

const windowKey = (rate: Rate, subject: string, start: number) => ({ pk: `RATE#${rate.name}#${subject}`, sk: `WINDOW#${start}` });

/** One call taken from a window, to give back if another rate refuses the call. */
export interface WindowTake {
  key: Record<string, string>;
}

/**
 * Takes one call from the subject's current window, in one conditional add (so concurrent calls
 * meet the rate exactly), or answers the milliseconds until the next window starts.
 */
export async function takeFromWindow(rate: Rate, subject: string, now = Date.now()): Promise<{ taken: WindowTake } | { waitMs: number }> {
  const start = Math.floor(now / rate.windowMs) * rate.windowMs;
  const key = windowKey(rate, subject, start);
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET entity = :entity, expiresAt = :exp ADD calls :one',
        ConditionExpression: 'attribute_not_exists(calls) OR calls < :max',
        ExpressionAttributeValues: { ':entity': 'rateWindow', ':exp': Math.floor((start + 2 * rate.windowMs) / 1000), ':one': 1, ':max': rate.max },
      }),
    );
    return { taken: { key } };
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    return { waitMs: start + rate.windowMs - now };
  }
}

/** Gives a call back to its window (another rate refused the call, so it was never made). */
export async function giveBackToWindow({ key }: WindowTake): Promise<void> {
  await db.send(
    new UpdateCommand({ TableName: tableName(), Key: key, UpdateExpression: 'ADD calls :minusOne', ExpressionAttributeValues: { ':minusOne': -1 } }),
  );
}
