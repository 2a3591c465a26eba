/**
 * Webhook deliveries: one item per event and endpoint, written in the transaction of the change the
 * event reports (the outbox, functions/webhooks/outbox.ts) and sent after it by the webhook worker
 * (functions/webhooks/deliver.ts).
 *
 *   delivery  pk HOOK#<endpointId>  sk DLV#<id>
 *             id, endpointId, accountId, eventId, type, subject, body (the JSON text sent, signed as is),
 *             status (pending | delivered | failed), attempts, createdAt, lastAttemptAt?, nextAttemptAt?,
 *             responseCode?, deliveredAt?, expiresAt (createdAt + 30 days)
 *             while pending: gsi3pk WORK#webhook  gsi3sk <nextAttemptAt>#<id>      (due attempts)
 *                            gsi1pk HOOKSEQ#<endpointId>#<subject>  gsi1sk <id>   (order per shipment)
 *
 * An endpoint's log is a Query on its partition, newest first (ids are ULIDs). The two sparse keys
 * leave the item with its last attempt: the work index holds only what is still to be sent, and the
 * sequence index only what still holds back a later event of the same shipment.
 */
import { monotonicFactory } from 'ulid';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ApiWebhookDelivery } from '../../domain/api/webhooks';
import type { WebhookEvent } from '../../domain/webhook-events';
import { NotFound } from '../errors';
import { db, isConditionFailure, tableName, type Step } from './client';
import { decodeCursor, encodeCursor, type Page } from './pagination';
import { workKeys } from './work-index';

export interface WebhookDelivery extends ApiWebhookDelivery {
  endpointId: string;
  accountId: string;
  subject: string;
  body: string;
}

/** What names a delivery to the worker (the queue's message). */
export interface DeliveryRef {
  endpointId: string;
  deliveryId: string;
}

export const NO_DELIVERY = 'Delivery not found';
const KEEP_MS = 30 * 24 * 3600_000;

/** Monotonic, so two events of one shipment written in the same millisecond keep their order. */
const nextId = monotonicFactory();
export const newDeliveryId = (now: Date) => nextId(now.getTime());

export const deliveryKey = (endpointId: string, id: string) => ({ pk: `HOOK#${endpointId}`, sk: `DLV#${id}` });
const sequenceKeys = (endpointId: string, subject: string, id: string) => ({ gsi1pk: `HOOKSEQ#${endpointId}#${subject}`, gsi1sk: id });
const pendingKeys = (d: Pick<WebhookDelivery, 'endpointId' | 'subject' | 'id'>, due: string) => ({
  ...workKeys('webhook', d.id, due),
  ...sequenceKeys(d.endpointId, d.subject, d.id),
});

function fromItem(item: Record<string, unknown>): WebhookDelivery {
  const optional = <K extends string>(name: K) => (item[name] !== undefined ? { [name]: item[name] } : {});
  return {
    id: item.id as string,
    endpointId: item.endpointId as string,
    accountId: item.accountId as string,
    eventId: item.eventId as string,
    type: item.type as WebhookEvent,
    subject: item.subject as string,
    body: item.body as string,
    status: item.status as WebhookDelivery['status'],
    attempts: item.attempts as number,
    createdAt: item.createdAt as string,
    ...optional('lastAttemptAt'),
    ...optional('nextAttemptAt'),
    ...optional('responseCode'),
    ...optional('deliveredAt'),
  };
}

/** The delivery as the API shows it (the log): no body, no keys. */
export const toApiDelivery = ({ endpointId: _e, accountId: _a, subject: _s, body: _b, ...shown }: WebhookDelivery): ApiWebhookDelivery => shown;

/** The step that writes a new delivery, due at once; part of the transaction of the change it reports. */
export function newDeliveryStep(d: Pick<WebhookDelivery, 'id' | 'endpointId' | 'accountId' | 'eventId' | 'type' | 'subject' | 'body' | 'createdAt'>): Step {
  return {
    name: 'webhook.delivery',
    item: {
      Put: {
        TableName: tableName(),
        Item: {
          ...deliveryKey(d.endpointId, d.id),
          ...pendingKeys(d, d.createdAt),
          entity: 'webhookDelivery',
          ...d,
          status: 'pending',
          attempts: 0,
          nextAttemptAt: d.createdAt,
          expiresAt: Math.floor((Date.parse(d.createdAt) + KEEP_MS) / 1000),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  };
}

/** One delivery, read consistently, or undefined. */
export async function getDelivery(ref: DeliveryRef): Promise<WebhookDelivery | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: deliveryKey(ref.endpointId, ref.deliveryId), ConsistentRead: true }));
  return Item ? fromItem(Item) : undefined;
}

/** An endpoint's deliveries, newest first, a page at a time. */
export async function listDeliveries(endpointId: string, page: { limit: number; cursor?: string }): Promise<Page<WebhookDelivery>> {
  const scope = { pk: `HOOK#${endpointId}` };
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :dlv)',
      ExpressionAttributeValues: { ':pk': scope.pk, ':dlv': 'DLV#' },
      ScanIndexForward: false,
      Limit: page.limit,
      ExclusiveStartKey: decodeCursor(page.cursor, scope, undefined, { sk: 'DLV#' }),
    }),
  );
  return { items: (out.Items ?? []).map(fromItem), nextCursor: encodeCursor(out.LastEvaluatedKey) };
}

