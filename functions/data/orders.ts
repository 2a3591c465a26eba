/**
 * Label orders (shipments) and the label purchase transactions.
 *
 *   order        pk USER#<userId>              sk ORDER#<shipOrderId>  gsi2pk TRACK#<tracking>  gsi2sk ORDER
 *   idempotency  pk IDEMP#<userId>#<key>       sk IDEMP                orderId, TTL 7 days
 *
 * The shipOrderId is a ulid, so a user's orders sort newest first and a download is a GetItem under
 * the caller's own partition: another user's order simply is not there (404).
 * Money moves only with ledger entries (ledger.ts): the debit when the order is placed, a refund
 * when the carrier fails. The labels counter and the user's label count move when a label exists.
 */
import { GetCommand, QueryCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { ulid } from 'ulid';
import { centsToDollars } from '../../domain/money';
import { findLabelType } from '../../domain/pricing';
import type { LabelOrderBody } from '../../domain/schemas/labels';
import { db, onlyConditionsFailed, tableName } from './client';
import { statsItems } from './stats';
import { entryItem, eventRecordItem, newEntry, type LedgerEntry } from './ledger';
import { decodeCursor, encodeCursor, type Page } from './pagination';
import { userKey, type User } from './users';

export type OrderStatus = 'awaiting_payment' | 'processing' | 'created' | 'failed';
type Address = LabelOrderBody['from'];

export interface Order {
  id: string;
  userId: string;
  labelType: string;
  weightLb: number;
  lengthIn: number;
  widthIn: number;
  heightIn: number;
  shipDate: string;
  from: Address;
  to: Address;
  priceCents: number;
  paymentMethod: 'credits' | 'purchase';
  status: OrderStatus;
  tracking: string | null;
  carrierRef: string | null;
  service: string | null;
  /** Key of the PDF in the label store. */
  labelKey: string | null;
  failureReason: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ApiOrder {
  shipOrderId: string;
  labelType: string;
  labelTypeName: string;
  weight: number;
  length: number;
  width: number;
  height: number;
  from: Address;
  to: Address;
  fromName: string;
  fromCity: string;
  toName: string;
  toCity: string;
  paymentMethod: Order['paymentMethod'];
  price: number;
  priceCents: number;
  status: OrderStatus;
  tracking: string | null;
  createdAt: string;
}

export const orderKey = (userId: string, orderId: string) => ({ pk: `USER#${userId}`, sk: `ORDER#${orderId}` });
const idempotencyKey = (userId: string, key: string) => ({ pk: `IDEMP#${userId}#${key}`, sk: 'IDEMP' });
const IDEMPOTENCY_TTL_S = 7 * 24 * 3600;

const toItem = (o: Order) => ({ ...orderKey(o.userId, o.id), entity: 'order', ...o });
const fromItem = (item: Record<string, unknown>): Order => {
  const { pk: _pk, sk: _sk, entity: _e, gsi2pk: _g, gsi2sk: _h, ...order } = item;
  return order as unknown as Order;
};

export const toApiOrder = (o: Order): ApiOrder => ({
  shipOrderId: o.id,
  labelType: o.labelType,
  labelTypeName: findLabelType(o.labelType)?.name ?? o.labelType,
  weight: o.weightLb,
  length: o.lengthIn,
  width: o.widthIn,
  height: o.heightIn,
  from: o.from,
  to: o.to,
  fromName: o.from.name,
  fromCity: o.from.city,
  toName: o.to.name,
  toCity: o.to.city,
  paymentMethod: o.paymentMethod,
  price: Number(centsToDollars(o.priceCents)),
  priceCents: o.priceCents,
  status: o.status,
  tracking: o.tracking,
  createdAt: o.createdAt,
});

/** A new order from a validated form (not yet stored). */
export function newOrder(userId: string, body: LabelOrderBody, priceCents: number, status: OrderStatus): Order {
  const now = new Date().toISOString();
  return {
    id: ulid(),
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

type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;

/** The ledger entry that pays for an order from the wallet (already settled: the debit is immediate). */
function debitFor(user: Pick<User, 'id' | 'name' | 'email'>, order: Order): LedgerEntry {
  const entry = newEntry(user, { amountCents: -order.priceCents, type: 'label', creditType: 'Credits', paymentType: 'WALLET', provider: 'wallet', orderId: order.id });
  return { ...entry, status: 'completed', completedAt: entry.createdAt };
}

/** Items that debit the wallet for `order`: the balance may not go below zero. */
function debitItems(user: Pick<User, 'id' | 'name' | 'email'>, order: Order): TransactItems {
  return [
    {
      Update: {
        TableName: tableName(),
        Key: userKey(user.id),
        UpdateExpression: 'SET balanceCents = balanceCents - :price, version = version + :one',
        ConditionExpression: 'balanceCents >= :price',
        ExpressionAttributeValues: { ':price': order.priceCents, ':one': 1 },
      },
    },
    entryItem(debitFor(user, order)),
  ];
}

export type PlaceResult = { kind: 'placed'; order: Order } | { kind: 'repeat'; orderId: string } | { kind: 'insufficient' };

/**
 * Places a credits order: claims the idempotency key, stores the order (processing) and debits the
 * wallet with its ledger entry, all in one transaction. A key used before answers `repeat` with the
 * first order's id; a short balance answers `insufficient` and nothing changes.
 */
export async function placeCreditOrder(user: Pick<User, 'id' | 'name' | 'email'>, order: Order, key: string): Promise<PlaceResult> {
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...idempotencyKey(user.id, key), entity: 'idempotency', orderId: order.id, expiresAt: Math.floor(Date.now() / 1000) + IDEMPOTENCY_TTL_S },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          { Put: { TableName: tableName(), Item: toItem(order), ConditionExpression: 'attribute_not_exists(pk)' } },
          ...debitItems(user, order),
          ...statsItems({ balanceCents: -order.priceCents }),
        ],
      }),
    );
    return { kind: 'placed', order };
  } catch (err) {
    if (!(err instanceof TransactionCanceledException)) throw err;
    const reasons = err.CancellationReasons ?? [];
    if (reasons[0]?.Code === 'ConditionalCheckFailed') {
      const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: idempotencyKey(user.id, key), ConsistentRead: true }));
      return { kind: 'repeat', orderId: String(Item?.orderId) };
    }
    if (reasons[2]?.Code === 'ConditionalCheckFailed') return { kind: 'insufficient' };
    throw err;
  }
}

