/**
 * An account's recovery codes: ten one-time codes for when its authenticator app or passkey is out
 * of reach, kept only as keyed hashes in one item.
 *
 *   recovery codes  pk USER#<id>  sk RECOVERY  hashes (string set), createdAt
 *
 * Using a code removes its hash in a conditional update (`contains`), so two requests racing with
 * the same code get one success between them. A new set replaces the item: the old codes stop working.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from './client';

const recoveryKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'RECOVERY' });

/** Replaces the account's recovery codes with these hashes. */
export async function storeRecoveryCodes(userId: string, hashes: readonly string[], now = new Date()): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...recoveryKey(userId), entity: 'recoveryCodes', hashes: new Set(hashes), createdAt: now.toISOString() },
    }),
  );
}

/** Stores these hashes only when the account has no codes left; false when it has some. */
export async function storeFirstRecoveryCodes(userId: string, hashes: readonly string[], now = new Date()): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...recoveryKey(userId), entity: 'recoveryCodes', hashes: new Set(hashes), createdAt: now.toISOString() },
        ConditionExpression: 'attribute_not_exists(hashes)',
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** How many unused recovery codes the account has. */
export async function recoveryCodesLeft(userId: string): Promise<number> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: recoveryKey(userId), ConsistentRead: true }));
  return Item?.hashes instanceof Set ? Item.hashes.size : 0;
}

/** Uses the code with this hash: true once, false when the account has no such unused code. */
export async function useRecoveryCode(userId: string, hash: string): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: recoveryKey(userId),
        UpdateExpression: 'DELETE hashes :set',
        ConditionExpression: 'contains(hashes, :hash)',
        ExpressionAttributeValues: { ':set': new Set([hash]), ':hash': hash },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}
