/**
 * Label orders (shipments): their keys, states and reads, and the transaction steps that move an
 * order from state to state. Money is not here: a purchase composes these steps with the wallet's
 * (functions/wallet/wallet.ts) in one transaction (functions/labels/).
 *
 *   order        pk USER#<userId>              sk ORDER#<shipOrderId>  gsi2pk TRACK#<tracking>  gsi2sk ORDER
 *                while processing: leaseUntil, gsi3pk WORK#purchase  gsi3sk <leaseUntil>#<shipOrderId>
 *                while created:    gsi3pk WORK#unused  gsi3sk <ship date + 28 days>#<shipOrderId>
 *                                  (until refunded, or a scan is seen: then it leaves the index)
 *                while refund_pending: leaseUntil, gsi3pk WORK#refund  gsi3sk <leaseUntil>#<shipOrderId>
 *                                  (a card-paid label's, once planned: cardRefundCents, cardRefundEntryId, cardRefundIntent;
 *                                  once refunded: cardRefundId, or cardRefundRefused)
 *                with a label: trackingStatus, lastEvent, lastEventAt (lastEvent's instant, UTC ISO)
 *                searchText: recipient name, city and tracking number, lower case (the shipments search)
 *                downloadedAt: null until the label is first served (ordersToServe), then when;
 *                creditedEarly: its price went back when its refund was asked (never served)
 *   tracking poll pk USER#<userId>             sk TRACKPOLL#<shipOrderId>  userId, orderId
 *                gsi3pk WORK#track#<shard>  gsi3sk <next poll ISO>#<shipOrderId>
 *                (from the label's creation until a poll finds it final or refunded)
 *   idempotency  pk IDEMP#<userId>#<key>       sk IDEMP                orderId, TTL 7 days
 *
 * The shipOrderId is a ulid, so a user's orders sort newest first and a download is a GetItem under
 * the caller's own partition: another user's order simply is not there (404).
 *
 *   awaiting_payment --(card paid)--> processing --(label)--> created --(refund asked)--> refund_pending
 *          |                              '------(carrier failed, refunded)--> failed          |
 *          '--(checkout failed or expired)--> failed               refunded <--(carrier refunded)--+
 *                                                            refund_rejected <--(carrier rejected)--'
 *
 * A processing order holds a lease: the purchase that set it owns the order until `leaseUntil`.
 * A purchase cut short (the process died, the Lambda timed out) leaves its lease to expire, and the
 * scheduled recovery (functions/labels/recovery.ts) finds it through the sparse work index and
 * finishes or refunds it. Leaving processing removes the order from that index.
 *
 * A refund_pending order holds a lease the same way: the request (or job) that asked the carrier
 * owns it until `leaseUntil`, and then the scheduled settlement (functions/labels/label-refunds.ts)
 * takes the lease over to ask the carrier how the refund stands, each time for a new lease (the next
 * poll). A created order waits in the `unused` queue until its refund window ends, when the
 * scheduled auto-refund looks at it. One index, one set of helpers: the queue of a status is below.
 */
import { increasingIds } from './ids';
import type { Order, OrderQuote, OrderStatus } from '../../domain/api/orders';
import type { ServiceId } from '../../domain/postage/service-ids';
import { autoRefundAt } from '../../domain/ship-date';
import type { Address } from '../../domain/schemas/addresses';
import type { LabelOrderBody } from '../../domain/schemas/labels';
import { extrasOf, hasExtras } from '../../domain/postage/extras';
import type { ExportRange } from '../../domain/schemas/exports';
import { isOrderStatus, orderMatches, orderSearchText, searchTerms, type ShipmentFilters } from '../../domain/shipment-search';
import { todayInEastern } from '../../domain/ship-date';
import { config } from '../config';
import { Conflict } from '../errors';
import { idBefore, idPast, placeInRange } from '../exports/date-range';
import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { batchGet, db, isConditionFailure, steps, tableName, transact, type Step } from './client';
import { queryMatches } from './filtered-query';
import { decodeCursor, encodeCursor, type Page } from './pagination';
import { savingsAddSteps } from './savings';
import { createdLabelStats, statsItems, type StatsChange } from './stats';
import { userKey } from './users';
import { stableShard, type ShardBackfill } from './shards';
import { dueItems, workKeys, type WorkQueue } from './work-index';

