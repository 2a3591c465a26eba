/**
 * The shipper's savings against the USPS retail rate: per-user month aggregates
 * kept inside the transactions that create and refund labels, so reading them is one Query of a
 * dozen small items, never a walk through every order.
 *
 *   month     pk USER#<userId>  sk SAVINGS#<YYYY-MM>  labels, savedCents, retailCents, paidCents
 *   backfill  pk USER#<userId>  sk SAVINGSFROM        at (when the user's older labels were counted)
 *   order     savingsMonth <YYYY-MM> on each order counted (functions/data/orders.ts): the month its
 *             figures were added to, so its refund takes them back from the same month, once
 *
 * The month is the US Eastern month of the order's createdAt (when the shipper bought it), for the
 * add and for the refund alike. `completeOrder` ADDs the label's figures with `savingsAddSteps`
 * and stamps savingsMonth on the order in the same transaction; `completeRefund`
 * (functions/labels/label-refunds.ts) subtracts them with `savingsRefundSteps`, whose order guard
 * makes the refund fail (and be retried by the settle job) when the stamp changed since its read.
 *
 * Labels bought before this existed carry no savingsMonth: the first read of a user's savings counts
 * them (functions/insights/savings.ts), and then leaves the SAVINGSFROM marker.
 */
import type { Order, OrderStatus } from '../../domain/api/orders';
import { easternMonthOf, labelSaving } from '../../domain/insights';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, guarded, isConditionFailure, tableName, type Step } from './client';

const savingsKey = (userId: string, month: string) => ({ pk: `USER#${userId}`, sk: `SAVINGS#${month}` });
const backfillKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'SAVINGSFROM' });

/** The statuses whose labels count: bought and not (yet) refunded. */
const COUNTED_STATUSES: readonly OrderStatus[] = ['created', 'refund_pending', 'refund_rejected'];

/** Whether a label counts in its month: bought, not refunded, and not credited back when its refund was asked. */
export const countsAsBought = (o: Pick<Order, 'status' | 'creditedEarly'>): boolean => COUNTED_STATUSES.includes(o.status) && !o.creditedEarly;

/** A month's figures as stored. */
export interface MonthFigures {
  month: string;
  labels: number;
  savedCents: number;
  retailCents: number;
  paidCents: number;
}

export type Priced = Pick<Order, 'userId' | 'weightLb' | 'priceCents'>;

/** The month an order's figures belong to: the US Eastern month it was bought in. */
export const savingsMonthOf = (order: Pick<Order, 'createdAt'>): string => easternMonthOf(order.createdAt);

/** The Update (named `savings`) that ADDs `sign` times the figures of `orders` (one user, one month). */
export function addStep(userId: string, month: string, orders: readonly Priced[], sign: 1 | -1): Step {
  const sum = { labels: 0, savedCents: 0, retailCents: 0, paidCents: 0 };
  for (const o of orders) {
    const s = labelSaving(o);
    sum.labels += sign;
    sum.savedCents += sign * s.savedCents;
    sum.retailCents += sign * s.retailCents;
    sum.paidCents += sign * s.paidCents;
  }
  return {
    name: 'savings',
    item: {
      Update: {
        TableName: tableName(),
        Key: savingsKey(userId, month),
        UpdateExpression: 'SET entity = :entity, #month = :month ADD labels :labels, savedCents :saved, retailCents :retail, paidCents :paid',
        ExpressionAttributeNames: { '#month': 'month' },
        ExpressionAttributeValues: {
          ':entity': 'savings',
          ':month': month,
          ':labels': sum.labels,
          ':saved': sum.savedCents,
          ':retail': sum.retailCents,
          ':paid': sum.paidCents,
        },
      },
    },
  };
}

/**
 * For completeOrders' transaction: the labels' figures added to their months (one update a month,
 * as a transaction touches an item once), and the month to stamp each order with (to SET on it in
 * the same transaction).
 */
export function savingsAddSteps(orders: readonly (Priced & Pick<Order, 'id' | 'createdAt'>)[]): { steps: Step[]; monthOf: Map<string, string> } {
  const monthOf = new Map(orders.map((o) => [o.id, savingsMonthOf(o)]));
  const months = new Map<string, (typeof orders)[number][]>();
  for (const o of orders) months.set(monthOf.get(o.id) as string, [...(months.get(monthOf.get(o.id) as string) ?? []), o]);
  return { steps: [...months].map(([month, of]) => addStep(of[0]!.userId, month, of, 1)), monthOf };
}

/**
 * For a refund's transaction: `orderStep` (the order's own move) guarded on the savingsMonth read,
 * and the step taking the label's figures back from that month when it was counted. When the stamp
 * changed since the read (the first read of the savings counted an older label meanwhile), the
 * order step fails and the refund is decided again from a fresh read.
 */
export function savingsRefundSteps(order: Priced & Pick<Order, 'savingsMonth'>, orderStep: Step): Step[] {
  const counted = order.savingsMonth !== undefined && order.savingsMonth !== null;
  const guard = counted
    ? guarded(orderStep, 'savingsMonth = :savingsMonthRead', { ':savingsMonthRead': order.savingsMonth })
    : guarded(orderStep, 'attribute_not_exists(savingsMonth)');
  return counted ? [guard, addStep(order.userId, order.savingsMonth as string, [order], -1)] : [guard];
}

/** The user's month items and whether the older labels were counted: one Query (SAVINGS#... and SAVINGSFROM). */
export async function readMonths(userId: string): Promise<{ months: MonthFigures[]; backfilled: boolean }> {
  const months: MonthFigures[] = [];
  let backfilled = false;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :savings)',
        ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':savings': 'SAVINGS' },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) {
      if (item.sk === 'SAVINGSFROM') backfilled = true;
      else {
        months.push({
          month: String(item.month),
          labels: Number(item.labels ?? 0),
          savedCents: Number(item.savedCents ?? 0),
          retailCents: Number(item.retailCents ?? 0),
          paidCents: Number(item.paidCents ?? 0),
        });
      }
    }
    start = out.LastEvaluatedKey;
  } while (start);
  return { months, backfilled };
}

/** Leaves the marker that the user's older labels were counted (a second reader's marker is the same fact). */
export async function markOlderLabelsCounted(userId: string, counted: number): Promise<void> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...backfillKey(userId), entity: 'savingsFrom', at: new Date().toISOString(), counted },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err; // another reader finished first: the same labels, counted once
  }
}
