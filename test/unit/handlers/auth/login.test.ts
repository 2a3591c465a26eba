import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCKOUT_MS } from '../../../../functions/data/login-attempts';
import { handler } from '../../../../functions/handlers/auth/login';
import { verifySessionToken } from '../../../../functions/http/tokens';
import { hashPassword } from '../../../../functions/security/passwords';
import { hashSignInCode } from '../../../../functions/security/secrets';
import { call } from '../../functions/api-event';
import {
  conditionFailed,
  EMAIL,
  emptyTable,
  expectNoWrites,
  jsonEvent,
  mailsSent,
  PASSWORD,
  signInCodeIn,
  storeUser,
  USER_ID,
  userItem,
} from './fixtures';

const captcha = vi.hoisted(() => ({ verify: vi.fn(), challenge: vi.fn() }));
vi.mock('../../../../functions/providers/captcha/captcha', () => ({ getCaptcha: () => captcha }));

const ddb = mockClient(DynamoDBDocumentClient);
const NOW = Date.parse('2025-06-01T12:00:00.000Z');
const attemptsKey = { pk: `LOGIN#${EMAIL}`, sk: 'ATTEMPTS' };
const COUNT_FAILURE = 'SET failures = failures + :one, expiresAt = :exp';

let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  emptyTable(ddb);
  storeUser(ddb, userItem({ passwordHash, verified: true }));
  captcha.verify.mockReset().mockResolvedValue(true);
});
afterEach(() => {
  vi.useRealTimers();
});

const login = (body: Record<string, unknown> = {}) =>
  call(handler, jsonEvent('POST', '/auth/login', { email: EMAIL, password: PASSWORD, recaptchaToken: 'solved-captcha', ...body }));

const INVALID = { message: 'Invalid email or password' };

