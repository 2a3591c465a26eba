/**
 * POST /auth/login against DynamoDB Local: the answer, the mailed code, and the sign-in limits as
 * stored: failures counted per email and address together, per address and per email, growing
 * delays (429 with Retry-After) instead of a lock, and the same answers and writes for an unknown email.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../../../functions/accounts/limits';
import { resetConfigForTests } from '../../../../functions/config';
import { verifySessionToken } from '../../../../functions/http/tokens';
import { invoke, mailedCodes, newAccount, PASSWORD, scanTable, type Account } from '../../security/actors';
import { changesOf, pkOf, withoutWrites } from '../table-changes';

const captcha = vi.hoisted(() => ({ verify: vi.fn(), challenge: vi.fn() }));
vi.mock('../../../../functions/providers/registry/captcha', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../functions/providers/registry/captcha')>()),
  getCaptcha: () => captcha,
}));

let ann: Account;
let address: string;
let n = 0;
beforeEach(async () => {
  captcha.verify.mockReset().mockResolvedValue(true);
  ann = await newAccount('user', 'login');
  // Each test signs in from addresses of its own, so the per-address counts start at 0.
  address = nextAddress();
});
afterEach(() => {
  vi.useRealTimers();
});

const nextAddress = () => `198.51.${Math.floor(++n / 250)}.${n % 250}`;
const login = (body: Record<string, unknown> = {}, sourceIp = address, headers?: Record<string, string>) =>
  invoke('POST /auth/login', { body: { email: ann.email, password: PASSWORD, recaptchaToken: 'solved-captcha', ...body }, sourceIp, headers });
const WRONG = { password: 'Wr0ng!pass' };
const INVALID = { message: 'Invalid email or password' };
const fail = async (times: number, body: Record<string, unknown> = WRONG, sourceIp = address) => {
  for (let i = 0; i < times; i++) expect((await login(body, sourceIp)).statusCode).toBe(401);
};
/** Moves the clock on, as if `ms` had passed. */
const later = (ms: number) => {
  const now = Date.now();
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['Date'], now });
  vi.setSystemTime(now + ms);
};
const tooMany = (wait: string) => ({ message: `Too many failed sign-ins. Try again in ${wait}.` });

