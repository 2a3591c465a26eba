/**
 * Guessing does not pay, through the real handlers: 5 wrong passwords for an email lock it for 15
 * minutes (any spelling of the email, known or not, right password or not); a sign-in code allows
 * 5 tries, even under a burst of concurrent guesses, and signing in again does not refill them; a
 * new code goes out at most once per 30 s, whichever route asks. The numbers are docs/api.md's.
 *
 * Where a rule needs time to pass (the 30 s between codes), the test moves the stored code's send
 * time back instead of waiting; nothing else touches the table behind the handlers' backs.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '../../../functions/data/client';
import { LOCKOUT_MS, LOGIN_WINDOW_MS, lockedUntil, MAX_LOGIN_FAILURES } from '../../../functions/data/login-attempts';
import { listOutbox } from '../../../functions/data/outbox';
import { SIGN_IN_CODE_MAX_TRIES, SIGN_IN_CODE_RESEND_MS } from '../../../functions/data/one-time-codes';
import { expectRefusal, invoke, mailedCodes, newAccount, PASSWORD, type Account } from './actors';

const login = (email: string, password: string) => invoke('POST /auth/login', { body: { email, password, recaptchaToken: 't' } });
const verify = (account: Account, otp: string, token = account.otpToken) => invoke('POST /auth/verify-otp', { token, body: { email: account.email, otp } });
const resend = (account: Account, route: 'POST /auth/send-otp' | 'POST /auth/resend-otp' = 'POST /auth/resend-otp', email = account.email) =>
  invoke(route, { token: account.otpToken, body: { email } });

/** Moves the stored sign-in code's send time back, as if `ms` had passed. */
async function ageCode(userId: string, ms: number): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: `USER#${userId}`, sk: 'OTP' },
      UpdateExpression: 'SET sentAt = sentAt - :ms',
      ExpressionAttributeValues: { ':ms': ms },
    }),
  );
}

/** An account that has just signed in with its password: one code mailed. */
async function signedIn(): Promise<{ account: Account; code: string }> {
  const account = await newAccount('user', 'brute');
  expect((await login(account.email, PASSWORD)).statusCode).toBe(200);
  const [code] = await mailedCodes(account.email);
  if (!code) throw new Error('no code mailed');
  return { account, code };
}

/** A code of the right shape that is never right: real codes have no 0 (functions/security/secrets.ts). */
const wrongCode = (i: number) => `0000Z${i % 10}`;

it('uses the documented numbers: 5 failures in 15 minutes lock for 15 minutes; 5 tries per code; 30 s between codes', () => {
  expect([MAX_LOGIN_FAILURES, LOGIN_WINDOW_MS, LOCKOUT_MS]).toEqual([5, 15 * 60_000, 15 * 60_000]);
  expect([SIGN_IN_CODE_MAX_TRIES, SIGN_IN_CODE_RESEND_MS]).toEqual([5, 30_000]);
});

describe('sign-in lockout', () => {
  it('answers 401 to 5 wrong passwords, then 429 for 15 minutes, even to the right password in any spelling of the email', async () => {
    const account = await newAccount('user', 'brute');
    const statuses: number[] = [];
    for (let i = 0; i < MAX_LOGIN_FAILURES + 1; i++) statuses.push((await login(account.email, `Wrong!pass${i}`)).statusCode ?? 0);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const until = (await lockedUntil(account.email)) ?? 0;
    expect(until - Date.now()).toBeGreaterThan(LOCKOUT_MS - 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(LOCKOUT_MS);
    for (const spelling of [account.email, account.email.toUpperCase(), `  ${account.email}  `]) {
      const res = await login(spelling, PASSWORD);
      expect(res.statusCode, spelling).toBe(429);
      expectRefusal(res);
    }
    // The refused right password mailed no code and gave no token.
    expect(await mailedCodes(account.email)).toEqual([]);
  });

  it('locks an unknown email the same way, with the same answers, so the lockout reveals no accounts', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    const answers: string[] = [];
    for (let i = 0; i < MAX_LOGIN_FAILURES + 1; i++) {
      const res = await login(email, 'Wrong!pass1');
      answers.push(`${res.statusCode} ${res.body}`);
    }
    expect(answers).toEqual([
      ...Array(5).fill('401 {"message":"Invalid email or password"}'),
      '429 {"message":"Too many failed sign-ins. Try again in 15 minutes."}',
    ]);
  });

  it('ends locked after a burst of 20 concurrent wrong passwords', async () => {
    const account = await newAccount('user', 'brute');
    const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => login(account.email, `Wrong!pass${i}`).then((r) => r.statusCode)));
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect((await login(account.email, PASSWORD)).statusCode).toBe(429);
  });
});

