/**
 * Remembered devices: browsers that passed the second step with "remember this device" and skip it
 * for 30 days (docs/decisions/0199-second-factors-and-remembered-devices.md).
 *
 *   device       pk USER#<id>  sk DEVICE#<device id>  tokenHash, label, epoch, createdAt, expiresAt (s, TTL)
 *   device epoch pk USER#<id>  sk DEVICES             epoch (absent: 0)
 *
 * A device counts only while its epoch is the account's: forgetting all devices is one update of the
 * epoch, which fits in another transaction (a password reset's) and cannot miss a device remembered
 * at the same moment. The dead items go with TTL, or when the list is read.
 */
import { BatchWriteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, type TransactItem } from './client';

export const REMEMBER_DEVICE_MS = 30 * 24 * 60 * 60_000;

export interface RememberedDevice {
  id: string;
  label: string;
  createdAt: string;
  expiresAt: string;
}

const deviceKey = (userId: string, deviceId: string) => ({ pk: `USER#${userId}`, sk: `DEVICE#${deviceId}` });
const epochKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'DEVICES' });
const seconds = (ms: number) => Math.floor(ms / 1000);

async function epochOf(userId: string): Promise<number> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: epochKey(userId), ConsistentRead: true }));
  return Number(Item?.epoch ?? 0);
}

/** Remembers a device by its token's hash, for 30 days. */
export async function storeDevice(userId: string, deviceId: string, tokenHash: string, label: string, now = Date.now()): Promise<void> {
  const epoch = await epochOf(userId);
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...deviceKey(userId, deviceId),
        entity: 'rememberedDevice',
        tokenHash,
        label,
        epoch,
        createdAt: new Date(now).toISOString(),
        expiresAt: seconds(now + REMEMBER_DEVICE_MS),
      },
    }),
  );
}

/** The stored hash of a live device of the account (unexpired, not forgotten), or undefined. */
export async function liveDeviceHash(userId: string, deviceId: string, now = Date.now()): Promise<string | undefined> {
  const [{ Item }, epoch] = await Promise.all([
    db.send(new GetCommand({ TableName: tableName(), Key: deviceKey(userId, deviceId), ConsistentRead: true })),
    epochOf(userId),
  ]);
  if (!Item || Number(Item.expiresAt) <= seconds(now) || Number(Item.epoch ?? 0) !== epoch) return undefined;
  return String(Item.tokenHash);
}

/** The account's live devices, newest first; dead ones found on the way are deleted. */
export async function listDevices(userId: string, now = Date.now()): Promise<RememberedDevice[]> {
  const [{ Items }, epoch] = await Promise.all([
    db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'DEVICE#' },
        ConsistentRead: true,
      }),
    ),
    epochOf(userId),
  ]);
  const live = (item: Record<string, unknown>) => Number(item.expiresAt) > seconds(now) && Number(item.epoch ?? 0) === epoch;
  const dead = (Items ?? []).filter((item) => !live(item));
  for (let i = 0; i < dead.length; i += 25) {
    const chunk = dead.slice(i, i + 25);
    await db.send(
      new BatchWriteCommand({
        RequestItems: { [tableName()]: chunk.map((item) => ({ DeleteRequest: { Key: { pk: item.pk as string, sk: item.sk as string } } })) },
      }),
    );
  }
  return (Items ?? [])
    .filter(live)
    .map((item) => ({
      id: String(item.sk).slice('DEVICE#'.length),
      label: String(item.label ?? ''),
      createdAt: String(item.createdAt),
      expiresAt: new Date(Number(item.expiresAt) * 1000).toISOString(),
    }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** The transaction item that forgets every device of the account (a password reset runs it in its own transaction). */
export const forgetDevicesItem = (userId: string): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: epochKey(userId),
    UpdateExpression: 'SET entity = :entity ADD epoch :one',
    ExpressionAttributeValues: { ':entity': 'deviceEpoch', ':one': 1 },
  },
});

/** Forgets every remembered device of the account (Security settings' "forget all devices"). */
export async function forgetAllDevices(userId: string): Promise<void> {
  const { Update } = forgetDevicesItem(userId);
  await db.send(new UpdateCommand(Update!));
}
