/**
 * Carrier pickups a shipper booked, and their cancellation.
 *
 *   pickup  pk USER#<userId>  sk PICKUP#<pickupId>  id, createdAt, date, windowStart, windowEnd, address,
 *                                                   instructions, orderIds, status (scheduled, canceled),
 *                                                   confirmation, carrierRef, canceledAt
 *
 * A pickup is stored once the carrier confirmed it (USPS pickups cost nothing, so a booking whose
 * item was never written costs nobody anything). Cancelling moves it from scheduled to canceled once,
 * by a conditional write. The ids are ulids: newest first.
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PickupStatus } from '../../domain/api/shipping-day';
import type { Address } from '../../domain/schemas/addresses';
import { db, isConditionFailure, tableName } from './client';
import { decodeCursor, encodeCursor, type Page } from './pagination';

const pickupKey = (userId: string, id: string) => ({ pk: `USER#${userId}`, sk: `PICKUP#${id}` });

export interface Pickup {
  id: string;
  userId: string;
  createdAt: string;
  /** YYYY-MM-DD. */
  date: string;
  windowStart: string;
  windowEnd: string;
  address: Address;
  instructions: string | null;
  orderIds: string[];
  status: PickupStatus;
  confirmation: string;
  carrierRef: string;
  canceledAt: string | null;
}

/** Stores a pickup the carrier confirmed. */
export async function putPickup(pickup: Pickup): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...pickupKey(pickup.userId, pickup.id), entity: 'pickup', ...pickup },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

const fromItem = (i: Record<string, unknown>): Pickup => ({
  id: i.id as string,
  userId: i.userId as string,
  createdAt: i.createdAt as string,
  date: i.date as string,
  windowStart: i.windowStart as string,
  windowEnd: i.windowEnd as string,
  address: i.address as Address,
  instructions: (i.instructions as string | null) ?? null,
  orderIds: i.orderIds as string[],
  status: i.status as PickupStatus,
  confirmation: i.confirmation as string,
  carrierRef: i.carrierRef as string,
  canceledAt: (i.canceledAt as string | null) ?? null,
});

/** One of the user's pickups, or undefined. */
export async function getPickup(userId: string, id: string): Promise<Pickup | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: pickupKey(userId, id), ConsistentRead: true }));
  return Item ? fromItem(Item) : undefined;
}

/** Marks a scheduled pickup canceled; false when it no longer was scheduled. */
export async function markCanceled(pickup: Pick<Pickup, 'userId' | 'id'>, now = new Date()): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: pickupKey(pickup.userId, pickup.id),
        UpdateExpression: 'SET #status = :canceled, canceledAt = :now',
        ConditionExpression: '#status = :scheduled',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':canceled': 'canceled', ':scheduled': 'scheduled', ':now': now.toISOString() },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** A page of the user's pickups, newest first. */
export async function listPickups(userId: string, page: { limit: number; cursor?: string }): Promise<Page<Pickup>> {
  const scope = { pk: `USER#${userId}` };
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :pickup)',
      ExpressionAttributeValues: { ':pk': scope.pk, ':pickup': 'PICKUP#' },
      ScanIndexForward: false,
      Limit: page.limit,
      ExclusiveStartKey: decodeCursor(page.cursor, scope, undefined, { sk: 'PICKUP#' }),
    }),
  );
  return { items: (out.Items ?? []).map(fromItem), nextCursor: encodeCursor(out.LastEvaluatedKey) };
}
