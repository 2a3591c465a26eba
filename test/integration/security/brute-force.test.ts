/**
 * Guessing does not pay, through the real handlers, and nobody can lock anyone out: 5 wrong
 * passwords for an email from one address slow that address with doubling waits (any spelling of the
 * email, known or not, right password or not), while the owner signs in from elsewhere; one address
 * trying many accounts is slowed after 20; a sign-in code allows 5 tries, even under a burst of
 * concurrent guesses, and signing in again does not refill them; tries sent together meet every limit as
 * tries sent one after another do, because each is counted before it is checked; wrong codes, code mails and reset
 * requests are also counted per account and per address. The numbers are functions/accounts/limits.ts's
 * (docs/decisions/0100-sign-in-failures-slow-never-lock.md, docs/decisions/0013-sign-in-codes.md).
 *
 * Where a rule needs time to pass (the 30 s between codes), the test moves the stored code's send
 * time back instead of waiting; nothing else touches the table behind the handlers' backs.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { LIMITS, signInCounters } from '../../../functions/accounts/limits';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { counterKey } from '../../../functions/data/rate-counters';
import { db, tableName } from '../../../functions/data/client';
import { listOutbox } from '../../../functions/data/outbox';
import { SIGN_IN_CODE_MAX_TRIES, SIGN_IN_CODE_RESEND_MS } from '../../../functions/data/one-time-codes';
import { expectRefusal, invoke, mailedCodes, newAccount, PASSWORD, type Account } from './actors';

let n = 0;
const nextAddress = () => `203.0.113.${++n}`;
/** Each test calls from an address of its own unless it says otherwise, so per-address counts start at 0. */
let here: string;
beforeEach(() => {
  here = nextAddress();
});
const login = (email: string, password: string, sourceIp = here) => invoke('POST /auth/login', { body: { email, password, recaptchaToken: 't' }, sourceIp });
const verify = (account: Account, otp: string, token = account.otpToken, sourceIp = here) =>
  invoke('POST /auth/verify-otp', { token, body: { email: account.email, otp }, sourceIp });
const resend = (account: Account, route: 'POST /auth/send-otp' | 'POST /auth/resend-otp' = 'POST /auth/resend-otp', email = account.email, sourceIp = here) =>
  invoke(route, { token: account.otpToken, body: { email }, sourceIp });

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
async function signedIn(sourceIp = here): Promise<{ account: Account; code: string }> {
  const account = await newAccount('user', 'brute');
  expect((await login(account.email, PASSWORD, sourceIp)).statusCode).toBe(200);
  const [code] = await mailedCodes(account.email);
  if (!code) throw new Error('no code mailed');
  return { account, code };
}

/** A code of the right shape that is never right: real codes have no 0 (functions/security/secrets.ts). */
const wrongCode = (i: number) => `0000Z${i % 10}`;

it('uses the documented numbers: 5 / 20 / 50 failures before waits; 5 tries per code; 30 s between codes', () => {
  expect([LIMITS.signInPair.free, LIMITS.signInAddress.free, LIMITS.signInAccount.free]).toEqual([5, 20, 50]);
  expect([LIMITS.codeAccount.free, LIMITS.codeAddress.free, LIMITS.sendAccount.free, LIMITS.sendAddress.free]).toEqual([10, 20, 5, 20]);
  expect([LIMITS.resetPair.free, LIMITS.resetAddress.free, LIMITS.resetAccount.free]).toEqual([3, 10, 10]);
  expect([SIGN_IN_CODE_MAX_TRIES, SIGN_IN_CODE_RESEND_MS]).toEqual([5, 30_000]);
});

