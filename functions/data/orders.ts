/**
 * Label orders (shipments): their keys, states and reads, and the transaction steps that move an
 * order from state to state. Money is not here: a purchase composes these steps with the wallet's
 * (functions/wallet/wallet.ts) in one transaction (functions/labels/).
 *
 *   order        pk USER#<userId>              sk ORDER#<shipOrderId>  gsi2pk TRACK#<tracking>  gsi2sk ORDER
 *                while processing: leaseUntil, gsi3pk WORK#purchase  gsi3sk <leaseUntil>#<shipOrderId>
 *   idempotency  pk IDEMP#<userId>#<key>       sk IDEMP                orderId, TTL 7 days
 *
 * The shipOrderId is a ulid, so a user's orders sort newest first and a download is a GetItem under
 * the caller's own partition: another user's order simply is not there (404).
 *
 *   awaiting_payment --(card paid)--> processing --(label)--> created
 *          |                              '------(carrier failed, refunded)--> failed
 *          '--(checkout failed or expired)--> failed
 *
 * A processing order holds a lease: the purchase that set it owns the order until `leaseUntil`.
 * A purchase cut short (the process died, the Lambda timed out) leaves its lease to expire, and the
 * scheduled recovery (functions/labels/recovery.ts) finds it through the sparse work index and
 * finishes or refunds it. Leaving processing removes the order from that index.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { Order, OrderStatus } from '../../domain/api/orders';
import type { LabelOrderBody } from '../../domain/schemas/labels';
import { config } from '../config';
import { db, isConditionFailure, steps, tableName, transact, type Step } from './client';
import { decodeCursor, encodeCursor, type Page } from './pagination';
import { createdLabelStats, statsItems } from './stats';
import { userKey } from './users';

export const orderKey = (userId: string, orderId: string) => ({ pk: `USER#${userId}`, sk: `ORDER#${orderId}` });
const idempotencyKey = (userId: string, key: string) => ({ pk: `IDEMP#${userId}#${key}`, sk: 'IDEMP' });
const IDEMPOTENCY_TTL_S = 7 * 24 * 3600;

/** The work index's partition of purchases still at work. */
const PURCHASES = 'WORK#purchase';

/**
 * How long a purchase owns its processing order: well past the longest any request can work on it
 * (the route Lambdas time out after 10 s), so recovery never races a purchase that is still alive.
 */
export const leaseMs = (): number => config().PURCHASE_LEASE_SECONDS * 1000;

/** A processing order's place in the work index: due when its lease ends. */
const workKeys = (orderId: string, leaseUntil: string) => ({ gsi3pk: PURCHASES, gsi3sk: `${leaseUntil}#${orderId}` });

/** The lease attributes of a processing order: its expiry, and its place in the work index. */
function leaseFields(orderId: string, now: Date): { leaseUntil: string; gsi3pk: string; gsi3sk: string } {
  const leaseUntil = new Date(now.getTime() + leaseMs()).toISOString();
  return { leaseUntil, ...workKeys(orderId, leaseUntil) };
}

const toItem = (o: Order) => ({
  ...orderKey(o.userId, o.id),
  entity: 'order',
  ...o,
  ...(o.leaseUntil ? workKeys(o.id, o.leaseUntil) : {}),
});
const fromItem = (item: Record<string, unknown>): Order => {
  const { pk: _pk, sk: _sk, entity: _e, gsi2pk: _g, gsi2sk: _h, gsi3pk: _w, gsi3sk: _d, ...order } = item;
  return order as unknown as Order;
};

/** A new order from a validated form (not yet stored). */
export function newOrder(userId: string, body: LabelOrderBody, priceCents: number, status: OrderStatus): Order {
  const at = new Date();
  const now = at.toISOString();
  const id = ulid();
  return {
    ...(status === 'processing' ? { leaseUntil: leaseFields(id, at).leaseUntil } : {}),
    id,
    userId,
    labelType: body.labelType,
    weightLb: body.weight,
    lengthIn: body.length,
    widthIn: body.width,
    heightIn: body.height,
    shipDate: body.date ?? now.slice(0, 10),
    from: body.from,
    to: body.to,
    priceCents,
    paymentMethod: body.paymentMethod,
    status,
    tracking: null,
    carrierRef: null,
    service: null,
    labelKey: null,
    failureReason: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** The step that claims an idempotency key for `orderId`; it fails as `order.idempotency` when the key was used. */
export const claimKeyStep = (userId: string, key: string, orderId: string): Step => ({
  name: 'order.idempotency',
  item: {
    Put: {
      TableName: tableName(),
      Item: { ...idempotencyKey(userId, key), entity: 'idempotency', orderId, expiresAt: Math.floor(Date.now() / 1000) + IDEMPOTENCY_TTL_S },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  },
});

/** The order an idempotency key was claimed for. */
export async function orderIdForKey(userId: string, key: string): Promise<string | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: idempotencyKey(userId, key), ConsistentRead: true }));
  return typeof Item?.orderId === 'string' ? Item.orderId : undefined;
}

/** The step that stores a new order (named `order`). */
export const putOrderStep = (order: Order): Step => ({
  name: 'order',
  item: { Put: { TableName: tableName(), Item: toItem(order), ConditionExpression: 'attribute_not_exists(pk)' } },
});