/**
 * The pending deliveries of the same endpoint and shipment, in order, after `afterId` (or from the
 * first when `afterId` is '') and before `beforeId` when given; at most `limit`. Read from the
 * sequence index, which lags: callers confirm each with getDelivery.
 */
export async function pendingInSequence(d: Pick<WebhookDelivery, 'endpointId' | 'subject'>, range: { after?: string; before?: string }, limit: number) {
  const { gsi1pk } = sequenceKeys(d.endpointId, d.subject, '');
  const condition = range.before ? 'gsi1pk = :pk AND gsi1sk < :before' : 'gsi1pk = :pk AND gsi1sk > :after';
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: condition,
      ExpressionAttributeValues: { ':pk': gsi1pk, ...(range.before ? { ':before': range.before } : { ':after': range.after ?? '' }) },
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map((item) => ({ endpointId: item.endpointId as string, deliveryId: item.id as string }));
}

/**
 * Takes the next attempt of a pending delivery: its due time moves `leaseMs` ahead, on the
 * condition that it is still the one read, so two workers (a queue message and the scheduled work)
 * never send the same attempt; should this one die, the attempt is due again when the lease ends.
 */
export async function claimAttempt(d: WebhookDelivery, now: Date, leaseMs: number): Promise<boolean> {
  const until = new Date(now.getTime() + leaseMs).toISOString();
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: deliveryKey(d.endpointId, d.id),
        UpdateExpression: 'SET nextAttemptAt = :until, gsi3sk = :due',
        ConditionExpression: '#status = :pending AND nextAttemptAt = :read',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':until': until, ':due': workKeys('webhook', d.id, until).gsi3sk, ':pending': 'pending', ':read': d.nextAttemptAt },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** How an attempt ended: delivered (2xx), or failed with a next attempt, or failed for good. */
export type AttemptOutcome = { delivered: true; responseCode: number } | { delivered: false; responseCode?: number; nextAttemptAt?: Date };

/** Records an attempt; a delivered or given-up delivery leaves both indexes. */
export async function recordAttempt(d: WebhookDelivery, now: Date, outcome: AttemptOutcome): Promise<void> {
  const at = now.toISOString();
  const set = ['attempts = attempts + :one', 'lastAttemptAt = :at', '#status = :status'];
  const remove: string[] = [];
  const values: Record<string, unknown> = { ':one': 1, ':at': at, ':pending': 'pending' };
  if (outcome.responseCode !== undefined) {
    set.push('responseCode = :code');
    values[':code'] = outcome.responseCode;
  } else remove.push('responseCode');
  if (outcome.delivered) {
    set.push('deliveredAt = :at');
    values[':status'] = 'delivered';
  } else if (outcome.nextAttemptAt) {
    const due = outcome.nextAttemptAt.toISOString();
    set.push('nextAttemptAt = :next', 'gsi3sk = :due');
    values[':status'] = 'pending';
    values[':next'] = due;
    values[':due'] = workKeys('webhook', d.id, due).gsi3sk;
  } else values[':status'] = 'failed';
  if (values[':status'] !== 'pending') remove.push('nextAttemptAt', 'gsi3pk', 'gsi3sk', 'gsi1pk', 'gsi1sk');
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: deliveryKey(d.endpointId, d.id),
      UpdateExpression: `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: values,
    }),
  );
}

/** Gives a pending delivery up without an attempt (its endpoint was deleted or disabled). */
export async function abandonDelivery(d: WebhookDelivery): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: deliveryKey(d.endpointId, d.id),
        UpdateExpression: 'SET #status = :failed REMOVE nextAttemptAt, gsi3pk, gsi3sk, gsi1pk, gsi1sk',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':failed': 'failed', ':pending': 'pending' },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/**
 * Sends a delivery again ("Resend"): pending and due at once, its attempts counted on. One still
 * pending is only made due now. NotFound for an unknown id.
 */
export async function resendDelivery(endpointId: string, id: string, now: Date): Promise<WebhookDelivery> {
  const d = await getDelivery({ endpointId, deliveryId: id });
  if (!d) throw new NotFound(NO_DELIVERY);
  const due = now.toISOString();
  const out = await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: deliveryKey(endpointId, id),
      UpdateExpression: 'SET #status = :pending, nextAttemptAt = :due, gsi3pk = :work, gsi3sk = :workSk, gsi1pk = :seq, gsi1sk = :id',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':pending': 'pending',
        ':due': due,
        ':work': pendingKeys(d, due).gsi3pk,
        ':workSk': pendingKeys(d, due).gsi3sk,
        ':seq': pendingKeys(d, due).gsi1pk,
        ':id': d.id,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return fromItem(out.Attributes!);
}
