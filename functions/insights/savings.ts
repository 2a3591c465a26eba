/**
 * The shipper's savings against the USPS retail rate: GET /shipping/savings reads
 * the month aggregates (functions/data/savings.ts); the first read of a user counts the labels they
 * bought before the aggregates existed.
 *
 * Why on first read and not a one-off script: it needs no deploy step and no scan of every user,
 * costs one Query of the user's orders once per user, and a user who never opens the page costs
 * nothing. Each older order is stamped with its month under a condition that it is still unstamped
 * and in the status read, so two readers at once, or a refund at the same moment, never count one
 * twice (a refund's own guard is in savingsRefundSteps).
 */
import type { SavingsAnswer } from '../../domain/api/insights';
import type { Order } from '../../domain/api/orders';
import { lastEasternMonths, SAVINGS_MONTHS, zeroFill } from '../../domain/insights';
import { tableName, transact, type Step } from '../data/client';
import { getOrder, listOrders, orderKey } from '../data/orders';
import { addStep, countsAsBought, markOlderLabelsCounted, readMonths, savingsMonthOf, type MonthFigures } from '../data/savings';

/** Orders one backfill transaction stamps, at most (plus one month item each, at worst: within the 100 items of a transaction). */
const BACKFILL_CHUNK = 40;

/** The order's stamp, conditional on it being unstamped and still in the status read. */
const stampStep = (o: Order): Step => ({
  name: `stamp.${o.id}`,
  item: {
    Update: {
      TableName: tableName(),
      Key: orderKey(o.userId, o.id),
      UpdateExpression: 'SET savingsMonth = :month',
      ConditionExpression: 'attribute_not_exists(savingsMonth) AND #status = :status',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':month': savingsMonthOf(o), ':status': o.status },
    },
  },
});

/** Stamps and counts `orders` (one user) in one transaction; false when any changed since read. */
async function countChunk(userId: string, orders: readonly Order[]): Promise<boolean> {
  const byMonth = new Map<string, Order[]>();
  for (const o of orders) byMonth.set(savingsMonthOf(o), [...(byMonth.get(savingsMonthOf(o)) ?? []), o]);
  const done = await transact([...orders.map(stampStep), ...[...byMonth].map(([month, list]) => addStep(userId, month, list, 1))]);
  return done.ok;
}

/** Counts one order alone, from a fresh read, until it is counted or no longer needs counting (3 tries). */
async function countOne(userId: string, orderId: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const o = await getOrder(userId, orderId);
    if (!o || o.savingsMonth || !countsAsBought(o)) return;
    if (await countChunk(userId, [o])) return;
  }
}

/**
 * The first read of a user's savings: counts every label they bought before the aggregates existed
 * (counted status, no savingsMonth), then leaves the SAVINGSFROM marker so later reads skip this.
 * Reads the user's orders once (a Query, paged); a chunk that raced a change is counted order by order.
 */
export async function countOlderLabels(userId: string): Promise<number> {
  const older: Order[] = [];
  let cursor: string | undefined;
  do {
    const page = await listOrders(userId, { limit: 500, cursor });
    older.push(...page.items.filter((o) => countsAsBought(o) && !o.savingsMonth));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  for (let i = 0; i < older.length; i += BACKFILL_CHUNK) {
    const chunk = older.slice(i, i + BACKFILL_CHUNK);
    if (!(await countChunk(userId, chunk))) for (const o of chunk) await countOne(userId, o.id);
  }
  await markOlderLabelsCounted(userId, older.length);
  return older.length;
}

/** GET /shipping/savings: this month, all time, and the last SAVINGS_MONTHS months zero-filled. */
export async function getSavings(userId: string, now = new Date()): Promise<SavingsAnswer> {
  let read = await readMonths(userId);
  if (!read.backfilled) {
    await countOlderLabels(userId);
    read = await readMonths(userId);
  }
  const periods = lastEasternMonths(now, SAVINGS_MONTHS);
  const found = new Map(read.months.map((m) => [m.month, { month: m.month, savedCents: m.savedCents, labels: m.labels }]));
  const total = (f: keyof Omit<MonthFigures, 'month'>) => read.months.reduce((n, m) => n + m[f], 0);
  return {
    thisMonthCents: found.get(periods[periods.length - 1] as string)?.savedCents ?? 0,
    totalCents: total('savedCents'),
    labels: total('labels'),
    retailCents: total('retailCents'),
    paidCents: total('paidCents'),
    months: zeroFill(periods, found, (month) => ({ month, savedCents: 0, labels: 0 })),
  };
}
