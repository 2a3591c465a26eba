/** POST /auth/login against DynamoDB Local: the answer, the mailed code, and the failure count and lockout as stored. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lockedUntil, LOCKOUT_MS } from '../../../../functions/data/login-attempts';
import { verifySessionToken } from '../../../../functions/http/tokens';
import { invoke, mailedCodes, newAccount, PASSWORD, scanTable, type Account } from '../../security/actors';
import { changesOf, pkOf, withoutWrites } from '../table-changes';

const captcha = vi.hoisted(() => ({ verify: vi.fn(), challenge: vi.fn() }));
vi.mock('../../../../functions/providers/registry/captcha', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../functions/providers/registry/captcha')>()),
  getCaptcha: () => captcha,
}));

let ann: Account;
beforeEach(async () => {
  captcha.verify.mockReset().mockResolvedValue(true);
  ann = await newAccount('user', 'login');
});
afterEach(() => {
  vi.useRealTimers();
});

const login = (body: Record<string, unknown> = {}) =>
  invoke('POST /auth/login', { body: { email: ann.email, password: PASSWORD, recaptchaToken: 'solved-captcha', ...body } });
const WRONG = { password: 'Wr0ng!pass' };
const INVALID = { message: 'Invalid email or password' };
const fail = async (times: number, body: Record<string, unknown> = WRONG) => {
  for (let i = 0; i < times; i++) expect((await login(body)).statusCode).toBe(401);
};

describe('POST /auth/login', () => {
  it('answers a sign-in token and the user for the right password', async () => {
    const res = await login();

    expect(res.statusCode).toBe(200);
    const { message, token, user } = res.json as { message: string; token: string; user: Record<string, unknown> };
    expect(message).toBe('We sent a sign-in code to your email.');
    expect(await verifySessionToken(token)).toEqual({ userId: ann.id, role: 'user', scope: 'otp' });
    expect(user).toMatchObject({ id: ann.id, email: ann.email, isVerified: true, balance: 0, balanceCents: 0 });
    expect(res.body).not.toContain('passwordHash');
    expect(captcha.verify).toHaveBeenCalledWith('solved-captcha', '127.0.0.1');
  });

  it('mails a code (to any spelling of the email) that the code step accepts, storing only its hash', async () => {
    const res = await login({ email: ` ${ann.email.toUpperCase()} ` });

    const codes = await mailedCodes(ann.email);
    expect(codes).toHaveLength(1);
    // The code is nowhere in the table but in the mail itself.
    expect((await scanTable()).filter((line) => line.includes(codes[0]!) && !line.includes('"OUTBOX#'))).toEqual([]);
    const verified = await invoke('POST /auth/verify-otp', { token: (res.json as { token: string }).token, body: { email: ann.email, otp: codes[0] } });
    expect(verified.statusCode).toBe(200);
  });

  it('mails nothing within 30 s of the last code and says so', async () => {
    await login();
    const res = await login();

    expect(res.statusCode).toBe(200);
    expect((res.json as { message: string }).message).toBe('We sent you a code moments ago: enter that one.');
    expect(await mailedCodes(ann.email)).toHaveLength(1);
  });

  it('answers 401 for a wrong password, writing only the failure count and mailing nothing', async () => {
    const { result: res, written } = await changesOf(() => login(WRONG));

    expect(res.statusCode).toBe(401);
    expect(res.json).toEqual(INVALID);
    expect(written.map(pkOf)).toEqual([`LOGIN#${ann.email}`]);
    expect(await mailedCodes(ann.email)).toEqual([]);
  });

  it('answers the same 401 for an unknown email, and counts that failure too (5 lock it)', async () => {
    const wrongPassword = await login(WRONG);
    const unknown = { email: `nobody-${ann.id}@example.com` };
    const unknownEmail = await login(unknown);

    expect(unknownEmail.statusCode).toBe(401);
    expect(unknownEmail.body).toBe(wrongPassword.body);
    await fail(4, unknown);
    expect(await lockedUntil(unknown.email)).toBeDefined();
    expect(await mailedCodes(unknown.email)).toEqual([]);
  });

  it('locks the email for 15 minutes on the 5th failure, not on the 4th', async () => {
    await fail(4);
    expect(await lockedUntil(ann.email)).toBeUndefined();
    const before = Date.now();
    await fail(1);

    const until = await lockedUntil(ann.email);
    expect(until).toBeGreaterThanOrEqual(before + LOCKOUT_MS);
    expect(until).toBeLessThanOrEqual(Date.now() + LOCKOUT_MS);
  });

  it('forgets the failures after a right password', async () => {
    await fail(4);
    expect((await login()).statusCode).toBe(200);
    await fail(4);

    expect(await lockedUntil(ann.email)).toBeUndefined();
  });

  it('answers 429 to a locked email, even with the right password, writing and mailing nothing', async () => {
    await fail(5);
    const res = await withoutWrites(() => login());

    expect(res.statusCode).toBe(429);
    expect(res.json).toEqual({ message: 'Too many failed sign-ins. Try again in 15 minutes.' });
    expect(await mailedCodes(ann.email)).toEqual([]);
  });

  it('lets the right password in once the lockout has passed, and clears it', async () => {
    await fail(5);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + LOCKOUT_MS + 1_000 });
    const res = await login();

    expect(res.statusCode).toBe(200);
    expect(await lockedUntil(ann.email)).toBeUndefined();
  });

  it('refuses an unsolved captcha with 400 before counting anything', async () => {
    captcha.verify.mockResolvedValue(false);
    const res = await withoutWrites(() => login(WRONG));

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: "Please verify you're not a robot", fields: { recaptchaToken: "Please verify you're not a robot" } });
  });

  it('answers 400 for a missing captcha token and a short password, without asking the captcha or writing', async () => {
    const res = await withoutWrites(() => invoke('POST /auth/login', { body: { email: ann.email, password: '123' } }));

    expect(res.statusCode).toBe(400);
    expect(res.json?.fields).toEqual({ password: 'Password must be at least 6 characters', recaptchaToken: "Please verify you're not a robot" });
    expect(captcha.verify).not.toHaveBeenCalled();
  });
});
