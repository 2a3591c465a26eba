/**
 * Rechecks of closed purchases: a paid order that failed (its price refunded) after its purchase may
 * have reached the carrier is asked about again for a while, in case the carrier completed a sale
 * nobody received (the buy call outran our client, and the process died before any answer). One
 * item per such order, written in the transaction that fails the order, found through the work
 * index, and kept only for the recheck window (TTL):
 *
 *   recheck  pk RECHECK#<shipOrderId>  sk RECHECK  userId, orderId, closedAt, expiresAt (TTL)
 *            gsi3pk WORK#recheck  gsi3sk <next check ISO>#<shipOrderId>
 *
 * The scheduled sweep (functions/labels/closed-purchases.ts) takes a due item for a while before it
 * asks the carrier (moving its due time on the condition that it is unchanged, so two runs never
 * check one order at once), then schedules its next check or deletes it.
 */
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName, type Step } from './client';
import { dueItems, workKeys } from './work-index';

const recheckKey = (orderId: string) => ({ pk: `RECHECK#${orderId}`, sk: 'RECHECK' });

/** One order to ask the carrier about again: `due` is its place in the work index as read. */
export interface PurchaseRecheck {
  userId: string;
  orderId: string;
  /** When the order failed (ISO). */
  closedAt: string;
  /** The item's gsi3sk when read: `<due ISO>#<orderId>`. */
  due: string;
  /** When DynamoDB may delete it (epoch seconds). */
  expiresAt: number;
}

/** When an item's due time is (ISO), from its gsi3sk. */
export const dueTimeOf = (recheck: Pick<PurchaseRecheck, 'due'>): string => recheck.due.slice(0, recheck.due.indexOf('#'));

/**
 * The step (named `order.recheck`) that puts an order closed at `closedAt` in the recheck queue,
 * first due at `firstCheck`, kept until `keepUntil` at most.
 */
export const recheckStep = (order: { userId: string; id: string }, closedAt: string, firstCheck: Date, keepUntil: Date): Step => ({
  name: 'order.recheck',
  item: {
    Put: {
      TableName: tableName(),
      Item: {
        ...recheckKey(order.id),
        entity: 'purchaseRecheck',
        userId: order.userId,
        orderId: order.id,
        closedAt,
        expiresAt: Math.ceil(keepUntil.getTime() / 1000),
        ...workKeys('recheck', order.id, firstCheck.toISOString()),
      },
    },
  },
});

/** Rechecks due before `now`, the earliest first, at most `limit`. */
export async function dueRechecks(now: Date, limit: number): Promise<PurchaseRecheck[]> {
  return (await dueItems('recheck', now, limit)).map((item) => ({
    userId: String(item.userId),
    orderId: String(item.orderId),
    closedAt: String(item.closedAt),
    due: String(item.gsi3sk),
    expiresAt: Number(item.expiresAt),
  }));
}

/**
 * Moves a recheck (as read) to be due at `next`: the sweep takes it for a while before asking the
 * carrier, and schedules its next check after. False when another run moved or ended it first.
 */
export async function moveRecheck(recheck: PurchaseRecheck, next: Date): Promise<PurchaseRecheck | undefined> {
  const { gsi3sk } = workKeys('recheck', recheck.orderId, next.toISOString());
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: recheckKey(recheck.orderId),
        UpdateExpression: 'SET gsi3sk = :next',
        ConditionExpression: 'gsi3sk = :seen',
        ExpressionAttributeValues: { ':next': gsi3sk, ':seen': recheck.due },
      }),
    );
    return { ...recheck, due: gsi3sk };
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

/** Ends a recheck: the order needs no more looking at. */
export async function endRecheck(recheck: Pick<PurchaseRecheck, 'orderId'>): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: recheckKey(recheck.orderId) }));
}