describe('sign-in code tries', () => {
  it('answers 400 to 5 wrong codes, 429 to the 6th try, and then refuses even the right code; signing in again does not refill the tries', async () => {
    const { account, code } = await signedIn();
    const statuses: number[] = [];
    // Lower case counts the same as upper case: one code, one counter.
    for (let i = 0; i < SIGN_IN_CODE_MAX_TRIES; i++) statuses.push((await verify(account, i % 2 ? wrongCode(i).toLowerCase() : wrongCode(i))).statusCode ?? 0);
    statuses.push((await verify(account, wrongCode(9))).statusCode ?? 0);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect((await verify(account, code)).statusCode).toBe(429);

    // A second sign-in within 30 s keeps the spent code (no new mail), so the right code stays refused.
    const again = await login(account.email, PASSWORD);
    expect(again.statusCode).toBe(200);
    expect(await mailedCodes(account.email)).toHaveLength(1);
    expect((await verify(account, code, String(again.json?.token))).statusCode).toBe(429);
  });

  it('gives 12 concurrent wrong guesses exactly 5 comparisons', async () => {
    const { account, code } = await signedIn();
    const statuses = await Promise.all(Array.from({ length: 12 }, (_, i) => verify(account, wrongCode(i)).then((r) => r.statusCode)));
    expect(statuses.filter((s) => s === 400)).toHaveLength(SIGN_IN_CODE_MAX_TRIES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - SIGN_IN_CODE_MAX_TRIES);
    expect((await verify(account, code)).statusCode).toBe(429);
  });

  it('a new code (30 s later) replaces the spent one: the old code dies, the new one works once', async () => {
    const { account, code: old } = await signedIn();
    for (let i = 0; i < SIGN_IN_CODE_MAX_TRIES; i++) await verify(account, wrongCode(i));
    await ageCode(account.id, SIGN_IN_CODE_RESEND_MS);
    expect((await resend(account)).statusCode).toBe(200);
    const [fresh] = await mailedCodes(account.email);
    expect(fresh).not.toBe(old);
    expect((await verify(account, old)).statusCode).toBe(400);
    expect((await verify(account, fresh as string)).statusCode).toBe(200);
    expect((await verify(account, fresh as string)).statusCode).toBe(400);
  });
});

describe('code resend limit', () => {
  it('send-otp and resend-otp share one limit of one code per 30 s, in any spelling of the email and under a burst', async () => {
    const { account } = await signedIn();
    for (const [route, email] of [
      ['POST /auth/send-otp', account.email],
      ['POST /auth/resend-otp', account.email],
      ['POST /auth/resend-otp', account.email.toUpperCase()],
    ] as const) {
      const res = await resend(account, route, email);
      expect(res.statusCode, `${route} ${email}`).toBe(429);
      expect(res.json).toEqual({ message: 'Please wait 30 seconds before asking for another code.' });
    }
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) => resend(account, i % 2 ? 'POST /auth/send-otp' : 'POST /auth/resend-otp').then((r) => r.statusCode)),
    );
    expect(burst.every((s) => s === 429)).toBe(true);
    expect(await mailedCodes(account.email)).toHaveLength(1);

    // 30 s later a burst gets exactly one new code.
    await ageCode(account.id, SIGN_IN_CODE_RESEND_MS);
    const later = await Promise.all(
      Array.from({ length: 10 }, (_, i) => resend(account, i % 2 ? 'POST /auth/send-otp' : 'POST /auth/resend-otp').then((r) => r.statusCode)),
    );
    expect(later.filter((s) => s === 200)).toHaveLength(1);
    expect(later.filter((s) => s === 429)).toHaveLength(9);
    expect(await mailedCodes(account.email)).toHaveLength(2);
  });
});

describe('reset links', () => {
  it('go out at most once per 30 s per account, with the same answer every time, so the route cannot flood an inbox', async () => {
    const account = await newAccount('user', 'brute');
    const answers: Awaited<ReturnType<typeof invoke>>[] = [];
    for (let i = 0; i < 5; i++) answers.push(await invoke('POST /auth/forgot-password', { body: { email: account.email } }));
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`)).size).toBe(1);
    expect(answers[0]?.statusCode).toBe(200);
    const mails = await listOutbox({ to: account.email });
    expect(mails.filter((m) => m.subject === 'Reset your PrepaidShip password')).toHaveLength(1);
  });
});
