/** POST /auth/send-otp and POST /auth/resend-otp: the same contract, so one suite runs against both. */
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler as resendOtp } from '../../../../functions/handlers/auth/resend-otp';
import { handler as sendOtp } from '../../../../functions/handlers/auth/send-otp';
import { hashSignInCode } from '../../../../functions/security/secrets';
import { call } from '../../functions/api-event';
import {
  bearer,
  conditionFailed,
  EMAIL,
  emptyTable,
  expectNoWrites,
  jsonEvent,
  mailsSent,
  OTHER_ID,
  signInCodeIn,
  storeUser,
  USER_ID,
  userItem,
} from './fixtures';

const ddb = mockClient(DynamoDBDocumentClient);

beforeEach(() => {
  emptyTable(ddb);
  storeUser(ddb);
  storeUser(ddb, userItem({ id: OTHER_ID, email: 'bob@example.com', name: 'Bob' }));
});

describe.each([
  ['/auth/send-otp', sendOtp],
  ['/auth/resend-otp', resendOtp],
])('POST %s', (path, handler) => {
  const post = async (body: unknown, headers: Record<string, string> | null = {}) =>
    call(handler, jsonEvent('POST', path, body, headers === null ? {} : { ...(await bearer({ scope: 'otp' })), ...headers }));

  it('mails a new code to the token account and stores only its hash', async () => {
    const res = await post({ email: EMAIL });

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ message: 'A new code is on its way.' });
    const mails = mailsSent(ddb);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: EMAIL, subject: 'Your PrepaidShip sign-in code' });
    const code = signInCodeIn(mails[0]);
    expect(ddb).toHaveReceivedCommandWith(PutCommand, {
      Item: expect.objectContaining({ pk: `USER#${USER_ID}`, sk: 'OTP', codeHash: hashSignInCode(USER_ID, code), attempts: 0 }),
      ConditionExpression: 'attribute_not_exists(pk) OR sentAt <= :resendFloor',
    });
  });

  it('matches the email case-insensitively', async () => {
    expect((await post({ email: ' ANN@example.com ' })).statusCode).toBe(200);
  });

  it('also takes a full-scope token', async () => {
    const res = await post({ email: EMAIL }, await bearer({ scope: 'full' }));
    expect(res.statusCode).toBe(200);
    expect(mailsSent(ddb)).toHaveLength(1);
  });

  it('answers 401 without a token and touches nothing', async () => {
    const res = await post({ email: EMAIL }, null);

    expect(res.statusCode).toBe(401);
    expect(res.json).toEqual({ message: 'Please sign in' });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it('answers 403 for the email of another account, without a code or a mail', async () => {
    const res = await post({ email: 'bob@example.com' });

    expect(res.statusCode).toBe(403);
    expect(res.json).toEqual({ message: 'This code is for another account' });
    expectNoWrites(ddb);
  });

  it('answers 401 when the token account no longer exists', async () => {
    const res = await post({ email: EMAIL }, await bearer({ userId: '01J9Z3K4M5N6P7Q8R9S0T1V2WZ', scope: 'otp' }));

    expect(res.statusCode).toBe(401);
    expectNoWrites(ddb);
  });

  it('answers 429 within 30 s of the last code and mails nothing', async () => {
    ddb.on(PutCommand, { Item: { sk: 'OTP' } }).rejects(conditionFailed());
    const res = await post({ email: EMAIL });

    expect(res.statusCode).toBe(429);
    expect(res.json).toEqual({ message: 'Please wait 30 seconds before asking for another code.' });
    expect(ddb).toHaveReceivedCommandTimes(PutCommand, 1);
    expect(mailsSent(ddb)).toEqual([]);
  });

  it('answers 400 on the email field for an invalid body, before reading the user', async () => {
    const res = await post({ email: 'nope' });

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Invalid email format', fields: { email: 'Invalid email format' } });
    expect(ddb).not.toHaveReceivedCommand(GetCommand);
  });
});