describe('POST /auth/login', () => {
  it('answers a sign-in token and the user for the right password', async () => {
    const res = await login();

    expect(res.statusCode).toBe(200);
    const { message, token, user } = res.json as { message: string; token: string; user: Record<string, unknown> };
    expect(message).toBe('We sent a sign-in code to your email.');
    expect(await verifySessionToken(token)).toEqual({ userId: USER_ID, role: 'user', scope: 'otp' });
    expect(user).toMatchObject({ id: USER_ID, email: EMAIL, isVerified: true, balance: 12.5, balanceCents: 1250 });
    expect(res.body).not.toContain('passwordHash');
    expect(captcha.verify).toHaveBeenCalledWith('solved-captcha', '127.0.0.1');
  });

  it('mails nothing within 30 s of the last code and says so', async () => {
    ddb.on(PutCommand, { Item: { sk: 'OTP' } }).rejects(conditionFailed());
    const res = await login();

    expect(res.statusCode).toBe(200);
    expect((res.json as { message: string }).message).toBe('We sent you a code moments ago: enter that one.');
    expect(mailsSent(ddb)).toHaveLength(0);
  });

  it('clears the failures of the email and mails a new code, storing only its hash', async () => {
    await login({ email: ' Ann@Example.COM ' });

    expect(ddb).toHaveReceivedCommandWith(DeleteCommand, { Key: attemptsKey });
    const mails = mailsSent(ddb);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe(EMAIL);
    const code = signInCodeIn(mails[0]);
    expect(ddb).toHaveReceivedCommandWith(PutCommand, {
      Item: expect.objectContaining({ pk: `USER#${USER_ID}`, sk: 'OTP', codeHash: hashSignInCode(USER_ID, code), attempts: 0, sentAt: NOW }),
      ConditionExpression: 'attribute_not_exists(pk) OR sentAt <= :resendFloor',
      ExpressionAttributeValues: { ':resendFloor': NOW - 30_000 },
    });
  });

  it('answers 401 for a wrong password and counts the failure', async () => {
    ddb.on(UpdateCommand, { UpdateExpression: COUNT_FAILURE }).resolves({ Attributes: { failures: 2 } });
    const res = await login({ password: 'Wr0ng!pass' });

    expect(res.statusCode).toBe(401);
    expect(res.json).toEqual(INVALID);
    expect(ddb).toHaveReceivedCommandWith(UpdateCommand, { Key: attemptsKey, UpdateExpression: COUNT_FAILURE });
    expect(ddb).not.toHaveReceivedCommand(DeleteCommand);
    expect(ddb).not.toHaveReceivedCommand(PutCommand);
  });

  it('answers the same 401 for an unknown email, and counts that failure too', async () => {
    ddb.on(UpdateCommand, { UpdateExpression: COUNT_FAILURE }).resolves({ Attributes: { failures: 1 } });
    const wrongPassword = await login({ password: 'Wr0ng!pass' });
    const unknownEmail = await login({ email: 'nobody@example.com' });

    expect(unknownEmail.statusCode).toBe(401);
    expect(unknownEmail.json).toEqual(INVALID);
    expect(unknownEmail.body).toBe(wrongPassword.body);
    expect(ddb).toHaveReceivedCommandWith(UpdateCommand, { Key: { pk: 'LOGIN#nobody@example.com', sk: 'ATTEMPTS' } });
    expect(ddb).toHaveReceivedCommandWith(GetCommand, { Key: { pk: 'EMAIL#nobody@example.com', sk: 'EMAIL' } });
    expect(mailsSent(ddb)).toEqual([]);
  });

  it('starts a new 15-minute window on the first failure', async () => {
    ddb.on(UpdateCommand, { UpdateExpression: COUNT_FAILURE }).rejects(conditionFailed());
    await login({ password: 'Wr0ng!pass' });

    expect(ddb).toHaveReceivedCommandWith(PutCommand, {
      Item: expect.objectContaining({ ...attemptsKey, failures: 1, windowStart: NOW }),
      ConditionExpression: 'attribute_not_exists(pk) OR windowStart <= :floor',
    });
    expect(ddb).not.toHaveReceivedCommandWith(UpdateCommand, { UpdateExpression: 'SET lockedUntil = :until' });
  });

  it('locks the email for 15 minutes on the 5th failure', async () => {
    ddb.on(UpdateCommand, { UpdateExpression: COUNT_FAILURE }).resolves({ Attributes: { failures: 5 } });
    const res = await login({ password: 'Wr0ng!pass' });

    expect(res.statusCode).toBe(401);
    expect(ddb).toHaveReceivedCommandWith(UpdateCommand, {
      Key: attemptsKey,
      UpdateExpression: 'SET lockedUntil = :until',
      ExpressionAttributeValues: { ':until': NOW + LOCKOUT_MS },
    });
  });

  it('does not lock on the 4th failure', async () => {
    ddb.on(UpdateCommand, { UpdateExpression: COUNT_FAILURE }).resolves({ Attributes: { failures: 4 } });
    await login({ password: 'Wr0ng!pass' });

    expect(ddb).toHaveReceivedCommandTimes(UpdateCommand, 1);
  });

  it('answers 429 to a locked email without reading the user or checking the password', async () => {
    ddb.on(GetCommand, { Key: attemptsKey }).resolves({ Item: { ...attemptsKey, failures: 5, lockedUntil: NOW + 60_000 } });
    const res = await login();

    expect(res.statusCode).toBe(429);
    expect(res.json).toEqual({ message: 'Too many failed sign-ins. Try again in 15 minutes.' });
    expect(ddb).toHaveReceivedCommandExactlyOnceWith(GetCommand, { Key: attemptsKey, ConsistentRead: true });
    expectNoWrites(ddb);
  });

  it('lets the right password in once the lockout has passed', async () => {
    ddb.on(GetCommand, { Key: attemptsKey }).resolves({ Item: { ...attemptsKey, failures: 5, lockedUntil: NOW - 1 } });
    const res = await login();

    expect(res.statusCode).toBe(200);
    expect(ddb).toHaveReceivedCommandWith(DeleteCommand, { Key: attemptsKey });
  });

  it('refuses an unsolved captcha with 400 before any read or write', async () => {
    captcha.verify.mockResolvedValue(false);
    const res = await login();

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: "Please verify you're not a robot", fields: { recaptchaToken: "Please verify you're not a robot" } });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it('answers 400 for a missing captcha token and a short password, without asking the captcha', async () => {
    const res = await call(handler, jsonEvent('POST', '/auth/login', { email: EMAIL, password: '123' }));

    expect(res.statusCode).toBe(400);
    expect(res.json?.fields).toEqual({
      password: 'Password must be at least 6 characters',
      recaptchaToken: "Please verify you're not a robot",
    });
    expect(captcha.verify).not.toHaveBeenCalled();
    expect(ddb).not.toHaveReceivedAnyCommand();
  });
});
