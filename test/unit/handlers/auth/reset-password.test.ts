import { createHash } from 'node:crypto';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler } from '../../../../functions/handlers/auth/reset-password';
import { verifyPassword } from '../../../../functions/security/passwords';
import { newResetToken } from '../../../../functions/security/secrets';
import { call } from '../../functions/api-event';
import { EMAIL, emptyTable, HIDDEN_500, jsonEvent, onlyCall, PASSWORD, storeUser, transactionCancelled, USER_ID, userItem } from './fixtures';

const ddb = mockClient(DynamoDBDocumentClient);
const NOW = Date.parse('2025-06-01T12:00:00.000Z');
const INVALID_LINK = { message: 'This reset link is invalid or has expired' };
const token = newResetToken(USER_ID);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  emptyTable(ddb);
  storeUser(ddb, userItem({ email: 'Ann@Example.com' }));
});
afterEach(() => {
  vi.useRealTimers();
});

const reset = (body: Record<string, unknown>) =>
  call(handler, jsonEvent('POST', '/auth/reset-password', { token, password: PASSWORD, ...body }));

describe('POST /auth/reset-password', () => {
  it('sets the new password, uses up the link and lifts the lockout, in one transaction', async () => {
    const res = await reset({});

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ message: 'Your password has been reset. You can sign in now.' });
    const [useLink, setPassword, liftLockout, ...rest] = onlyCall(ddb, TransactWriteCommand).TransactItems ?? [];
    expect(rest).toEqual([]);
    expect(useLink?.Delete).toMatchObject({
      Key: { pk: `USER#${USER_ID}`, sk: 'RESET' },
      ConditionExpression: 'tokenHash = :hash AND expiresAt > :now',
      ExpressionAttributeValues: { ':hash': createHash('sha256').update(token).digest('hex'), ':now': NOW / 1000 },
    });
    expect(setPassword?.Update).toMatchObject({
      Key: { pk: `USER#${USER_ID}`, sk: 'PROFILE' },
      UpdateExpression: 'SET passwordHash = :hash, version = version + :one',
      ConditionExpression: 'attribute_exists(pk)',
    });
    const hash = setPassword?.Update?.ExpressionAttributeValues?.[':hash'] as string;
    expect(hash).not.toContain(PASSWORD);
    expect(await verifyPassword(PASSWORD, hash)).toBe(true);
    expect(liftLockout?.Delete).toMatchObject({ Key: { pk: `LOGIN#${EMAIL}`, sk: 'ATTEMPTS' } });
    expect(liftLockout?.Delete?.ConditionExpression).toBeUndefined();
  });

  it('answers 400 for a malformed token without touching the table', async () => {
    for (const bad of ['garbage', `${USER_ID}.short`, `${USER_ID.toLowerCase()}.${token.split('.')[1]}`, `${token}x`]) {
      const res = await reset({ token: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json).toEqual(INVALID_LINK);
    }
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it('answers 400 for a well-formed token of an unknown user, without writing', async () => {
    const res = await reset({ token: newResetToken('01J9Z3K4M5N6P7Q8R9S0T1V2WZ') });

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual(INVALID_LINK);
    expect(ddb).toHaveReceivedCommandWith(GetCommand, { Key: { pk: 'USER#01J9Z3K4M5N6P7Q8R9S0T1V2WZ', sk: 'PROFILE' } });
    expect(ddb).not.toHaveReceivedCommand(TransactWriteCommand);
  });

  it('answers 400 for a link that was used, replaced or has expired', async () => {
    ddb.on(TransactWriteCommand).rejects(transactionCancelled('ConditionalCheckFailed', 'None', 'None'));
    const res = await reset({});

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual(INVALID_LINK);
  });

  it('answers 400 on the password field for a weak password, without touching the table', async () => {
    const res = await reset({ password: 'alllowercase1!' });

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({
      message: 'Must contain at least one uppercase letter',
      fields: { password: 'Must contain at least one uppercase letter' },
    });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it('answers 400 on the token field for a missing token', async () => {
    const res = await call(handler, jsonEvent('POST', '/auth/reset-password', { password: PASSWORD }));

    expect(res.statusCode).toBe(400);
    expect(res.json?.fields).toEqual({ token: 'Reset link is invalid' });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it('answers a plain 500 when the transaction fails for another reason', async () => {
    ddb.on(TransactWriteCommand).rejects(new Error('InternalServerError: USER#secret'));
    const res = await reset({});

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
  });
});
