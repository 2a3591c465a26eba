/**
 * Sign-in codes and password-reset links, stored hashed beside their user, expiring through TTL.
 *
 *   sign-in code  pk USER#<id>  sk OTP    codeHash, attempts, sentAt (ms), expiresAt (s)
 *   reset link    pk USER#<id>  sk RESET  tokenHash, expiresAt (s)
 *
 * TTL deletion is lazy (up to days), so every read also checks expiresAt itself. A new code or link
 * replaces the previous one: only the newest works.
 */
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { CODE_RESEND_MS } from '../../domain/constants';
import { InvalidRequest, TooManyAttempts } from '../errors';
import { sameDigest } from '../security/secrets';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName, transactOrRefuse, type TransactItem } from './client';
import { markVerifiedItem, setPasswordItem } from './users';

export const SIGN_IN_CODE_TTL_MS = 10 * 60_000;
export const SIGN_IN_CODE_MAX_TRIES = 5;
export const SIGN_IN_CODE_RESEND_MS = CODE_RESEND_MS;
export const RESET_LINK_TTL_MS = 60 * 60_000;

export const INVALID_CODE = 'Invalid or expired OTP. Please try again.';
export const TOO_MANY_CODE_TRIES = 'Too many wrong codes. Request a new code.';
export const RESEND_TOO_SOON = 'Please wait 30 seconds before asking for another code.';
export const INVALID_RESET_LINK = 'This reset link is invalid or has expired';

const codeKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'OTP' });
const resetKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'RESET' });
const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * Stores a new sign-in code unless one was sent less than 30 s ago; returns false in that case (the
 * previous code stays valid). The check and the write are one conditional Put.
 */
export async function storeSignInCode(userId: string, codeHash: string, now = Date.now()): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...codeKey(userId), entity: 'signInCode', codeHash, attempts: 0, sentAt: now, expiresAt: seconds(now + SIGN_IN_CODE_TTL_MS) },
        ConditionExpression: 'attribute_not_exists(pk) OR sentAt <= :resendFloor',
        ExpressionAttributeValues: { ':resendFloor': now - SIGN_IN_CODE_RESEND_MS },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/**
 * Checks a typed code. Each try first spends one of the code's 5 tries in a conditional update, so
 * concurrent guesses can never get more than 5 comparisons; a right code is then deleted and the
 * user marked verified in one transaction, so it works once.
 */
export async function consumeSignInCode(userId: string, codeHash: string, now = Date.now()): Promise<void> {
  let stored: string;
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: codeKey(userId),
        UpdateExpression: 'SET attempts = attempts + :one',
        ConditionExpression: 'attribute_exists(pk) AND attempts < :max AND expiresAt > :now',
        ExpressionAttributeValues: { ':one': 1, ':max': SIGN_IN_CODE_MAX_TRIES, ':now': seconds(now) },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    stored = String(Attributes?.codeHash ?? '');
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    // The code as it was before this guess (ALL_OLD), when there was one; the document client
    // does not unmarshall the item a failed condition returns.
    const old = err.Item ? unmarshall(err.Item) : undefined;
    const live = old && Number(old.expiresAt) > seconds(now);
    if (live && Number(old.attempts) >= SIGN_IN_CODE_MAX_TRIES) throw new TooManyAttempts(TOO_MANY_CODE_TRIES);
    throw new InvalidRequest(INVALID_CODE);
  }
  if (!sameDigest(stored, codeHash)) throw new InvalidRequest(INVALID_CODE);
  // A concurrent request may have used the same code a moment earlier: then the Delete's condition fails.
  await transactOrRefuse(
    [
      {
        Delete: {
          TableName: tableName(),
          Key: codeKey(userId),
          ConditionExpression: 'codeHash = :hash',
          ExpressionAttributeValues: { ':hash': codeHash },
        },
      },
      markVerifiedItem(userId),
    ],
    () => new InvalidRequest(INVALID_CODE),
  );
}

/** Stores the hash of a new reset link for the user, replacing any earlier one. */
export async function storeResetToken(userId: string, tokenHash: string, now = Date.now()): Promise<boolean> {
  // At most one link per account per resend interval, like sign-in codes: otherwise anyone could
  // flood a person's inbox through this public route. False: a link went out moments ago.
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...resetKey(userId), entity: 'resetLink', tokenHash, sentAt: now, expiresAt: seconds(now + RESET_LINK_TTL_MS) },
        ConditionExpression: 'attribute_not_exists(pk) OR attribute_not_exists(sentAt) OR sentAt <= :resendFloor',
        ExpressionAttributeValues: { ':resendFloor': now - SIGN_IN_CODE_RESEND_MS },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/**
 * Uses a reset link: deletes it (only if it is still this link and unexpired), sets the new password
 * hash and runs the caller's steps (forgetting the account's failed sign-ins), all in one
 * transaction, so a link works exactly once.
 */
export async function consumeResetToken(
  userId: string,
  tokenHash: string,
  passwordHash: string,
  alsoSteps: readonly TransactItem[] = [],
  now = Date.now(),
): Promise<void> {
  await transactOrRefuse(
    [
      {
        Delete: {
          TableName: tableName(),
          Key: resetKey(userId),
          ConditionExpression: 'tokenHash = :hash AND expiresAt > :now',
          ExpressionAttributeValues: { ':hash': tokenHash, ':now': seconds(now) },
        },
      },
      setPasswordItem(userId, passwordHash),
      ...alsoSteps,
    ],
    () => new InvalidRequest(INVALID_RESET_LINK),
  );
}