export const orderKey = (userId: string, orderId: string) => ({ pk: `USER#${userId}`, sk: `ORDER#${orderId}` });
const idempotencyKey = (userId: string, key: string) => ({ pk: `IDEMP#${userId}#${key}`, sk: 'IDEMP' });
const IDEMPOTENCY_TTL_S = 7 * 24 * 3600;
/** A quote's claim: one per quote id (functions/postage/quotes.ts), kept a day beyond any quote's life. */
const quoteClaimKey = (userId: string, quoteId: string) => ({ pk: `QUOTE#${userId}#${quoteId}`, sk: 'QUOTE' });
const QUOTE_CLAIM_TTL_S = 24 * 3600 + 3600;

/** The statuses whose orders hold a lease, and the queue their expired leases are found in. */
const LEASED: Partial<Record<OrderStatus, WorkQueue>> = { processing: 'purchase', refund_pending: 'refund' };

/**
 * How long a purchase owns its processing order beyond one carrier call: it renews its lease before
 * each call for the carrier's call timeout plus this (functions/labels/buy-label.ts), so its lease
 * runs out only when it stopped working (died, timed out) and recovery never races a purchase that is
 * still alive. A refund request owns its refund_pending order this long.
 */
export const leaseMs = (): number => config().PURCHASE_LEASE_SECONDS * 1000;

/** The lease attributes of an order entering a leased status: its expiry, and its place in the status's queue. */
function leaseFields(status: OrderStatus, orderId: string, until: Date): { leaseUntil: string; gsi3pk: string; gsi3sk: string } {
  const queue = LEASED[status];
  if (!queue) throw new Error(`orders in ${status} hold no lease`);
  const leaseUntil = until.toISOString();
  return { leaseUntil, ...workKeys(queue, orderId, leaseUntil) };
}

/** Where an order waits in the work index as it is stored, if anywhere. */
function workOf(o: Pick<Order, 'id' | 'status' | 'leaseUntil' | 'createdAt'>) {
  const leased = LEASED[o.status];
  if (leased) return o.leaseUntil ? workKeys(leased, o.id, o.leaseUntil) : {};
  return o.status === 'created' ? workKeys('unused', o.id, autoRefundAt(o.createdAt)) : {};
}

/** What an UpdateItem of one order's item says: the update, its condition, and the names and values they use. */
type OrderUpdate = { UpdateExpression: string } & Pick<UpdateCommandInput, 'ConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'>;

/** The step (named `order`) that applies `update` to the order's item. */
const orderUpdateStep = (order: Pick<Order, 'userId' | 'id'>, update: OrderUpdate): Step => ({
  name: 'order',
  item: { Update: { TableName: tableName(), Key: orderKey(order.userId, order.id), ...update } },
});

