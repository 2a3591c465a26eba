import { DynamoDBDocumentClient, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiUser } from '../../../../domain/api/users';
import { handler } from '../../../../functions/handlers/auth/verify-otp';
import { verifySessionToken } from '../../../../functions/http/tokens';
import { hashSignInCode } from '../../../../functions/security/secrets';
import { call } from '../../functions/api-event';
import {
  bearer,
  conditionFailed,
  EMAIL,
  emptyTable,
  expectNoWrites,
  jsonEvent,
  onlyCall,
  OTHER_ID,
  storeUser,
  transactionCancelled,
  USER_ID,
  userItem,
} from './fixtures';

const ddb = mockClient(DynamoDBDocumentClient);
const NOW = Date.parse('2025-06-01T12:00:00.000Z');
const NOW_S = NOW / 1000;
const CODE = 'K7QX2M';
const codeHash = hashSignInCode(USER_ID, CODE);
const codeKey = { pk: `USER#${USER_ID}`, sk: 'OTP' };
const INVALID = { message: 'Invalid or expired OTP. Please try again.' };

/** The code item as it is after the conditional update spent one try. */
const storedCode = (overrides: Record<string, unknown> = {}) => ({
  ...codeKey,
  type: 'signInCode',
  codeHash,
  attempts: 1,
  sentAt: NOW - 60_000,
  expiresAt: NOW_S + 540,
  ...overrides,
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  emptyTable(ddb);
  storeUser(ddb);
  storeUser(ddb, userItem({ id: OTHER_ID, email: 'bob@example.com' }));
  ddb.on(UpdateCommand).resolves({ Attributes: storedCode() });
});
afterEach(() => {
  vi.useRealTimers();
});

const verify = async (otp: string, scope: 'otp' | 'full' = 'otp', email = EMAIL) =>
  call(handler, jsonEvent('POST', '/auth/verify-otp', { email, otp }, await bearer({ scope })));

describe('POST /auth/verify-otp', () => {
  it('answers a full-scope token and the verified user for the right code', async () => {
    const res = await verify(CODE);

    expect(res.statusCode).toBe(200);
    const { message, token, user } = res.json as { message: string; token: string; user: ApiUser };
    expect(message).toBe('Verified');
    expect(await verifySessionToken(token)).toEqual({ userId: USER_ID, role: 'user', scope: 'full' });
    expect(user).toMatchObject({ id: USER_ID, email: EMAIL, isVerified: true, balanceCents: 1250 });
  });

  it('spends one try of an unexpired code before comparing', async () => {
    await verify(CODE);

    expect(onlyCall(ddb, UpdateCommand)).toEqual(
      expect.objectContaining({
        Key: codeKey,
        UpdateExpression: 'SET attempts = attempts + :one',
        ConditionExpression: 'attribute_exists(pk) AND attempts < :max AND expiresAt > :now',
        ExpressionAttributeValues: { ':one': 1, ':max': 5, ':now': NOW_S },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
  });

  it('deletes the code only if it is still this one and marks the email verified, in one transaction', async () => {
    await verify(CODE);

    const [deleteCode, markVerified, ...rest] = onlyCall(ddb, TransactWriteCommand).TransactItems ?? [];
    expect(rest).toEqual([]);
    expect(deleteCode?.Delete).toMatchObject({
      Key: codeKey,
      ConditionExpression: 'codeHash = :hash',
      ExpressionAttributeValues: { ':hash': codeHash },
    });
    expect(markVerified?.Update).toMatchObject({
      Key: { pk: `USER#${USER_ID}`, sk: 'PROFILE' },
      UpdateExpression: 'SET verified = :true, version = version + :one',
      ExpressionAttributeValues: { ':true': true, ':one': 1 },
    });
  });

  it('accepts the code in lower case', async () => {
    const res = await verify(CODE.toLowerCase());

    expect(res.statusCode).toBe(200);
    expect(ddb).toHaveReceivedCommandTimes(TransactWriteCommand, 1);
  });

  it('also takes a full-scope token', async () => {
    expect((await verify(CODE, 'full')).statusCode).toBe(200);
  });

  it('answers 400 for a wrong code: a try is spent, the code is kept', async () => {
    const res = await verify('ABCDEF');

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual(INVALID);
    expect(ddb).toHaveReceivedCommandTimes(UpdateCommand, 1);
    expect(ddb).not.toHaveReceivedCommand(TransactWriteCommand);
  });

  it('answers 429 once the 5 tries of a live code are spent', async () => {
    ddb.on(UpdateCommand).rejects(conditionFailed(storedCode({ attempts: 5 })));
    const res = await verify(CODE);

    expect(res.statusCode).toBe(429);
    expect(res.json).toEqual({ message: 'Too many wrong codes. Request a new code.' });
    expect(ddb).not.toHaveReceivedCommand(TransactWriteCommand);
  });

  it('answers 400 for an expired code, even one whose tries are spent', async () => {
    for (const attempts of [1, 5]) {
      ddb.on(UpdateCommand).rejects(conditionFailed(storedCode({ attempts, expiresAt: NOW_S - 1 })));
      const res = await verify(CODE);
      expect(res.statusCode).toBe(400);
      expect(res.json).toEqual(INVALID);
    }
    expect(ddb).not.toHaveReceivedCommand(TransactWriteCommand);
  });

  it('answers 400 when there is no code', async () => {
    ddb.on(UpdateCommand).rejects(conditionFailed());
    const res = await verify(CODE);

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual(INVALID);
    expect(ddb).not.toHaveReceivedCommand(TransactWriteCommand);
  });

  it('answers 400 when the same code was used a moment earlier by another request', async () => {
    ddb.on(TransactWriteCommand).rejects(transactionCancelled('ConditionalCheckFailed', 'None'));
    const res = await verify(CODE);

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual(INVALID);
  });

  it('answers 403 for the email of another account without spending a try', async () => {
    const res = await verify(CODE, 'otp', 'bob@example.com');

    expect(res.statusCode).toBe(403);
    expect(res.json).toEqual({ message: 'This code is for another account' });
    expectNoWrites(ddb);
  });

  it('answers 401 without a token and touches nothing', async () => {
    const res = await call(handler, jsonEvent('POST', '/auth/verify-otp', { email: EMAIL, otp: CODE }));

    expect(res.statusCode).toBe(401);
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it('answers 400 on the otp field for a code that is not 6 letters or digits, without spending a try', async () => {
    const res = await verify('K7-X2M');

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Enter the 6-character code', fields: { otp: 'Enter the 6-character code' } });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });
});
