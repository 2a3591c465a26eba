/**
 * Shared by the reliability suites: users with tokens, the whole-table money checks, the
 * DynamoDB fault injector and a seeded random generator. The per-user ledger check itself is
 * ../ledger-invariant.ts and wallet credits go through ../wallet-credit.ts, as in the other suites.
 */
import { ProvisionedThroughputExceededException, ThrottlingException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { ServiceInputTypes, ServiceOutputTypes } from '@aws-sdk/lib-dynamodb';
import type { BuildMiddleware } from '@smithy/types';
import { expect } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../../functions/data/client';
import { allShards } from '../../../functions/data/shards';
import { getLabelCount, getTotals } from '../../../functions/data/stats';
import type { User } from '../../../domain/api/users';
import { createUser, getUserById } from '../../../functions/data/users';
import { signSessionToken } from '../../session-token';
import { expectLedgerInvariant, ledgerOf } from '../ledger-invariant';
import { creditWallet } from '../wallet-credit';

// ---------------------------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------------------------

export type TestUser = User & { token: string };

let made = 0;
/** A verified user with a full session token and, when asked, money put in the production way. */
export async function newUser(prefix: string, balanceCents = 0): Promise<TestUser> {
  const user = await createUser({ name: 'Reliability User', email: `${prefix}${++made}-${Date.now()}@example.com`, passwordHash: 'x', verified: true });
  if (balanceCents) await creditWallet(user, balanceCents);
  return { ...user, token: await signSessionToken({ userId: user.id, role: 'user', scope: 'full' }) };
}

export const address = (name: string, street: string, zip: string) => ({ name, street, city: 'Austin', state: 'TX', zip, country: 'US' });

/** A label order form paid with credits. */
export const labelForm = (over: Record<string, unknown> = {}) => ({
  labelType: 'usps_priority',
  weight: 2,
  height: 4,
  length: 10,
  width: 6,
  from: address('Ann Sender', '1 Main St', '78701'),
  to: address('Bo Receiver', '2 Oak Ave', '10001'),
  paymentMethod: 'credits',
  ...over,
});

// ---------------------------------------------------------------------------------------------
// What is stored, read straight from the table (consistent reads)
// ---------------------------------------------------------------------------------------------

async function queryAll(input: { KeyConditionExpression: string; ExpressionAttributeValues: Record<string, unknown>; IndexName?: string }) {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.send(
      new QueryCommand({ TableName: tableName(), ...input, ConsistentRead: input.IndexName ? undefined : true, ExclusiveStartKey: start }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Every user in the table: the listing items on every `USERS` shard of gsi1 (the list the admin page reads). */
export const storedUserIds = async (): Promise<string[]> =>
  (
    await Promise.all(
      allShards('USERS').map((shard) => queryAll({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :u', ExpressionAttributeValues: { ':u': shard } })),
    )
  )
    .flat()
    .map((i) => String(i.userId));

/** A user's items whose sort key starts with `prefix` (`ORDER#`, `ADDR#`). */
export const storedItems = (userId: string, prefix: string) =>
  queryAll({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':p': prefix } });

/**
 * One user's money and orders agree, read from the table:
 * - the completed ledger entries sum to the balance, which is never negative;
 * - every order that was paid has exactly one label debit of its price, and no unpaid order has one
 *   (no order without its payment);
 * - every debit and refund names an order that exists, a refund only a failed or a refunded order,
 *   exactly once for those (no payment without its order or refund; a label refund credits once,
 *   and only when the carrier said refunded), or a label credited when its refund was asked, which
 *   was never downloaded;
 * - `settled`: no order is left `processing` (every request has finished by now);
 * - the user's label count is the number of labels made (created, and those whose refund was asked:
 *   a refunded label was still made).
 * Returns the balance and the number of created labels.
 */
/** The statuses of an order whose label was made (and counted): created, and every refund state after it. */
const LABELS_MADE = ['created', 'refund_pending', 'refunded', 'refund_rejected'];

export async function expectUserConsistent(userId: string, options: { settled?: boolean } = {}): Promise<{ balanceCents: number; labels: number }> {
  const balanceCents = await expectLedgerInvariant(userId);
  expect(balanceCents, `balance of ${userId}`).toBeGreaterThanOrEqual(0);
  const { entries } = await ledgerOf(userId);
  const orders = await storedItems(userId, 'ORDER#');
  const byOrder = (type: string, orderId: unknown) => entries.filter((e) => e.type === type && e.orderId === orderId && e.status === 'completed');
  for (const order of orders) {
    const debits = byOrder('label', order.id);
    const refunds = byOrder('refund', order.id);
    const where = `order ${String(order.id)} (${String(order.status)}, ${String(order.paymentMethod)})`;
    if (options.settled) expect(order.status, where).not.toBe('processing');
    // A card order that was never paid has no debit; everything else is paid exactly once.
    const paid = order.status !== 'awaiting_payment' && !(order.paymentMethod === 'purchase' && order.status === 'failed' && debits.length === 0);
    expect(
      debits.map((d) => d.amountCents),
      where,
    ).toEqual(paid ? [-Number(order.priceCents)] : []);
    expect(
      refunds.map((r) => r.amountCents),
      where,
    ).toEqual(
      // A label credited when its refund was asked (never downloaded) has its refund from then on, whatever the carrier decides.
      (order.status === 'failed' && paid) || order.status === 'refunded' || order.creditedEarly === true ? [Number(order.priceCents)] : [],
    );
    // Credited early means never served: such a label is never marked downloaded.
    if (order.creditedEarly === true) expect(order.downloadedAt, where).toBeNull();
    // A refund's card part is debited once, only when Stripe made it, of what the order planned.
    expect(
      byOrder('card_refund', order.id).map((c) => c.amountCents),
      where,
    ).toEqual(order.status === 'refunded' && order.cardRefundId ? [-Number(order.cardRefundCents)] : []);
  }
  const orderIds = new Set(orders.map((o) => o.id));
  for (const e of entries.filter((x) => x.type === 'label' || x.type === 'refund')) {
    expect(orderIds.has(e.orderId), `${String(e.type)} entry ${String(e.id)} has its order`).toBe(true);
  }
  const labels = orders.filter((o) => LABELS_MADE.includes(String(o.status))).length;
  expect((await getUserById(userId, { consistent: true }))?.labelCount ?? 0, `label count of ${userId}`).toBe(labels);
  return { balanceCents, labels };
}

/**
 * The whole table agrees with the running figures: every user is consistent (above), and the
 * stats counters (public labels counter, admin dashboard) equal what is actually stored: labels
 * created, the number of users, and the sum of all balances (so no money appeared or vanished
 * anywhere the dashboard could not see). Every file has its own table, so these are exact.
 */
export async function expectTableConsistent(options: { settled?: boolean } = {}): Promise<{ users: number; labels: number; balanceCents: number }> {
  const ids = await storedUserIds();
  let labels = 0;
  let balanceCents = 0;
  for (const id of ids) {
    const user = await expectUserConsistent(id, options);
    labels += user.labels;
    balanceCents += user.balanceCents;
  }
  const stats = await getTotals();
  expect({ users: stats.users, labels: stats.labels, balanceCents: stats.balanceCents }, 'admin stats vs the stored data').toEqual({
    users: ids.length,
    labels,
    balanceCents,
  });
  expect(await getLabelCount(), 'public labels counter').toBe(labels);
  return { users: ids.length, labels, balanceCents };
}

// ---------------------------------------------------------------------------------------------
// Fault injection into the product's own DynamoDB client
// ---------------------------------------------------------------------------------------------

/**
 * What DynamoDB (or the network) can do to one command:
 * - `throughput`, `throttling`: ProvisionedThroughputExceededException / ThrottlingException after the
 *   SDK's own retries gave up; nothing was written.
 * - `timeout-before`: the request timed out before DynamoDB saw it; nothing was written.
 * - `timeout-after`: DynamoDB applied the command but the answer was lost (socket timeout on the
 *   response): the caller sees an error for a write that happened. The hardest case.
 * - `conflict`: a TransactWrite cancelled because another transaction held one of its items
 *   (CancellationReasons `TransactionConflict`); nothing was written, and trying again would work.
 *   Real conditional-check failures are not injected: DynamoDB only reports them when a condition
 *   really fails, and the retries after `timeout-after` produce exactly those, for real.
 */
export type FaultKind = 'throughput' | 'throttling' | 'timeout-before' | 'timeout-after' | 'conflict';
export const FAULT_KINDS: readonly FaultKind[] = ['throughput', 'throttling', 'timeout-before', 'timeout-after', 'conflict'];

/** `conflict` only exists for transactions; every other kind can hit any command. */
export const faultApplies = (kind: FaultKind, command: string) => kind !== 'conflict' || command === 'TransactWriteItemsCommand';

const metadata = { httpStatusCode: 400, requestId: 'injected-fault', attempts: 3, totalRetryDelay: 300 };

function timeoutError(): Error {
  // What @smithy/node-http-handler throws when a socket times out.
  return Object.assign(new Error('Connection timed out after 3000 ms (injected)'), { name: 'TimeoutError', $metadata: {} });
}

function faultError(kind: Exclude<FaultKind, 'timeout-after'>, itemCount: number): Error {
  switch (kind) {
    case 'throughput':
      return new ProvisionedThroughputExceededException({
        message: 'The level of configured provisioned throughput for the table was exceeded (injected)',
        $metadata: metadata,
      });
    case 'throttling':
      return new ThrottlingException({ message: 'Rate of requests exceeds the allowed throughput (injected)', $metadata: metadata });
    case 'timeout-before':
      return timeoutError();
    case 'conflict': {
      // DynamoDB answers one reason per item; the first item is the one taken by the other transaction.
      const reasons = Array.from({ length: Math.max(itemCount, 1) }, (_, i) =>
        i === 0 ? { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' } : { Code: 'None' },
      );
      return new TransactionCanceledException({
        message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((r) => r.Code).join(', ')}] (injected)`,
        $metadata: metadata,
        CancellationReasons: reasons,
      });
    }
  }
}

const MIDDLEWARE = 'reliabilityFaultInjection';

/**
 * A middleware on `db`'s stack (the document client shares the DynamoDB client's stack), in the
 * `build` step: before the SDK's retry middleware, so an injected error reaches the product as if
 * the SDK had already retried and given up, and `timeout-after` throws only after the real request,
 * retries included, has been answered. While `record()`ing it lists the commands sent; armed with
 * `{ at: n, kind }` it fails the n-th command (1-based) from then on, once.
 */
export function installFaultInjector() {
  let counting = false;
  let commands: string[] = [];
  let plan: { at: number; kind: FaultKind } | undefined;
  let fired: string | undefined;
  let onCommand: string | undefined;
  let custom: Error | undefined;
  let left = 0;

  const middleware: BuildMiddleware<ServiceInputTypes, ServiceOutputTypes> = (next, context) => async (args) => {
    if (!counting) return next(args);
    const command = context.commandName ?? 'unknown';
    const n = commands.push(command);
    if (!plan || (onCommand === undefined ? n !== plan.at : command !== onCommand || left <= 0)) return next(args);
    fired = command;
    left--;
    if (custom) throw custom;
    if (plan.kind === 'timeout-after') {
      await next(args);
      throw timeoutError();
    }
    const items = (args.input as { TransactItems?: unknown[] }).TransactItems?.length ?? 0;
    throw faultError(plan.kind, items);
  };
  db.middlewareStack.add(middleware, { step: 'build', name: MIDDLEWARE, override: true });

  return {
    /** Counts (and lists) the commands sent from now on, failing none. */
    record(): void {
      counting = true;
      commands = [];
      plan = undefined;
      fired = undefined;
      onCommand = undefined;
      custom = undefined;
      left = 0;
    },
    /** Fails the `at`-th command sent from now on with `kind`. */
    arm(at: number, kind: FaultKind): void {
      this.record();
      plan = { at, kind };
    },
    /**
     * Fails the first `command` (e.g. `TransactWriteItemsCommand`) sent from now on with `kind`, or
     * throws `error` for it instead (nothing is sent then); with `times`, that many of them (Infinity:
     * every one until `stop()`), so the product's own retries meet the fault too.
     */
    armOn(command: string, kind: FaultKind | Error, { times = 1 }: { times?: number } = {}): void {
      this.record();
      left = times;
      if (kind instanceof Error) {
        plan = { at: Number.POSITIVE_INFINITY, kind: 'throughput' };
        custom = kind;
      } else plan = { at: Number.POSITIVE_INFINITY, kind };
      onCommand = command;
    },
    /** Stops counting and failing; returns the commands sent and which one was failed. */
    stop(): { commands: string[]; fired: string | undefined } {
      counting = false;
      plan = undefined;
      return { commands, fired };
    },
    remove(): void {
      counting = false;
      db.middlewareStack.remove(MIDDLEWARE);
    },
  };
}

export type FaultInjector = ReturnType<typeof installFaultInjector>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/**
 * An answer the caller may retry: a 5xx, a 409 "still being processed" or a 429, each with a
 * message. Never a 2xx (that would claim a success) and never another 4xx (that would tell the
 * client, or the payment provider, that trying again is pointless when it is not).
 */
export function expectRetryable(status: number, body: unknown, where: string): void {
  expect([409, 429].includes(status) || (status >= 500 && status <= 599), `${where}: ${status} ${JSON.stringify(body)} is not a retryable answer`).toBe(true);
  expect(typeof (body as { message?: unknown } | undefined)?.message, `${where}: the error carries a message`).toBe('string');
  // ...and never DynamoDB's own words (every injected message says "injected").
  expect(JSON.stringify(body), `${where}: internal detail in the answer`).not.toContain('injected');
}

// ---------------------------------------------------------------------------------------------
// Seeded randomness
// ---------------------------------------------------------------------------------------------

/**
 * The seed for a random run: SOAK_SEED (or its older name RELIABILITY_SEED) when set, to replay a
 * failure, else a new one. A set value that is not a positive 32-bit integer is an error, not a
 * silent new seed: a replay that quietly ran other operations would prove nothing.
 */
export function runSeed(): number {
  const raw = process.env.SOAK_SEED ?? process.env.RELIABILITY_SEED;
  if (raw === undefined || raw === '') return Math.floor(Math.random() * 0xffffffff) >>> 0 || 1;
  const seed = Number(raw);
  if (!Number.isInteger(seed) || seed <= 0 || seed > 0xffffffff)
    throw new Error(`SOAK_SEED must be an integer from 1 to ${0xffffffff}, not ${JSON.stringify(raw)}`);
  return seed;
}

/** How to replay a seeded run, for the log and for failure messages. */
export const replayHint = (seed: number) =>
  `seed ${seed}: replay with SOAK_SEED=${seed} npx vitest run --project integration test/integration/reliability/soak.test.ts`;

/**
 * Runs `body` so that any failure's message starts with the replay hint: every failed expectation of
 * a seeded run names its seed, whichever assertion it was.
 */
export async function withSeedInFailures<T>(seed: number, body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (err) {
    if (err instanceof Error) err.message = `[${replayHint(seed)}]\n${err.message}`;
    throw err;
  }
}

/** mulberry32: a tiny, fast PRNG; the same seed gives the same sequence. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** An integer in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from nothing');
      return items[Math.floor(next() * items.length)] as T;
    },
    /** One of the keys, with probability proportional to its weight. */
    weighted: <K extends string>(weights: Record<K, number>): K => {
      const entries = Object.entries(weights) as [K, number][];
      let r = next() * entries.reduce((s, [, w]) => s + w, 0);
      for (const [k, w] of entries) if ((r -= w) < 0) return k;
      return entries[entries.length - 1]![0];
    },
  };
}