/** Applies `update` to the order's item on its own; false when its condition does not hold (the order moved on). */
async function updateOrderIf(order: Pick<Order, 'userId' | 'id'>, update: OrderUpdate): Promise<boolean> {
  try {
    await db.send(new UpdateCommand({ TableName: tableName(), Key: orderKey(order.userId, order.id), ...update }));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

const toItem = (o: Order) => ({
  ...orderKey(o.userId, o.id),
  entity: 'order',
  ...o,
  // What a shipments search looks in (domain/shipment-search.ts); written again when the tracking number arrives.
  searchText: orderSearchText(o),
  ...workOf(o),
});
const fromItem = (item: Record<string, unknown>): Order => {
  const {
    pk: _pk,
    sk: _sk,
    entity: _e,
    gsi1pk: _p,
    gsi1sk: _q,
    gsi2pk: _g,
    gsi2sk: _h,
    gsi3pk: _w,
    gsi3sk: _d,
    lastEventAt: _l,
    searchText: _s,
    ...order
  } = item;
  return order as unknown as Order;
};

/** The six printed fields of the label form's recipient (its optional email left out). */
const addressOf = ({ email: _email, ...address }: LabelOrderBody['to']): Address => address;

/** What an order is sold as and for (functions/postage/quotes.ts priceOffer); a bare price keeps the body's label type. */
export interface OrderOffer {
  priceCents: number;
  labelType: string;
  serviceId?: ServiceId;
  quote?: OrderQuote;
  extrasCents?: { signatureCents: number; insuranceCents: number };
}

/** Order ids of this process always increase, also within one millisecond: a batch's orders list in its rows' order. */
const nextOrderId = increasingIds();

/** A new order from a validated form (not yet stored), in `status`; a processing one holds a lease of `lease` ms (leaseMs() when not given). */
export function newOrder(userId: string, body: LabelOrderBody, offer: OrderOffer | number, status: OrderStatus, lease = leaseMs()): Order {
  const { priceCents, labelType, serviceId, quote, extrasCents } =
    typeof offer === 'number' ? { priceCents: offer, labelType: body.labelType ?? '', extrasCents: undefined } : offer;
  const extras = extrasOf(body);
  const at = new Date();
  const now = at.toISOString();
  const id = nextOrderId();
  return {
    ...(status === 'processing' ? { leaseUntil: new Date(at.getTime() + lease).toISOString() } : {}),
    id,
    userId,
    labelType,
    ...(serviceId ? { serviceId } : {}),
    ...(quote ? { quote } : {}),
    ...(hasExtras(extras) ? { extras: { ...extras, signatureCents: extrasCents?.signatureCents ?? 0, insuranceCents: extrasCents?.insuranceCents ?? 0 } } : {}),
    weightLb: body.weight,
    lengthIn: body.length,
    widthIn: body.width,
    heightIn: body.height,
    // Today in US Eastern time, like the window the schema checked (UTC would be tomorrow each evening).
    shipDate: body.shipDate ?? todayInEastern(at),
    from: body.from,
    // The recipient's email is the order's (for notices), never part of the address the carrier prints.
    to: addressOf(body.to),
    toEmail: body.to.email ?? null,
    priceCents,
    paymentMethod: body.paymentMethod,
    status,
    tracking: null,
    carrierRef: null,
    service: null,
    labelKey: null,
    // Never served yet: the first download records when (markDownloaded).
    downloadedAt: null,
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

/**
 * The steps that store a new order: the order, and the claim of the quote it was bought from (named
 * `order.quote`, failing when another order claimed it), so one quote buys one label.
 */
export const placeOrderSteps = (order: Order): Step[] => [
  putOrderStep(order),
  ...(order.quote
    ? [
        {
          name: 'order.quote',
          item: {
            Put: {
              TableName: tableName(),
              Item: {
                ...quoteClaimKey(order.userId, order.quote.id),
                entity: 'quote-claim',
                orderId: order.id,
                expiresAt: Math.floor(Date.now() / 1000) + QUOTE_CLAIM_TTL_S,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        },
      ]
    : []),
];

/**
 * The step that links a return label to its outbound shipment (`order.outbound`, failing when it does
 * not hold): only while the outbound is a created label and not a return itself, so a return is never
 * bought for a label refunded (or being refunded) meanwhile (docs/decisions/0217-return-labels.md).
 */
export const linkReturnStep = (outbound: Pick<Order, 'userId' | 'id'>, returnId: string): Step => ({
  name: 'order.outbound',
  item: {
    Update: {
      TableName: tableName(),
      Key: orderKey(outbound.userId, outbound.id),
      UpdateExpression: 'SET returnIds = list_append(if_not_exists(returnIds, :none), :id)',
      ConditionExpression: '#status = :created AND attribute_not_exists(returnOf)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':none': [], ':id': [returnId], ':created': 'created' },
    },
  },
});

/** Stores an order waiting for its card payment (no money has moved); false when its quote was used already. */
export async function putAwaitingOrder(order: Order): Promise<boolean> {
  const placed = await transact(placeOrderSteps(order));
  if (!placed.ok && placed.failed.has('order.quote')) return false;
  if (!placed.ok) throw new Error(`placing order ${order.id} failed on ${[...placed.failed].join(', ')}`);
  return true;
}

/**
 * The step (named `order`) that moves an order from `from` to `to`, setting `fields` too; it fails
 * when the order is not in `from`, so each transition happens once. Entering a leased status
 * (processing, refund_pending) takes a fresh lease, until `leaseUntil` when given (a refund's next
 * poll) or for leaseMs(); entering created puts the order in the unused queue (which needs its
 * purchase time, createdAt); any other move takes the order out of the work index.
 */
export function moveOrderStep(
  order: Pick<Order, 'userId' | 'id'> & Partial<Pick<Order, 'createdAt'>>,
  from: OrderStatus,
  to: OrderStatus,
  now: string,
  fields: Record<string, string | number | boolean | null> = {},
  leaseUntil?: Date,
): Step {
  let work: Record<string, string> = {};
  if (LEASED[to]) work = leaseFields(to, order.id, leaseUntil ?? new Date(Date.parse(now) + leaseMs()));
  else if (to === 'created') {
    if (!order.createdAt) throw new Error(`order ${order.id} becomes created without its purchase time`);
    work = workKeys('unused', order.id, autoRefundAt(order.createdAt));
  }
  const all: Record<string, string | number | boolean | null> = { ...fields, ...work };
  const names = Object.keys(all);
  const gone = ['leaseUntil', 'gsi3pk', 'gsi3sk'].filter((n) => !(n in work) && (LEASED[from] || from === 'created'));
  return orderUpdateStep(order, {
    UpdateExpression:
      ['SET #status = :to, updatedAt = :now', ...names.map((n) => `#${n} = :${n}`)].join(', ') + (gone.length ? ` REMOVE ${gone.join(', ')}` : ''),
    ConditionExpression: '#status = :from',
    ExpressionAttributeNames: { '#status': 'status', ...Object.fromEntries(names.map((n) => [`#${n}`, n])) },
    ExpressionAttributeValues: { ':to': to, ':from': from, ':now': now, ...Object.fromEntries(names.map((n) => [`:${n}`, all[n]])) },
  });
}

/** A refund's card part as the order keeps it (domain/api/orders.ts). */
export type CardRefundPlan = Required<Pick<Order, 'cardRefundCents' | 'cardRefundEntryId' | 'cardRefundIntent'>>;

/**
 * The step (named `order`) that records the card part of a refund_pending order's refund before the
 * card provider is asked, once: it fails when the order has left refund_pending or has a plan already.
 */
export function cardRefundPlanStep(order: Pick<Order, 'userId' | 'id'>, plan: CardRefundPlan): Step {
  return orderUpdateStep(order, {
    UpdateExpression: 'SET cardRefundCents = :cents, cardRefundEntryId = :entry, cardRefundIntent = :intent',
    ConditionExpression: '#status = :pending AND attribute_not_exists(cardRefundCents)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':cents': plan.cardRefundCents,
      ':entry': plan.cardRefundEntryId,
      ':intent': plan.cardRefundIntent,
      ':pending': 'refund_pending',
    },
  });
}

/**
 * Takes over the lease of an order in a leased status (`status`: processing, refund_pending) whose
 * lease `seenLeaseUntil` has expired, for a new lease until `until` (from `now` for leaseMs() when
 * not given). False when someone else did first (another run, a retried request) or the order has
 * left that status: then the caller leaves it alone.
 */
export async function takeOverLease(
  order: Pick<Order, 'userId' | 'id'>,
  seenLeaseUntil: string,
  now: Date,
  options: { status?: OrderStatus; until?: Date } = {},
): Promise<boolean> {
  const status = options.status ?? 'processing';
  const lease = leaseFields(status, order.id, options.until ?? new Date(now.getTime() + leaseMs()));
  return updateOrderIf(order, {
    UpdateExpression: 'SET leaseUntil = :until, gsi3pk = :queue, gsi3sk = :due',
    ConditionExpression: '#status = :status AND leaseUntil = :seen',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':until': lease.leaseUntil, ':queue': lease.gsi3pk, ':due': lease.gsi3sk, ':status': status, ':seen': seenLeaseUntil },
  });
}

/**
 * Renews the lease a purchase holds on its processing order (`held`: the lease it set or renewed
 * last) until `until`, whether or not it has run out meanwhile. False when the purchase no longer
 * holds it (recovery or a retry took it over, or the order left processing): then the purchase stops.
 */
export const renewLease = (order: Pick<Order, 'userId' | 'id'>, held: string, until: Date): Promise<boolean> =>
  takeOverLease(order, held, new Date(), { until });

/** Orders of `queue` due before `now`, the earliest first, at most `limit`: a Query of the sparse work index. */
export const dueWork = async (queue: Exclude<WorkQueue, 'mail' | 'recheck' | 'track'>, now: Date, limit: number): Promise<Order[]> =>
  (await dueItems(queue, now, limit)).map(fromItem);

/**
 * Takes a created order out of the unused queue (a scan was seen: it is in the mail and will never
 * be refunded automatically). False when it is no longer created.
 */
export const leaveUnusedQueue = (order: Pick<Order, 'userId' | 'id'>): Promise<boolean> =>
  updateOrderIf(order, {
    UpdateExpression: 'REMOVE gsi3pk, gsi3sk',
    ConditionExpression: '#status = :created',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':created': 'created' },
  });

/**
 * Processing orders whose lease expired before `now`, oldest lease first, at most `limit`: a Query
 * of the work index's purchase queue.
 */
export const expiredPurchases = (now: Date, limit: number): Promise<Order[]> => dueWork('purchase', now, limit);

/** What a created order records of its label. */
export type LabelFields = Pick<Order, 'costCents'> & { tracking: string; carrierRef: string; service: string; labelKey: string };

/** A label to record: its order (processing), what it records of the label, and steps that join its transaction. */
export interface MadeLabel {
  order: Order;
  label: LabelFields;
  also?: readonly Step[];
}

/**
 * The label exists: the order becomes created, and the counters move, in one transaction; `also`
 * joins it (the webhook outbox's deliveries of label.created).
 */
export async function completeOrder(order: Order, label: LabelFields, also: readonly Step[] = []): Promise<Order> {
  const [created] = (await completeOrders([{ order, label, also }])) ?? [];
  if (!created) throw new Error(`order ${order.id} is no longer processing`);
  return created;
}

/**
 * The labels of several orders of one account (a batch's chunk) recorded in one transaction: each
 * order created with its `also`, and the counters moved once by their sum (a transaction touches an
 * item once). Undefined when one of them is no longer processing, or a step of an `also` refused:
 * then nothing was written.
 */
export async function completeOrders(made: readonly MadeLabel[]): Promise<Order[] | undefined> {
  const first = made[0];
  if (!first) return [];
  const updatedAt = new Date().toISOString();
  // What each label saved against USPS retail, added to its month with the order stamped.
  const savings = savingsAddSteps(made.map((m) => m.order));
  const stats = made.reduce<StatsChange>((sum, { order, label }) => {
    const one = createdLabelStats(order.priceCents, label.costCents);
    return {
      labels: (sum.labels ?? 0) + (one.labels ?? 0),
      realLabels: (sum.realLabels ?? 0) + (one.realLabels ?? 0),
      realRevenueCents: (sum.realRevenueCents ?? 0) + (one.realRevenueCents ?? 0),
      realCostCents: (sum.realCostCents ?? 0) + (one.realCostCents ?? 0),
    };
  }, {});
  const created = made.map(({ order, label }) => ({
    ...order,
    ...label,
    savingsMonth: savings.monthOf.get(order.id) as string,
    status: 'created' as const,
    updatedAt,
  }));
  const done = await transact([
    ...made.flatMap(({ order, label, also = [] }) => [
      moveOrderStep(order, 'processing', 'created', updatedAt, {
        ...label,
        savingsMonth: savings.monthOf.get(order.id) as string,
        gsi2pk: `TRACK#${label.tracking}`,
        gsi2sk: 'ORDER',
        searchText: orderSearchText({ to: order.to, tracking: label.tracking }),
      }),
      // Its first carrier events are due soon: the tracking poll asks if none arrive.
      trackingPollStep(order, nextTrackingPoll(new Date(updatedAt))),
      ...also,
    ]),
    ...steps('stats', statsItems(stats)),
    ...savings.steps,
    {
      name: 'user.labelCount',
      item: {
        Update: {
          TableName: tableName(),
          Key: userKey(first.order.userId),
          UpdateExpression: 'ADD labelCount :count',
          ExpressionAttributeValues: { ':count': made.length },
        },
      },
    },
  ]);
  return done.ok ? created : undefined;
}

/** Keeps an awaiting order's checkout address, so a repeated request answers the same checkout. */
export async function setCheckoutUrl(order: Pick<Order, 'userId' | 'id'>, url: string): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: orderKey(order.userId, order.id),
      UpdateExpression: 'SET checkoutUrl = :url',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':url': url },
    }),
  );
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