describe('POST /auth/login', () => {
  it('answers a sign-in token and the user for the right password', async () => {
    const res = await login();

    expect(res.statusCode).toBe(200);
    const { message, token, user } = res.json as { message: string; token: string; user: Record<string, unknown> };
    expect(message).toBe('We sent a sign-in code to your email.');
    expect(await verifySessionToken(token)).toEqual({ userId: ann.id, role: 'user', scope: 'otp', sessionId: expect.any(String) });
    expect(user).toMatchObject({ id: ann.id, email: ann.email, isVerified: true, balance: 0, balanceCents: 0 });
    expect(res.body).not.toContain('passwordHash');
    expect(captcha.verify).toHaveBeenCalledWith('solved-captcha', address);
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

  it('answers 401 for a wrong password, writing only the three failure counters and mailing nothing', async () => {
    const { result: res, written } = await changesOf(() => login(WRONG));

    expect(res.statusCode).toBe(401);
    expect(res.json).toEqual(INVALID);
    expect(written.map(pkOf).sort()).toEqual([
      `LIMIT#signin-account#${ann.email}`,
      `LIMIT#signin-address#${address}`,
      `LIMIT#signin-pair#${address}#${ann.email}`,
    ]);
    expect(await mailedCodes(ann.email)).toEqual([]);
  });

  it('answers an unknown email exactly as a wrong password, writing the same counters', async () => {
    const unknown = `nobody-${ann.id}@example.com`.toLowerCase();
    const [known, other] = [nextAddress(), nextAddress()];
    const wrongPassword = await changesOf(() => login(WRONG, known));
    const unknownEmail = await changesOf(() => login({ ...WRONG, email: unknown }, other));
    // The same items, but for the email, the address and the clock.
    const shape = (lines: string[], email: string, ip: string) =>
      lines
        .map((l) =>
          l
            .replaceAll(email, 'EMAIL')
            .replaceAll(ip, 'IP')
            .replace(/\d{10,}/g, 'TIME'),
        )
        .sort();

    expect(unknownEmail.result.statusCode).toBe(401);
    expect(unknownEmail.result.body).toBe(wrongPassword.result.body);
    expect(shape(unknownEmail.written, unknown, other)).toEqual(shape(wrongPassword.written, ann.email, known));
    for (let i = 0; i < 4; i++) {
      const [a, b] = [await login(WRONG, known), await login({ ...WRONG, email: unknown }, other)];
      expect(`${b.statusCode} ${b.body} ${b.headers?.['retry-after']}`).toBe(`${a.statusCode} ${a.body} ${a.headers?.['retry-after']}`);
    }
    expect(await mailedCodes(unknown)).toEqual([]);
  });

  it('slows an address after 5 wrong passwords for one email: 429 with Retry-After 2 s, then 4 s, 8 s, even for the right password', async () => {
    await fail(5);
    const refused = await withoutWrites(() => login());
    expect(refused.statusCode).toBe(429);
    expect(refused.headers?.['retry-after']).toBe('2');
    expect(refused.json).toEqual(tooMany('2 seconds'));
    expect(await mailedCodes(ann.email)).toEqual([]);

    later(2_000);
    await fail(1);
    expect((await login()).headers?.['retry-after']).toBe('4');
    later(6_000);
    await fail(1);
    expect((await login()).json).toEqual(tooMany('8 seconds'));
  });

  it('asks for the captcha on every try, also once the wait is over, instead of locking', async () => {
    await fail(5);
    later(2_000);
    captcha.verify.mockResolvedValueOnce(false);
    expect((await login()).statusCode).toBe(400);
    expect(captcha.verify).toHaveBeenCalledTimes(6);
    const res = await login();
    expect(res.statusCode).toBe(200);
    expect(captcha.verify).toHaveBeenCalledTimes(7);
  });

  it('lets the owner sign in from another address while an attacker hammers the email', async () => {
    const attacker = nextAddress();
    const statuses: number[] = [];
    // The attacker waits out every delay, 20 tries in all.
    for (let i = 0; i < 20; i++) {
      const res = await login(WRONG, attacker);
      statuses.push(res.statusCode ?? 0);
      if (res.statusCode === 429) later((Number(res.headers?.['retry-after']) + 1) * 1000);
    }
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(10);
    expect(statuses.slice(5).filter((s) => s === 429).length).toBeGreaterThanOrEqual(7);

    const owner = await login({}, nextAddress());
    expect(owner.statusCode).toBe(200);
    expect(await verifySessionToken(String(owner.json?.token))).toMatchObject({ userId: ann.id, scope: 'otp' });
  });

  it('slows one address trying many accounts after 20 failures, whichever emails, known or not; other addresses go on', async () => {
    const attacker = nextAddress();
    for (let i = 0; i < LIMITS.signInAddress.free; i++) {
      const email = i % 2 ? `nobody-${i}-${ann.id}@example.com` : (await newAccount('user', 'spray')).email;
      expect((await login({ ...WRONG, email }, attacker)).statusCode).toBe(401);
    }
    const next = await login({ email: `fresh-${ann.id}@example.com` }, attacker);
    expect(next.statusCode).toBe(429);
    expect(next.headers?.['retry-after']).toBe('2');
    // Even the right password of an account the address never tried waits.
    expect((await login({}, attacker)).statusCode).toBe(429);
    expect((await login({}, nextAddress())).statusCode).toBe(200);
  });

  it('slows an email tried from many addresses after 50 failures, with growing delays, for every address', async () => {
    const free = LIMITS.signInAccount.free;
    for (let i = 0; i < free; i += 10) {
      const batch = Array.from({ length: 10 }, () => login(WRONG, nextAddress()));
      expect((await Promise.all(batch)).map((r) => r.statusCode)).toEqual(Array(10).fill(401));
    }
    const res = await login({}, nextAddress());
    expect(res.statusCode).toBe(429);
    expect(res.json).toEqual(tooMany('2 seconds'));
    later(2_000);
    expect((await login({}, nextAddress())).statusCode).toBe(200);
  });

  it("forgets that address's failures on that email after a right password", async () => {
    await fail(4);
    expect((await login()).statusCode).toBe(200);
    await fail(4);

    expect((await login()).statusCode).toBe(200);
  });

  it('lets the right password in once the wait has passed', async () => {
    await fail(5);
    later(2_000);
    expect((await login()).statusCode).toBe(200);
  });

  it('counts the address CloudFront reports only when the request carries the origin secret', async () => {
    const secret = 'origin-secret-for-tests-0123456789abcdef';
    process.env.ORIGIN_VERIFY_SECRET = secret;
    resetConfigForTests();
    try {
      const edge = nextAddress();
      // Forged viewer addresses without the secret: all counted on the connection's address.
      for (let i = 0; i < 5; i++) {
        const res = await login(WRONG, edge, { 'cloudfront-viewer-address': `203.0.113.${i}:4431` });
        expect(res.statusCode).toBe(401);
      }
      expect((await login({}, edge, { 'cloudfront-viewer-address': '203.0.113.99:4431' })).statusCode).toBe(429);

      // Through CloudFront (the secret matches), two viewers behind the same edge are counted apart.
      const viewer = (ip: string) => ({ 'cloudfront-viewer-address': `${ip}:51234`, 'x-prepaidship-origin': secret });
      // The edge's own failures (a direct caller at that address) do not count for the viewers behind it.
      const edge2 = nextAddress();
      await fail(5, WRONG, edge2);
      for (let i = 0; i < 5; i++) expect((await login(WRONG, edge2, viewer('203.0.113.7'))).statusCode).toBe(401);
      expect((await login({}, edge2, viewer('203.0.113.7'))).statusCode).toBe(429);
      expect((await login({}, edge2, viewer('2001:db8::8'))).statusCode).toBe(200);
      expect(captcha.verify).toHaveBeenLastCalledWith('solved-captcha', '2001:db8::8');
    } finally {
      delete process.env.ORIGIN_VERIFY_SECRET;
      resetConfigForTests();
    }
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