describe('sign-in limits', () => {
  it('answers 401 to 5 wrong passwords from one address, then 429 with Retry-After, even to the right password in any spelling; the owner signs in from elsewhere', async () => {
    const account = await newAccount('user', 'brute');
    const attacker = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(account.email, `Wrong!pass${i}`, attacker)).statusCode ?? 0);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    for (const spelling of [account.email, account.email.toUpperCase(), `  ${account.email}  `]) {
      const res = await login(spelling, PASSWORD, attacker);
      expect(res.statusCode, spelling).toBe(429);
      expect(Number(res.headers?.['retry-after'])).toBeGreaterThan(0);
      expectRefusal(res);
    }
    // The refused right password mailed no code and gave no token.
    expect(await mailedCodes(account.email)).toEqual([]);
    expect((await login(account.email, PASSWORD, nextAddress())).statusCode).toBe(200);
  });

  it('slows an unknown email the same way, with the same answers, so the limits reveal no accounts', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    const attacker = nextAddress();
    const answers: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await login(email, 'Wrong!pass1', attacker);
      answers.push(`${res.statusCode} ${res.body}`);
    }
    expect(answers).toEqual([
      ...Array(5).fill('401 {"message":"Invalid email or password"}'),
      '429 {"message":"Too many failed sign-ins. Try again in 2 seconds."}',
    ]);
  });

  it('evaluates at most 5 of 30 concurrent wrong passwords for one email from one address; the rest answer 429 with Retry-After', async () => {
    const account = await newAccount('user', 'brute');
    const attacker = nextAddress();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(account.email, `Wrong!pass${i}`, attacker)));
    const evaluated = answers.filter((r) => r.statusCode === 401);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(evaluated.length).toBeGreaterThan(0);
    expect(evaluated.length).toBeLessThanOrEqual(LIMITS.signInPair.free);
    expect(evaluated.length + refused.length, answers.map((r) => `${r.statusCode} ${r.body}`).join('\n')).toBe(30);
    for (const res of refused) {
      expect(Number(res.headers?.['retry-after'])).toBeGreaterThan(0);
      expect(String(res.json?.message)).toMatch(/^Too many failed sign-ins\. Try again in \d+ (second|minute)s?\.$/);
    }
    // The burst left the count and the wait 5 failures in a row leave (the 2 s wait, from the last answer, may be over by now).
    const { Item } = await db.send(
      new GetCommand({ TableName: tableName(), Key: counterKey(signInCounters(account.email, attacker)[0]!), ConsistentRead: true }),
    );
    expect(Number(Item?.hits)).toBe(evaluated.length);
    if (evaluated.length === LIMITS.signInPair.free) expect(Number(Item?.blockedUntil)).toBeGreaterThan(Number(Item?.lastAt));
    expect((await login(account.email, PASSWORD, nextAddress())).statusCode).toBe(200);
  });

  it('evaluates at most 20 of 30 concurrent wrong passwords over 30 emails from one address', async () => {
    const attacker = nextAddress();
    const emails = Array.from({ length: 30 }, (_, i) => `burst-${i}-${Date.now()}@example.com`);
    const answers = await Promise.all(emails.map((email) => login(email, 'Summer2024!', attacker)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(LIMITS.signInAddress.free);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - statuses.filter((s) => s === 401).length);
    for (const res of answers.filter((r) => r.statusCode === 429)) expect(Number(res.headers?.['retry-after'])).toBeGreaterThan(0);
  });

  it('a right password gives its try back: 4 wrong, the right one, 4 more wrong and the 5th still answers 401', async () => {
    const account = await newAccount('user', 'brute');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await login(account.email, `Wrong!pass${i}`)).statusCode ?? 0);
    statuses.push((await login(account.email, PASSWORD)).statusCode ?? 0);
    for (let i = 0; i < 6; i++) statuses.push((await login(account.email, `Wrong!pass${i}`)).statusCode ?? 0);
    expect(statuses).toEqual([401, 401, 401, 401, 200, 401, 401, 401, 401, 401, 429]);
  });

  it('slows one address spraying one password over many accounts after 20 failures', async () => {
    const attacker = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await login(`spray-${i}-${Date.now()}@example.com`, 'Summer2024!', attacker)).statusCode ?? 0);
    expect(statuses).toEqual([...Array(20).fill(401), 429, 429]);
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
  it('go out at most once per 30 s per account, with the same answer each time, and an address asking again is slowed, so the route cannot flood an inbox', async () => {
    const account = await newAccount('user', 'brute');
    const answers: Awaited<ReturnType<typeof invoke>>[] = [];
    for (let i = 0; i < 5; i++) answers.push(await invoke('POST /auth/forgot-password', { body: { email: account.email }, sourceIp: here }));
    expect(new Set(answers.slice(0, LIMITS.resetPair.free).map((a) => `${a.statusCode} ${a.body}`)).size).toBe(1);
    expect(answers[0]?.statusCode).toBe(200);
    expect(answers.slice(LIMITS.resetPair.free).map((a) => a.statusCode)).toEqual([429, 429]);
    const mails = await listOutbox({ to: account.email });
    expect(mails.filter((m) => m.subject === 'Reset your PrepaidShip password')).toHaveLength(1);
  });
});