/** The user's orders of `orderIds` that exist, by id; read consistently, so a refund a moment ago is seen. */
export async function getOrders(userId: string, orderIds: readonly string[]): Promise<Map<string, Order>> {
  const items = orderIds.length
    ? await batchGet(
        [...new Set(orderIds)].map((id) => orderKey(userId, id)),
        { consistent: true },
      )
    : [];
  return new Map(items.map(fromItem).map((o) => [o.id, o]));
}

/**
 * Whether an order's label may still be printed: it has one, and its postage is not being or been
 * given back (printing a refunded label would ship a package nobody paid for). A rejected refund
 * gives the label back.
 */
export const isPrintable = (order: Pick<Order, 'status' | 'labelKey' | 'tracking' | 'creditedEarly'>): boolean =>
  !!order.labelKey && !!order.tracking && order.status !== 'refunded' && order.status !== 'refund_pending' && !order.creditedEarly;

/**
 * The condition, on an order item, that its label was never served: downloadedAt stored as null
 * (an order bought before downloads were recorded has none, and counts as served).
 */
export const NEVER_DOWNLOADED = 'attribute_type(downloadedAt, :nullType)';
export const NEVER_DOWNLOADED_VALUES = { ':nullType': 'NULL' };

/**
 * Records that `order`'s label reaches its shipper now: downloadedAt set while it is still null and
 * the label printable (created, or its refund rejected without an early credit). False when the
 * order changed since it was read (its refund was asked meanwhile, or another download marked it).
 */
