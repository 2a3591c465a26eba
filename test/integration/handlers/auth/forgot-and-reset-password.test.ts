/**
 * POST /auth/forgot-password and POST /auth/reset-password against DynamoDB Local: the mailed link
 * is the proof (it works once, sets the password and forgets the account's failed sign-ins), every
 * refusal leaves the table as it was, and requests are limited per email and address together, per
 * address and per email, the same for unknown emails.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../../../functions/config';
import { listOutbox } from '../../../../functions/data/outbox';
import { LIMITS, signInCounters } from '../../../../functions/accounts/limits';
import { takeTry, waitOf } from '../../../../functions/data/rate-counters';
import { RESET_LINK_TTL_MS } from '../../../../functions/data/one-time-codes';
import { getUserById } from '../../../../functions/data/users';
import { verifyPassword } from '../../../../functions/security/passwords';
import { newResetToken, parseResetToken } from '../../../../functions/security/secrets';
import { installFaultInjector } from '../../reliability/helpers';
import { invoke, newAccount, PASSWORD, scanTable, type Account } from '../../security/actors';
import { changesOf, pkOf, withoutWrites } from '../table-changes';

const APP_URL = 'https://ship.example.com';
const ANSWER = { message: 'If an account exists for that email, we sent a link to reset the password.' };
const INVALID_LINK = { message: 'This reset link is invalid or has expired' };
const NEW_PASSWORD = 'N3w!passw0rd';

const faults = installFaultInjector();
let ann: Account;
let address: string;
let n = 0;
const nextAddress = () => `192.0.2.${++n}`;
beforeEach(async () => {
  vi.stubEnv('APP_URL', APP_URL);
  resetConfigForTests();
  ann = await newAccount('user', 'reset');
  // Each test asks from an address of its own, so the per-address counts start at 0.
  address = nextAddress();
});
afterEach(() => {
  faults.stop();
  vi.useRealTimers();
  vi.unstubAllEnvs();
  resetConfigForTests();
});

const forgot = (email: string, sourceIp = address) => invoke('POST /auth/forgot-password', { body: { email }, sourceIp });
const reset = (body: Record<string, unknown>) => invoke('POST /auth/reset-password', { body: { password: NEW_PASSWORD, ...body }, sourceIp: address });
const counterPks = (email: string, ip = address) => [`LIMIT#reset-account#${email}`, `LIMIT#reset-address#${ip}`, `LIMIT#reset-pair#${ip}#${email}`];
/** The tokens of the reset links mailed to `email`, oldest first. */
async function mailedTokens(email: string): Promise<string[]> {
  const mails = (await listOutbox({ to: email })).filter((m) => m.subject === 'Reset your PrepaidShip password').reverse();
  return mails.map((m) => {
    const link = /https:\/\/\S+/.exec(m.text)?.[0] ?? '';
    expect(link.startsWith(`${APP_URL}/reset-password?token=`), link).toBe(true);
    return new URL(link).searchParams.get('token') ?? '';
  });
}
const passwordIs = async (id: string, password: string) => verifyPassword(password, (await getUserById(id))?.passwordHash ?? '');

describe('POST /auth/forgot-password', () => {
  it('mails a link APP_URL/reset-password?token=<userId>.<secret> to the account, for any spelling of the email', async () => {
    const res = await forgot(` ${ann.email.toUpperCase()} `);

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual(ANSWER);
    const [token] = await mailedTokens(ann.email);
    expect(parseResetToken(token!)).toEqual({ userId: ann.id, secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
  });

  it('stores no token or secret, only what proves one: the link works', async () => {
    await forgot(ann.email);
    const [token] = await mailedTokens(ann.email);
    const secret = parseResetToken(token!)!.secret;

    expect((await scanTable()).filter((line) => line.includes(secret) && !line.includes('"OUTBOX#'))).toEqual([]);
    expect((await reset({ token })).statusCode).toBe(200);
  });

  it('gives a new secret on every request, and only the newest link works', async () => {
    await forgot(ann.email);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31_000 });
    await forgot(ann.email);

    const [older, newer] = await mailedTokens(ann.email);
    expect(older).not.toBe(newer);
    expect((await reset({ token: older })).json).toEqual(INVALID_LINK);
    expect((await reset({ token: newer })).statusCode).toBe(200);
  });

  it('sends at most one link per 30 s: a second request answers the same, counted but without a mail, and the first link still works', async () => {
    await forgot(ann.email);
    const { result: res, written } = await changesOf(() => forgot(ann.email));

    expect(res.json).toEqual(ANSWER);
    expect(written.map(pkOf).sort()).toEqual(counterPks(ann.email));
    const tokens = await mailedTokens(ann.email);
    expect(tokens).toHaveLength(1);
    expect((await reset({ token: tokens[0] })).statusCode).toBe(200);
  });

  it("answers the same for an unknown email, writing only the counters a known email's request writes, mailing nothing", async () => {
    const { result: res, written } = await changesOf(() => forgot('nobody@example.com'));

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual(ANSWER);
    expect(written.map(pkOf).sort()).toEqual(counterPks('nobody@example.com'));
    expect(await listOutbox({ to: 'nobody@example.com' })).toEqual([]);
  });

  it('slows an address after 3 requests for one email (429, Retry-After), known or not, while the owner asks from elsewhere', async () => {
    const unknown = 'nobody-else@example.com';
    const other = nextAddress();
    const answers = { known: [] as string[], unknown: [] as string[] };
    for (let i = 0; i < 4; i++) {
      const [a, b] = [await forgot(ann.email), await forgot(unknown, other)];
      answers.known.push(`${a.statusCode} ${a.body} ${a.headers?.['retry-after']}`);
      answers.unknown.push(`${b.statusCode} ${b.body} ${b.headers?.['retry-after']}`);
    }
    expect(answers.known).toEqual(answers.unknown);
    expect(answers.known.at(-1)).toBe('429 {"message":"Too many reset requests. Try again in 2 seconds."} 2');
    expect(await mailedTokens(ann.email)).toHaveLength(1);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31_000 });
    expect((await forgot(ann.email, nextAddress())).json).toEqual(ANSWER);
    expect(await mailedTokens(ann.email)).toHaveLength(2);
  });

  it('slows one address asking for many emails after 10 requests', async () => {
    for (let i = 0; i < LIMITS.resetAddress.free; i++) expect((await forgot(`someone-${i}@example.com`)).statusCode).toBe(200);
    const res = await withoutWrites(() => forgot(ann.email));
    expect(res.statusCode).toBe(429);
    expect(res.headers?.['retry-after']).toBe('2');
    expect(await mailedTokens(ann.email)).toEqual([]);
    expect((await forgot(ann.email, nextAddress())).statusCode).toBe(200);
  });

  it('answers 400 on the email field for an invalid email, writing nothing', async () => {
    const res = await withoutWrites(() => forgot('not-an-email'));

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Invalid email format', fields: { email: 'Invalid email format' } });
  });
});

