/**
 * The local advance control's memory (sandbox tracker only): how many planned events of a
 * sandbox label's journey it forced to have happened, whatever the clock, so the Track Package page
 * (SandboxTracker) and the shipments table (the events it emitted) agree.
 *
 *   forced steps  pk LOCALTRACK#<tracking>  sk LOCALTRACK  forcedSteps, expiresAt (60 days, TTL)
 *
 * Moving it is one conditional update on the count read, so two clicks at once move it once each.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from './client';

const key = (trackingNumber: string) => ({ pk: `LOCALTRACK#${trackingNumber}`, sk: 'LOCALTRACK' });
const KEEP_SECONDS = 60 * 24 * 3600;

/** How many planned events the label shows at least (0: none forced). */
export async function forcedSteps(trackingNumber: string): Promise<number> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: key(trackingNumber), ConsistentRead: true }));
  return typeof Item?.forcedSteps === 'number' ? Item.forcedSteps : 0;
}

/** Moves the count from `seen` to `next`; false when someone moved it first. */
export async function setForcedSteps(trackingNumber: string, seen: number, next: number): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key(trackingNumber),
        UpdateExpression: 'SET forcedSteps = :next, entity = :entity, expiresAt = :expires',
        ConditionExpression: seen === 0 ? 'attribute_not_exists(forcedSteps) OR forcedSteps = :seen' : 'forcedSteps = :seen',
        ExpressionAttributeValues: { ':next': next, ':seen': seen, ':entity': 'localTracking', ':expires': Math.floor(Date.now() / 1000) + KEEP_SECONDS },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}