/** Stores an order waiting for its card payment (no money has moved). */
export async function putAwaitingOrder(order: Order): Promise<void> {
  await transact([putOrderStep(order)]);
}

/**
 * The step (named `order`) that moves an order from `from` to `to`, setting `fields` too; it fails
 * when the order is not in `from`, so each transition happens once. Entering processing takes a
 * fresh lease; leaving it gives the lease up (and the order leaves the work index).
 */
export function moveOrderStep(
  order: Pick<Order, 'userId' | 'id'>,
  from: OrderStatus,
  to: OrderStatus,
  now: string,
  fields: Record<string, string | number | null> = {},
): Step {
  const all: Record<string, string | number | null> = { ...fields, ...(to === 'processing' ? leaseFields(order.id, new Date(now)) : {}) };
  const names = Object.keys(all);
  const released = from === 'processing' && to !== 'processing' ? ' REMOVE leaseUntil, gsi3pk, gsi3sk' : '';
  return {
    name: 'order',
    item: {
      Update: {
        TableName: tableName(),
        Key: orderKey(order.userId, order.id),
        UpdateExpression: ['SET #status = :to, updatedAt = :now', ...names.map((n) => `#${n} = :${n}`)].join(', ') + released,
        ConditionExpression: '#status = :from',
        ExpressionAttributeNames: { '#status': 'status', ...Object.fromEntries(names.map((n) => [`#${n}`, n])) },
        ExpressionAttributeValues: { ':to': to, ':from': from, ':now': now, ...Object.fromEntries(names.map((n) => [`:${n}`, all[n]])) },
      },
    },
  };
}

/**
 * Takes over the lease of a processing order whose lease `seenLeaseUntil` has expired, for a new
 * lease from `now`. False when someone else did first (another recovery run, a retried request) or
 * the order has left processing: then the caller leaves it alone.
 */
export async function takeOverLease(order: Pick<Order, 'userId' | 'id'>, seenLeaseUntil: string, now: Date): Promise<boolean> {
  const lease = leaseFields(order.id, now);
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: orderKey(order.userId, order.id),
        UpdateExpression: 'SET leaseUntil = :until, gsi3pk = :queue, gsi3sk = :due',
        ConditionExpression: '#status = :processing AND leaseUntil = :seen',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':until': lease.leaseUntil,
          ':queue': lease.gsi3pk,
          ':due': lease.gsi3sk,
          ':processing': 'processing',
          ':seen': seenLeaseUntil,
        },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/**
 * Processing orders whose lease expired before `now`, oldest lease first, at most `limit`: a Query
 * of the sparse work index, which holds processing orders only.
 */
export async function expiredPurchases(now: Date, limit: number): Promise<Order[]> {
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :queue AND gsi3sk < :now',
      ExpressionAttributeValues: { ':queue': PURCHASES, ':now': now.toISOString() },
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map(fromItem);
}

/** What a created order records of its label. */
export type LabelFields = Pick<Order, 'costCents'> & { tracking: string; carrierRef: string; service: string; labelKey: string };

/** The label exists: the order becomes created, and the counters move, in one transaction. */
export async function completeOrder(order: Order, label: LabelFields): Promise<Order> {
  const updatedAt = new Date().toISOString();
  const done = await transact([
    moveOrderStep(order, 'processing', 'created', updatedAt, { ...label, gsi2pk: `TRACK#${label.tracking}`, gsi2sk: 'ORDER' }),
    ...steps('stats', statsItems(createdLabelStats(order.priceCents, label.costCents))),
    {
      name: 'user.labelCount',
      item: {
        Update: { TableName: tableName(), Key: userKey(order.userId), UpdateExpression: 'ADD labelCount :one', ExpressionAttributeValues: { ':one': 1 } },
      },
    },
  ]);
  if (!done.ok) throw new Error(`order ${order.id} is no longer processing`);
  return { ...order, ...label, status: 'created', updatedAt };
}

/** Marks an order that never got paid as failed (its checkout could not start or expired). */
export async function failAwaitingOrder(userId: string, orderId: string, reason: string): Promise<void> {
  await transact([moveOrderStep({ userId, id: orderId }, 'awaiting_payment', 'failed', new Date().toISOString(), { failureReason: reason })]);
}

/** One of the user's orders, or undefined (also for another user's id). */
export async function getOrder(userId: string, orderId: string): Promise<Order | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: orderKey(userId, orderId), ConsistentRead: true }));
  return Item ? fromItem(Item) : undefined;
}

/** The user's orders, newest first. */
export async function listOrders(userId: string, page: { limit: number; cursor?: string }): Promise<Page<Order>> {
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :order)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':order': 'ORDER#' },
      ScanIndexForward: false,
      Limit: page.limit,
      ExclusiveStartKey: decodeCursor(page.cursor, { pk: `USER#${userId}` }, undefined, { sk: 'ORDER#' }),
    }),
  );
  return { items: (out.Items ?? []).map(fromItem), nextCursor: encodeCursor(out.LastEvaluatedKey) };
}

/** The order a tracking number belongs to (any user's: tracking numbers are public, as at USPS). */
export async function findOrderByTracking(tracking: string): Promise<Order | undefined> {
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :t',
      ExpressionAttributeValues: { ':t': `TRACK#${tracking}` },
      Limit: 1,
    }),
  );
  const item = out.Items?.[0];
  return item ? fromItem(item) : undefined;
}
