/**
 * An account's authenticator app (TOTP, RFC 6238): its secret, pending until the first code confirms it.
 *
 *   totp  pk USER#<id>  sk TOTP  secret (sealed), confirmed, lastStep (the newest 30 s step used), createdAt
 *
 * The secret must be read back to check a code, so it cannot be hashed like the one-time codes: it
 * is sealed instead (functions/security/totp-sealing.ts), and opened only here. lastStep makes each
 * step's code work once: a code seen over a shoulder or replayed from a log is dead after its use.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Conflict } from '../errors';
import { openTotpSecret, sealTotpSecret } from '../security/totp-sealing';
import { db, isConditionFailure, tableName } from './client';

export interface TotpSecret {
  /** The base32 secret the codes are made from. */
  secret: string;
  /** The secret as stored (sealed): a step is recorded only while it is still this one. */
  sealed: string;
  confirmed: boolean;
  lastStep: number;
}

export const totpKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'TOTP' });

export const TOTP_ALREADY_ON = 'An authenticator app is already set up. Remove it first to set up another.';

/** The account's authenticator secret (pending or confirmed), or undefined. */
export async function getTotpSecret(userId: string): Promise<TotpSecret | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: totpKey(userId), ConsistentRead: true }));
  if (!Item) return undefined;
  const sealed = String(Item.secret);
  return { secret: openTotpSecret(userId, sealed), sealed, confirmed: Item.confirmed === true, lastStep: Number(Item.lastStep ?? 0) };
}

/** Stores a new pending secret, replacing a pending one; Conflict when a confirmed one exists. */
export async function storePendingTotp(userId: string, secret: string, now = new Date()): Promise<void> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...totpKey(userId), entity: 'totp', secret: sealTotpSecret(userId, secret), confirmed: false, lastStep: 0, createdAt: now.toISOString() },
        ConditionExpression: 'attribute_not_exists(pk) OR confirmed = :false',
        ExpressionAttributeValues: { ':false': false },
      }),
    );
  } catch (err) {
    if (isConditionFailure(err)) throw new Conflict(TOTP_ALREADY_ON);
    throw err;
  }
}

/**
 * Records that the code of `step` was used (and, with `confirm`, turns a pending secret on). False
 * when that step or a later one was already used, or the secret changed meanwhile: the code is spent.
 */
export async function useTotpStep(userId: string, totp: TotpSecret, step: number, confirm = false): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: totpKey(userId),
        UpdateExpression: confirm ? 'SET lastStep = :step, confirmed = :true' : 'SET lastStep = :step',
        ConditionExpression: `attribute_exists(pk) AND secret = :secret AND lastStep < :step${confirm ? '' : ' AND confirmed = :true'}`,
        ExpressionAttributeValues: { ':step': step, ':secret': totp.sealed, ':true': true },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Removes the authenticator app (pending or confirmed). */
export async function deleteTotp(userId: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: totpKey(userId) }));
}