describe('POST /auth/reset-password', () => {
  const link = async () => {
    await forgot(ann.email);
    return (await mailedTokens(ann.email)).at(-1)!;
  };

  it("sets the new password (stored as a hash), uses up the link and forgets the account's failed sign-ins", async () => {
    const token = await link();
    const [pair, , account] = signInCounters(ann.email, address);
    for (let i = 0; i < LIMITS.signInAccount.free; i++) await Promise.all([takeTry(pair!), takeTry(account!)]);
    expect(await waitOf([pair!])).toBeGreaterThan(0);
    expect(await waitOf([account!])).toBeGreaterThan(0);

    const res = await reset({ token });
    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ message: 'Your password has been reset. You can sign in now.' });
    expect(await passwordIs(ann.id, NEW_PASSWORD)).toBe(true);
    expect((await getUserById(ann.id))?.passwordHash).not.toContain(NEW_PASSWORD);
    expect(await waitOf([pair!, account!])).toBe(0);
    expect((await reset({ token, password: 'An0ther!pass' })).json).toEqual(INVALID_LINK);
    expect(await passwordIs(ann.id, NEW_PASSWORD)).toBe(true);
  });

  it('answers 400 for a malformed token, writing nothing', async () => {
    const token = await link();
    for (const bad of ['garbage', `${ann.id}.short`, `${ann.id.toLowerCase()}.${token.split('.')[1]}`, `${token}x`]) {
      const res = await withoutWrites(() => reset({ token: bad }));
      expect(res.statusCode, bad).toBe(400);
      expect(res.json).toEqual(INVALID_LINK);
    }
    expect(await passwordIs(ann.id, PASSWORD)).toBe(true);
  });

  it('answers 400 for a well-formed token of an unknown user, writing nothing', async () => {
    const res = await withoutWrites(() => reset({ token: newResetToken('01J9Z3K4M5N6P7Q8R9S0T1V2WZ') }));

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual(INVALID_LINK);
  });

  it('answers 400 for a link that has expired, keeping the old password', async () => {
    const token = await link();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + RESET_LINK_TTL_MS + 1_000 });
    const res = await reset({ token });

    expect(res.json).toEqual(INVALID_LINK);
    expect(await passwordIs(ann.id, PASSWORD)).toBe(true);
  });

  it('answers 400 on the password field for a weak password, writing nothing; the link still works', async () => {
    const token = await link();
    const res = await withoutWrites(() => reset({ token, password: 'alllowercase1!' }));

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Must contain at least one uppercase letter', fields: { password: 'Must contain at least one uppercase letter' } });
    expect((await reset({ token })).statusCode).toBe(200);
  });

  it('answers 400 on the token field for a missing token', async () => {
    const res = await withoutWrites(() => invoke('POST /auth/reset-password', { body: { password: NEW_PASSWORD } }));

    expect(res.statusCode).toBe(400);
    expect(res.json?.fields).toEqual({ token: 'Reset link is invalid' });
  });

  it('answers a plain 500 when the transaction fails for another reason, and the link still works after', async () => {
    const token = await link();
    faults.armOn('TransactWriteItemsCommand', 'throughput');
    const res = await withoutWrites(() => reset({ token }));
    faults.stop();

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual({ message: 'Something went wrong. Please try again.', requestId: expect.any(String) });
    expect(await passwordIs(ann.id, PASSWORD)).toBe(true);
    expect((await reset({ token })).statusCode).toBe(200);
  });
});
