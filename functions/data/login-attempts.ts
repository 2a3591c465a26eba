/**
 * Failed sign-ins per email, for the lockout: 5 failures within 15 minutes lock the email for 15
 * minutes. Counted for unknown emails too, so the lockout does not reveal which emails have accounts.
 *
 *   failures  pk LOGIN#<lower-cased email>  sk ATTEMPTS  failures, windowStart (ms), lockedUntil (ms), expiresAt (s)
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from './client';
import { normalizeEmail } from './users';

export const MAX_LOGIN_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOCKOUT_MS = 15 * 60_000;

export const loginAttemptsKey = (email: string) => ({ pk: `LOGIN#${normalizeEmail(email)}`, sk: 'ATTEMPTS' });

const expiresAt = (now: number) => Math.floor((now + LOGIN_WINDOW_MS + LOCKOUT_MS) / 1000);

/** Until when (ms) sign-ins for this email are refused, or undefined when they are not. */
export async function lockedUntil(email: string, now = Date.now()): Promise<number | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: loginAttemptsKey(email), ConsistentRead: true }));
  const until = Number(Item?.lockedUntil ?? 0);
  return until > now ? until : undefined;
}

/** Counts one failure of the current 15-minute window (starting a new window when the last is over); locks on the 5th. */
export async function recordLoginFailure(email: string, now = Date.now()): Promise<void> {
  const Key = loginAttemptsKey(email);
  let failures: number | undefined;
  // Two rounds at most: a concurrent request may start the fresh window between our two writes.
  for (let round = 0; failures === undefined && round < 2; round++) {
    try {
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key,
          UpdateExpression: 'SET failures = failures + :one, expiresAt = :exp',
          ConditionExpression: 'attribute_exists(pk) AND windowStart > :floor',
          ExpressionAttributeValues: { ':one': 1, ':exp': expiresAt(now), ':floor': now - LOGIN_WINDOW_MS },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      failures = Number(Attributes?.failures);
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      try {
        await db.send(
          new PutCommand({
            TableName: tableName(),
            Item: { ...Key, entity: 'loginAttempts', failures: 1, windowStart: now, expiresAt: expiresAt(now) },
            ConditionExpression: 'attribute_not_exists(pk) OR windowStart <= :floor',
            ExpressionAttributeValues: { ':floor': now - LOGIN_WINDOW_MS },
          }),
        );
        failures = 1;
      } catch (putErr) {
        if (!isConditionFailure(putErr)) throw putErr;
      }
    }
  }
  if ((failures ?? 0) >= MAX_LOGIN_FAILURES) {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key,
        UpdateExpression: 'SET lockedUntil = :until',
        ExpressionAttributeValues: { ':until': now + LOCKOUT_MS },
      }),
    );
  }
}

/** Forgets the failures after a successful sign-in. */
export async function clearLoginFailures(email: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: loginAttemptsKey(email) }));
}
