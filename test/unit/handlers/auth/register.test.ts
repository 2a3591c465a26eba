import { ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiUser } from '../../../../domain/api/users';
import { handler } from '../../../../functions/handlers/auth/register';
import { verifySessionToken } from '../../../../functions/http/tokens';
import { verifyPassword } from '../../../../functions/security/passwords';
import { hashSignInCode } from '../../../../functions/security/secrets';
import { call } from '../../functions/api-event';
import { emptyTable, HIDDEN_500, jsonEvent, mailsSent, onlyCall, PASSWORD, signInCodeIn, transactionCancelled } from './fixtures';
import { statsExpected } from '../payments/fixtures';

const captcha = vi.hoisted(() => ({ verify: vi.fn(), challenge: vi.fn() }));
vi.mock('../../../../functions/providers/captcha/captcha', () => ({ getCaptcha: () => captcha }));

const ddb = mockClient(DynamoDBDocumentClient);

beforeEach(() => {
  emptyTable(ddb);
  captcha.verify.mockReset().mockResolvedValue(true);
});

const goodBody = { name: ' Ann Lee ', email: 'Ann@Example.COM', password: PASSWORD, recaptchaToken: 'solved-captcha' };
const register = (body: unknown = goodBody) => call(handler, jsonEvent('POST', '/auth/register', body));

describe('POST /auth/register', () => {
  it('creates the account and answers 201 with a sign-in token and the user', async () => {
    const res = await register();

    expect(res.statusCode).toBe(201);
    const { message, token, user } = res.json as { message: string; token: string; user: ApiUser };
    expect(message).toBe('Account created. Enter the code we sent to your email.');
    expect(user).toEqual({
      id: expect.stringMatching(/^[0-9A-Z]{26}$/),
      name: 'Ann Lee',
      email: 'Ann@Example.COM',
      role: 'user',
      isVerified: false,
      balance: 0,
      balanceCents: 0,
      createdAt: expect.any(String),
    });
    expect(await verifySessionToken(token)).toEqual({ userId: user.id, role: 'user', scope: 'otp' });
    expect(res.body).not.toContain('passwordHash');
    expect(captcha.verify).toHaveBeenCalledWith('solved-captcha', '127.0.0.1');
  });

  it('claims the lower-cased email and writes the profile in one guarded transaction', async () => {
    const res = await register();
    const { id } = (res.json as { user: ApiUser }).user;

    const [claim, profile, ...rest] = onlyCall(ddb, TransactWriteCommand).TransactItems ?? [];
    // ...and counts the user for the admin dashboard in the same transaction.
    expect(rest).toEqual(statsExpected({ users: 1 }));
    expect(claim?.Put).toMatchObject({
      Item: { pk: 'EMAIL#ann@example.com', sk: 'EMAIL', userId: id },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(profile?.Put).toMatchObject({
      Item: { pk: `USER#${id}`, sk: 'PROFILE', gsi1pk: 'USERS', name: 'Ann Lee', role: 'user', verified: false, balanceCents: 0 },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    const hash = profile?.Put?.Item?.passwordHash as string;
    expect(hash).not.toContain(PASSWORD);
    expect(await verifyPassword(PASSWORD, hash)).toBe(true);
  });

  it('mails a sign-in code and stores only its hash', async () => {
    const res = await register();
    const { id } = (res.json as { user: ApiUser }).user;

    const mails = mailsSent(ddb);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'Ann@Example.COM', subject: 'Your PrepaidShip sign-in code' });
    expect(mails[0]?.text).toMatch(/Your verification code: [A-Z0-9]{6}\n/);
    const code = signInCodeIn(mails[0]);
    expect(ddb).toHaveReceivedCommandWith(PutCommand, {
      Item: expect.objectContaining({ pk: `USER#${id}`, sk: 'OTP', codeHash: hashSignInCode(id, code), attempts: 0 }),
      ConditionExpression: 'attribute_not_exists(pk) OR sentAt <= :resendFloor',
    });
    expect(JSON.stringify(ddb.commandCalls(PutCommand).find((c) => c.args[0].input.Item?.sk === 'OTP')?.args[0].input)).not.toContain(code);
  });

  it("refuses an unsolved captcha with 400 on recaptchaToken and touches nothing", async () => {
    captcha.verify.mockResolvedValue(false);
    const res = await register();

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({
      message: "Please verify you're not a robot",
      fields: { recaptchaToken: "Please verify you're not a robot" },
    });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it('answers 409 for a taken email and mails nothing', async () => {
    ddb.on(TransactWriteCommand).rejects(transactionCancelled('ConditionalCheckFailed', 'None'));
    const res = await register();

    expect(res.statusCode).toBe(409);
    expect(res.json).toEqual({ message: 'Email already registered' });
    expect(ddb).not.toHaveReceivedCommand(PutCommand);
  });

  it('answers 400 with a message per field for an invalid body, before the captcha or the table', async () => {
    const res = await register({ name: 'A', email: 'not-an-email', password: 'weakpass' });

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({
      message: 'Name must be at least 2 characters',
      fields: {
        name: 'Name must be at least 2 characters',
        email: 'Invalid email format',
        password: 'Must contain at least one uppercase letter',
        recaptchaToken: "Please verify you're not a robot",
      },
    });
    expect(captcha.verify).not.toHaveBeenCalled();
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it('answers a plain 500 without DynamoDB detail when the table throttles, and mails nothing', async () => {
    ddb.on(TransactWriteCommand).rejects(
      new ProvisionedThroughputExceededException({ message: 'Rate exceeded for table prepaidship-test', $metadata: {} }),
    );
    const res = await register();

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
    expect(res.body).not.toMatch(/Rate exceeded|prepaidship-test|Provisioned/);
    expect(mailsSent(ddb)).toEqual([]);
  });

  it('answers a plain 500 for a transaction cancelled for a reason other than the email claim', async () => {
    ddb.on(TransactWriteCommand).rejects(transactionCancelled('ThrottlingError', 'None'));
    const res = await register();

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
    expect(ddb).not.toHaveReceivedCommand(PutCommand);
  });
});