/** Stores an order waiting for its card payment (no money has moved). */
export async function putAwaitingOrder(order: Order): Promise<void> {
  await db.send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: tableName(), Item: toItem(order), ConditionExpression: 'attribute_not_exists(pk)' } }] }));
}

/**
 * The card payment for an order arrived: in one transaction record the event, settle the pending
 * card entry (+price), debit the wallet for the label (-price: the balance is unchanged) and move the
 * order to processing. False when the event was seen before or the order/entry is not waiting.
 */
export async function settleCardOrder(input: {
  user: Pick<User, 'id' | 'name' | 'email'>;
  order: Order;
  paymentEntryId: string;
  eventKey: string;
  paidCents: number;
}): Promise<boolean> {
  const { user, order } = input;
  if (input.paidCents !== order.priceCents) return false;
  const now = new Date().toISOString();
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          eventRecordItem(input.eventKey, { orderId: order.id, outcome: 'completed' }, now),
          {
            Update: {
              TableName: tableName(),
              Key: { pk: `USER#${user.id}`, sk: `TXN#${input.paymentEntryId}` },
              UpdateExpression: 'SET #status = :completed, completedAt = :now',
              ConditionExpression: '#status = :pending AND amountCents = :price',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':completed': 'completed', ':pending': 'pending', ':now': now, ':price': order.priceCents },
            },
          },
          entryItem(debitFor(user, order)),
          {
            Update: {
              TableName: tableName(),
              Key: orderKey(user.id, order.id),
              UpdateExpression: 'SET #status = :processing, updatedAt = :now',
              ConditionExpression: '#status = :awaiting',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':processing': 'processing', ':awaiting': 'awaiting_payment', ':now': now },
            },
          },
        ],
      }),
    );
    return true;
  } catch (err) {
    if (err instanceof TransactionCanceledException && onlyConditionsFailed(err)) return false;
    throw err;
  }
}

