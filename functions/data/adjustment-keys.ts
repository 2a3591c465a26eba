/**
 * The idempotency claims of admin adjustments: the dialog sends one `Idempotency-Key` per
 * adjustment it means, so a double click or a retried request after a lost answer adjusts once.
 *
 *   claim  pk ADJUSTKEY#<adminId>#<key>  sk ADJUSTKEY  userId, entryId, approvalId?, expiresAt (7 days, TTL)
 *
 * An adjustment over the second-admin threshold claims its key for the pending approval it stores
 * (`approvalId`), so a retry answers that same approval. Who did what is kept by the audit log
 * (./audit.ts), without expiry; this claim only stops a retry from adjusting twice.
 *
 * The claim is written in the adjustment's own transaction (attribute_not_exists), so it exists
 * exactly when the adjustment does.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, type Step } from './client';

const KEEP_S = 7 * 24 * 60 * 60;

const claimKey = (adminId: string, key: string) => ({ pk: `ADJUSTKEY#${adminId}#${key}`, sk: 'ADJUSTKEY' });

/**
 * The step (named `adjustment.idempotency`) that claims `key` for the adjustment entry `entryId` of
 * `userId`, or for the pending approval `approvalId`.
 */
export const claimAdjustmentKeyStep = (adminId: string, key: string, userId: string, entryId: string, approvalId?: string): Step => ({
  name: 'adjustment.idempotency',
  item: {
    Put: {
      TableName: tableName(),
      Item: { ...claimKey(adminId, key), entity: 'adjustmentKey', userId, entryId, approvalId, expiresAt: Math.floor(Date.now() / 1000) + KEEP_S },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  },
});

/** The adjustment (or pending approval) an admin's key was claimed for, or undefined. */
export async function adjustmentForKey(adminId: string, key: string): Promise<{ userId: string; entryId: string; approvalId?: string } | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: claimKey(adminId, key), ConsistentRead: true }));
  if (typeof Item?.entryId !== 'string') return undefined;
  return { userId: Item.userId as string, entryId: Item.entryId, ...(typeof Item.approvalId === 'string' ? { approvalId: Item.approvalId } : {}) };
}