const markDownloaded = (order: Pick<Order, 'userId' | 'id'>, at: string): Promise<boolean> =>
  updateOrderIf(order, {
    UpdateExpression: 'SET downloadedAt = :at',
    ConditionExpression: `${NEVER_DOWNLOADED} AND (#status = :created OR (#status = :rejected AND attribute_not_exists(creditedEarly)))`,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':at': at, ':created': 'created', ':rejected': 'refund_rejected', ...NEVER_DOWNLOADED_VALUES },
  });

/** Marks written at once while serving a batch: a 500-label batch's first download is not 500 writes in a row. */
const MARKS_AT_ONCE = 16;
/** Reads of a changing order before giving up: each failed mark means it moved one step, and a label moves at most twice. */
const SERVE_READS = 3;

/**
 * The user's orders of `orderIds` that exist, read consistently, every printable one among them
 * recorded as served (downloadedAt) before the caller hands out its PDF: one conditional UpdateItem
 * per label never served, none for the others. An order that changed between the read and its mark
 * (its refund was asked meanwhile) is read again and judged afresh, so a label credited early is
 * never served, and a served label is never credited early (the refund's condition is
 * NEVER_DOWNLOADED). The caller serves only the printable ones (isPrintable) of the answer.
 */
export async function ordersToServe(userId: string, orderIds: readonly string[], now = new Date()): Promise<Map<string, Order>> {
  const at = now.toISOString();
  // One label (a download) is one GetItem, as before downloads were recorded; a batch's, one BatchGet.
  const readOrders = async (ids: readonly string[]) => {
    if (ids.length !== 1) return getOrders(userId, ids);
    const one = await getOrder(userId, ids[0] as string);
    return new Map(one ? [[one.id, one]] : []);
  };
  const orders = await readOrders(orderIds);
  for (let reads = 1; ; reads++) {
    const unserved = [...orders.values()].filter((o) => isPrintable(o) && o.downloadedAt === null);
    const changed: string[] = [];
    for (let i = 0; i < unserved.length; i += MARKS_AT_ONCE) {
      const batch = unserved.slice(i, i + MARKS_AT_ONCE);
      const marked = await Promise.all(batch.map((o) => markDownloaded(o, at)));
      batch.forEach((o, j) => (marked[j] ? orders.set(o.id, { ...o, downloadedAt: at }) : changed.push(o.id)));
    }
    if (changed.length === 0) return orders;
    if (reads === SERVE_READS) throw new Conflict('A label changed while it was being downloaded. Please try again.');
    for (const [id, o] of await readOrders(changed)) orders.set(id, o);
  }
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

/**
 * The user's orders that match a search, a status and a range of purchase days (US Eastern), newest
 * first, up to `limit` a page (functions/data/filtered-query.ts). The days bound the sort key (ids
 * are ulids: time first); DynamoDB filters by status and by `searchText`; orderMatches and the
 * range decide in code, which also finds orders stored before `searchText` existed (they pass the
 * filter without it and are checked against their own fields).
 */
export function findOrders(userId: string, filters: ShipmentFilters & ExportRange, page: { limit: number; cursor?: string }): Promise<Page<Order>> {
  const terms = searchTerms(filters.q);
  const status = filters.status;
  const conditions: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, string> = {};
  if (terms.length) {
    conditions.push(`(${terms.map((_, i) => `contains(searchText, :q${i})`).join(' OR ')} OR attribute_not_exists(searchText))`);
    terms.forEach((t, i) => (values[`:q${i}`] = t));
  }
  if (status && isOrderStatus(status)) {
    conditions.push('#status = :status');
    names['#status'] = 'status';
  } else if (status === 'pre_transit') {
    // As answered: a label with no carrier event yet is pre_transit.
    conditions.push('(trackingStatus = :status OR (attribute_not_exists(trackingStatus) AND attribute_type(tracking, :string)))');
    values[':string'] = 'S';
  } else if (status) conditions.push('trackingStatus = :status');
  if (status) values[':status'] = status;
  const low = `ORDER#${filters.from ? idBefore(filters.from) : ''}`;
  const high = `ORDER#${filters.to ? idPast(filters.to) : '~'}`;
  const dated = Boolean(filters.from || filters.to);
  return queryMatches(
    {
      input: {
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :low AND :high',
        ...(conditions.length ? { FilterExpression: conditions.join(' AND ') } : {}),
        ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':low': low, ':high': high, ...values },
      },
      scope: { pk: `USER#${userId}` },
      prefixes: { sk: 'ORDER#' },
      bounds: { name: 'sk', low, high },
      fromItem,
      ...(terms.length || status || dated
        ? { matches: (o: Order) => orderMatches(o, { q: filters.q, status }) && (!dated || placeInRange(o.createdAt, filters) === 'in') }
        : {}),
    },
    page,
  );
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

// ---------------------------------------------------------------------------------------------
// Tracking: carrier events move trackingStatus/lastEvent; the poll index on gsi1.
// ---------------------------------------------------------------------------------------------

/**
 * The tracking poll: each label's own small item in the work index's `track` queue. It is its own
 * item, not keys on the order, because the work index copies every write of an item it holds: on
 * the order, each download and carrier event would also write the shared queue.
 */
const trackPollKey = (userId: string, orderId: string) => ({ pk: `USER#${userId}`, sk: `TRACKPOLL#${orderId}` });
/** Where a label's poll was kept on the order itself (gsi1) before it was its own item. */
const LEGACY_TRACK_QUEUE = 'WORK#track';

/** The step (named `trackPoll`) that puts a label in the tracking poll, due at `due`. */
const trackingPollStep = (order: Pick<Order, 'userId' | 'id'>, due: Date): Step => ({
  name: 'trackPoll',
  item: {
    Put: {
      TableName: tableName(),
      Item: {
        ...trackPollKey(order.userId, order.id),
        entity: 'trackPoll',
        userId: order.userId,
        orderId: order.id,
        ...workKeys('track', order.id, due.toISOString()),
      },
    },
  },
});

/** When a label's tracker is asked next, counted from `from`: TRACKING_POLL_MINUTES later. */
export function nextTrackingPoll(from: Date): Date {
  const c = config();
  const minutes = c.TRACKING_POLL_MINUTES ?? (c.TRACKING_PROVIDER === 'sandbox' ? 1 : 360);
  return new Date(from.getTime() + minutes * 60_000);
}

/** A carrier event as applied to an order: its status and event, and its instant (UTC ISO) to order events by. */
export interface AppliedTrackingEvent {
  status: NonNullable<Order['trackingStatus']>;
  lastEvent: NonNullable<Order['lastEvent']>;
  /** lastEvent.time as an instant, `toISOString()` form, so stored instants compare as strings. */
  at: string;
}

/**
 * The step (named `order`) that records a carrier event on a labelled order, only when it is newer
 * than the one stored: it fails when the order is gone or already holds an event at the same or a
 * later instant (stale). The label's poll stays where it is: the poll finds a recent event and
 * waits on from it, or a final status and ends, with no write to the shared queue per event.
 */
export function trackingEventStep(order: Pick<Order, 'userId' | 'id'>, event: AppliedTrackingEvent): Step {
  return orderUpdateStep(order, {
    UpdateExpression: 'SET trackingStatus = :status, lastEvent = :event, lastEventAt = :at',
    ConditionExpression: 'attribute_exists(tracking) AND (attribute_not_exists(lastEventAt) OR lastEventAt < :at)',
    ExpressionAttributeValues: { ':status': event.status, ':event': event.lastEvent, ':at': event.at },
  });
}

/** A label due for its tracking poll: the order, its poll's sort key as read, and its last event's instant. */
export type DuePoll = Order & { pollKey: string; lastEventAt?: string };

/**
 * Labels whose tracking poll is due before `now`, the earliest first, at most `limit`: the poll
 * queue's due items, then their orders in one BatchGet. A poll whose order is gone is dropped here.
 */
export async function dueTrackingPolls(now: Date, limit: number): Promise<DuePoll[]> {
  const polls = await dueItems('track', now, limit);
  if (!polls.length) return [];
  const orders = new Map(
    (
      await batchGet(
        polls.map((p) => orderKey(String(p.userId), String(p.orderId))),
        { consistent: true },
      )
    ).map((item) => [String(item.id), item]),
  );
  const due: DuePoll[] = [];
  for (const poll of polls) {
    const item = orders.get(String(poll.orderId));
    if (!item) {
      await db
        .send(new DeleteCommand({ TableName: tableName(), Key: { pk: poll.pk, sk: poll.sk }, ConditionExpression: 'attribute_exists(pk)' }))
        .catch(() => {});
      continue;
    }
    due.push({ ...fromItem(item), pollKey: String(poll.gsi3sk), ...(typeof item.lastEventAt === 'string' ? { lastEventAt: item.lastEventAt } : {}) });
  }
  return due;
}

/**
 * Takes a due poll of one label: moves it from `seenKey` to `next` (or out of the queue when `next`
 * is undefined). False when another run moved it first: then this run leaves the label alone, so
 * two runs at once never both ask.
 */
export async function claimTrackingPoll(order: Pick<Order, 'userId' | 'id'>, seenKey: string, next: Date | undefined): Promise<boolean> {
  const Key = trackPollKey(order.userId, order.id);
  try {
    if (next)
      await db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key,
          UpdateExpression: 'SET gsi3sk = :due',
          ConditionExpression: 'gsi3sk = :seen',
          ExpressionAttributeValues: { ':seen': seenKey, ':due': workKeys('track', order.id, next.toISOString()).gsi3sk },
        }),
      );
    else
      await db.send(new DeleteCommand({ TableName: tableName(), Key, ConditionExpression: 'gsi3sk = :seen', ExpressionAttributeValues: { ':seen': seenKey } }));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/**
 * Moves a label's poll written before the poll was its own item (`gsi1pk = WORK#track` on the order)
 * to a TRACKPOLL item on its stable shard, due when it was: the order leaves gsi1 on the condition
 * that it is still there, and the poll item is put only where none is.
 */
export const backfillTrackingPoll: ShardBackfill = (item) => {
  if (item.entity !== 'order' || item.gsi1pk !== LEGACY_TRACK_QUEUE || typeof item.gsi1sk !== 'string') return undefined;
  const userId = String(item.userId);
  const orderId = String(item.id);
  return [
    {
      Update: {
        TableName: tableName(),
        Key: orderKey(userId, orderId),
        UpdateExpression: 'REMOVE gsi1pk, gsi1sk',
        ConditionExpression: 'gsi1pk = :old',
        ExpressionAttributeValues: { ':old': LEGACY_TRACK_QUEUE },
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...trackPollKey(userId, orderId), entity: 'trackPoll', userId, orderId, gsi3pk: stableShard(LEGACY_TRACK_QUEUE, orderId), gsi3sk: item.gsi1sk },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
};