describe('wrong codes across codes and addresses', () => {
  it('slows an account after 10 wrong codes over its codes (each new code gives 5 tries), with Retry-After', async () => {
    const { account } = await signedIn();
    const statuses: number[] = [];
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < SIGN_IN_CODE_MAX_TRIES; i++) statuses.push((await verify(account, wrongCode(i))).statusCode ?? 0);
      await ageCode(account.id, SIGN_IN_CODE_RESEND_MS);
      expect((await resend(account)).statusCode).toBe(200);
    }
    expect(statuses).toEqual(Array(10).fill(400));
    const [fresh] = await mailedCodes(account.email);
    const res = await verify(account, fresh!);
    expect(res.statusCode).toBe(429);
    expect(res.json).toEqual({ message: 'Too many wrong codes. Try again in 2 seconds.' });
    expect(res.headers?.['retry-after']).toBe('2');
    // Not from another address either: the count is the account's.
    expect((await verify(account, fresh!, account.otpToken, nextAddress())).statusCode).toBe(429);
  });

  it('compares at most 20 of 40 concurrent wrong codes from one address over many accounts', async () => {
    const attacker = nextAddress();
    const accounts = await Promise.all(Array.from({ length: 8 }, () => signedIn(nextAddress())));
    const statuses = await Promise.all(
      accounts.flatMap(({ account }) =>
        Array.from({ length: SIGN_IN_CODE_MAX_TRIES }, (_, i) => verify(account, wrongCode(i), account.otpToken, attacker).then((r) => r.statusCode)),
      ),
    );
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(LIMITS.codeAddress.free);
    expect(statuses.filter((s) => s === 400).length + statuses.filter((s) => s === 429).length).toBe(40);
  });

  it('slows one address guessing codes of many accounts after 20 wrong codes', async () => {
    const attacker = nextAddress();
    const accounts = await Promise.all(Array.from({ length: 5 }, () => signedIn(nextAddress())));
    for (const { account } of accounts.slice(0, 4)) {
      for (let i = 0; i < SIGN_IN_CODE_MAX_TRIES; i++) expect((await verify(account, wrongCode(i), account.otpToken, attacker)).statusCode).toBe(400);
    }
    const last = accounts[4]!;
    expect((await verify(last.account, last.code, last.account.otpToken, attacker)).statusCode).toBe(429);
    expect((await verify(last.account, last.code)).statusCode).toBe(200);
  });
});

describe('code mails per hour', () => {
  it('slows send-otp and resend-otp for an account after 5 codes, besides the 30 s between codes', async () => {
    const { account } = await signedIn();
    for (let i = 0; i < LIMITS.sendAccount.free; i++) {
      await ageCode(account.id, SIGN_IN_CODE_RESEND_MS);
      expect((await resend(account, i % 2 ? 'POST /auth/send-otp' : 'POST /auth/resend-otp')).statusCode).toBe(200);
    }
    await ageCode(account.id, SIGN_IN_CODE_RESEND_MS);
    const res = await resend(account);
    expect(res.statusCode).toBe(429);
    expect(res.json).toEqual({ message: 'Too many codes asked for. Try again in 2 seconds.' });
    expect(res.headers?.['retry-after']).toBe('2');
    expect(await mailedCodes(account.email)).toHaveLength(1 + LIMITS.sendAccount.free);
  });

  it('slows one address asking codes for many accounts after 20', async () => {
    const asker = nextAddress();
    const accounts = await Promise.all(Array.from({ length: 5 }, () => signedIn(nextAddress())));
    const statuses: number[] = [];
    for (let round = 0; round < 5; round++) {
      for (const { account } of accounts) {
        await ageCode(account.id, SIGN_IN_CODE_RESEND_MS);
        statuses.push((await resend(account, 'POST /auth/resend-otp', account.email, asker)).statusCode ?? 0);
      }
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses.slice(20)).toContain(429);
  });
});