/** The label exists: the order becomes created, and the counters move, in one transaction. */
export async function completeOrder(order: Order, label: { tracking: string; carrierRef: string; service: string; labelKey: string }): Promise<Order> {
  const updatedAt = new Date().toISOString();
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: tableName(),
            Key: orderKey(order.userId, order.id),
            UpdateExpression:
              'SET #status = :created, tracking = :tracking, carrierRef = :ref, service = :service, labelKey = :key, updatedAt = :now, gsi2pk = :track, gsi2sk = :order',
            ConditionExpression: '#status = :processing',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':created': 'created',
              ':processing': 'processing',
              ':tracking': label.tracking,
              ':ref': label.carrierRef,
              ':service': label.service,
              ':key': label.labelKey,
              ':now': updatedAt,
              ':track': `TRACK#${label.tracking}`,
              ':order': 'ORDER',
            },
          },
        },
        ...statsItems({ labels: 1 }),
        {
          Update: {
            TableName: tableName(),
            Key: userKey(order.userId),
            UpdateExpression: 'ADD labelCount :one',
            ExpressionAttributeValues: { ':one': 1 },
          },
        },
      ],
    }),
  );
  return { ...order, ...label, status: 'created', updatedAt };
}

/**
 * The carrier failed: the order becomes failed and its price goes back to the wallet with a refund
 * entry, in one transaction (only from processing, so a refund happens once).
 */
export async function failAndRefundOrder(user: Pick<User, 'id' | 'name' | 'email'>, order: Order, reason: string): Promise<Order> {
  const updatedAt = new Date().toISOString();
  const refund: LedgerEntry = {
    ...newEntry(user, { amountCents: order.priceCents, type: 'refund', creditType: 'Credits', paymentType: 'WALLET', provider: 'wallet', orderId: order.id }),
    status: 'completed',
    completedAt: updatedAt,
  };
  await db.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: tableName(),
            Key: orderKey(order.userId, order.id),
            UpdateExpression: 'SET #status = :failed, failureReason = :reason, updatedAt = :now',
            ConditionExpression: '#status = :processing',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':failed': 'failed', ':processing': 'processing', ':reason': reason, ':now': updatedAt },
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: userKey(order.userId),
            UpdateExpression: 'SET balanceCents = balanceCents + :price, version = version + :one',
            ExpressionAttributeValues: { ':price': order.priceCents, ':one': 1 },
          },
        },
        entryItem(refund),
        ...statsItems({ balanceCents: order.priceCents }),
      ],
    }),
  );
  return { ...order, status: 'failed', failureReason: reason, updatedAt };
}

/** Marks an order that never got paid as failed (its checkout could not start or expired). */
export async function failAwaitingOrder(userId: string, orderId: string, reason: string): Promise<void> {
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: orderKey(userId, orderId),
              UpdateExpression: 'SET #status = :failed, failureReason = :reason, updatedAt = :now',
              ConditionExpression: '#status = :awaiting',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':failed': 'failed', ':awaiting': 'awaiting_payment', ':reason': reason, ':now': new Date().toISOString() },
            },
          },
        ],
      }),
    );
  } catch (err) {
    if (!(err instanceof TransactionCanceledException) || !onlyConditionsFailed(err)) throw err;
  }
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
