import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { createHash } from 'node:crypto';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../../../functions/config';
import { handler } from '../../../../functions/handlers/auth/forgot-password';
import { parseResetToken } from '../../../../functions/security/secrets';
import { call } from '../../functions/api-event';
import { EMAIL, emptyTable, expectNoWrites, jsonEvent, mailsSent, storeUser, USER_ID } from './fixtures';

const ddb = mockClient(DynamoDBDocumentClient);
const NOW = Date.parse('2025-06-01T12:00:00.000Z');
const APP_URL = 'https://ship.example.com';
const ANSWER = { message: 'If an account exists for that email, we sent a link to reset the password.' };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  vi.stubEnv('APP_URL', APP_URL);
  resetConfigForTests();
  emptyTable(ddb);
  storeUser(ddb);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  resetConfigForTests();
});

const forgot = (email: string) => call(handler, jsonEvent('POST', '/auth/forgot-password', { email }));

/** The token of the reset link in the one mail sent. */
function tokenInMail(): string {
  const mails = mailsSent(ddb);
  expect(mails).toHaveLength(1);
  const link = /https:\/\/\S+/.exec(mails[0]?.text ?? '')?.[0] as string;
  expect(link.startsWith(`${APP_URL}/reset-password?token=`)).toBe(true);
  return new URL(link).searchParams.get('token') as string;
}

describe('POST /auth/forgot-password', () => {
  it('mails a reset link to the account, of the form APP_URL/reset-password?token=<userId>.<secret>', async () => {
    const res = await forgot('ANN@example.com');

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual(ANSWER);
    const mail = mailsSent(ddb)[0];
    expect(mail).toMatchObject({ to: EMAIL, subject: 'Reset your PrepaidShip password' });
    const token = tokenInMail();
    expect(mail?.text).toContain(`${APP_URL}/reset-password?token=${token}`);
    expect(parseResetToken(token)).toEqual({ userId: USER_ID, secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
  });

  it('stores a hash of the token, never the token, expiring in 1 hour', async () => {
    await forgot(EMAIL);

    const token = tokenInMail();
    const reset = ddb.commandCalls(PutCommand).map((c) => c.args[0].input.Item).find((item) => item?.sk === 'RESET');
    expect(reset).toEqual({
      pk: `USER#${USER_ID}`,
      sk: 'RESET',
      type: 'resetLink',
      tokenHash: createHash('sha256').update(token).digest('hex'),
      sentAt: NOW,
      expiresAt: NOW / 1000 + 3600,
    });
    expect(JSON.stringify(reset)).not.toContain(token);
    expect(JSON.stringify(reset)).not.toContain(parseResetToken(token)?.secret);
  });

  it('gives a new secret on every request', async () => {
    await forgot(EMAIL);
    await forgot(EMAIL);

    const tokens = mailsSent(ddb).map((m) => /token=(\S+)/.exec(m.text)?.[1]);
    expect(tokens).toHaveLength(2);
    expect(tokens[0]).not.toBe(tokens[1]);
  });

  it('sends at most one link per 30 s: a refused store answers the same, without a mail', async () => {
    ddb.on(PutCommand, { Item: { sk: 'RESET' } }).rejects(new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }));
    const res = await forgot(EMAIL);

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual(ANSWER);
    expect(mailsSent(ddb)).toEqual([]);
    expect(ddb).toHaveReceivedCommandWith(PutCommand, {
      ConditionExpression: 'attribute_not_exists(pk) OR attribute_not_exists(sentAt) OR sentAt <= :resendFloor',
      ExpressionAttributeValues: { ':resendFloor': NOW - 30_000 },
    });
  });

  it('answers the same for an unknown email, without writing or mailing', async () => {
    const res = await forgot('nobody@example.com');

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual(ANSWER);
    expect(ddb).toHaveReceivedCommandExactlyOnceWith(GetCommand, { Key: { pk: 'EMAIL#nobody@example.com', sk: 'EMAIL' } });
    expectNoWrites(ddb);
  });

  it('answers 400 on the email field for an invalid email', async () => {
    const res = await forgot('not-an-email');

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Invalid email format', fields: { email: 'Invalid email format' } });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });
});
