/**
 * The account rules against DynamoDB Local: code expiry, tries and single use under concurrency,
 * the resend interval, reset links working once, and the rate counters' growing delays and memory.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, resetForgetsSteps, signInCounters } from '../../functions/accounts/limits';
import { clearCounter, delayAfter, giveBack, takeTry, waitOf, type Counter, type Limit, type Take } from '../../functions/data/rate-counters';
import {
  consumeResetToken,
  consumeSignInCode,
  SIGN_IN_CODE_RESEND_MS,
  SIGN_IN_CODE_TTL_MS,
  storeResetToken,
  storeSignInCode,
} from '../../functions/data/one-time-codes';
import type { User } from '../../domain/api/users';
import { createUser, getUserById } from '../../functions/data/users';
import { InvalidRequest, TooManyAttempts } from '../../functions/errors';
import { hashResetToken, hashSignInCode, newResetToken } from '../../functions/security/secrets';
import { startFront, type Front } from '../../infra/local/server';

let n = 0;
const newUser = () => createUser({ name: 'Test User', email: `user${++n}-${Date.now()}@example.com`, passwordHash: 'x' });
const settle = async (ps: Promise<unknown>[]) => {
  const rs = await Promise.allSettled(ps);
  const reasons = rs.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as Error);
  return { ok: rs.filter((r) => r.status === 'fulfilled').length, reasons };
};

describe('sign-in codes', () => {
  it('verify the account with the right code, once', async () => {
    const user = await newUser();
    await storeSignInCode(user.id, hashSignInCode(user.id, 'ABC234'));
    await consumeSignInCode(user.id, hashSignInCode(user.id, 'abc234'));
    expect((await getUserById(user.id))?.verified).toBe(true);
    await expect(consumeSignInCode(user.id, hashSignInCode(user.id, 'ABC234'))).rejects.toThrow(InvalidRequest);
  });

  it('expire after 10 minutes', async () => {
    const user = await newUser();
    const sentAt = Date.now() - SIGN_IN_CODE_TTL_MS - 1000;
    await storeSignInCode(user.id, hashSignInCode(user.id, 'ABC234'), sentAt);
    await expect(consumeSignInCode(user.id, hashSignInCode(user.id, 'ABC234'))).rejects.toThrow(InvalidRequest);
    expect((await getUserById(user.id))?.verified).toBe(false);
  });

  it('allow 5 tries: after 5 wrong codes even the right one is refused with 429', async () => {
    const user = await newUser();
    const right = hashSignInCode(user.id, 'RIGHT2');
    await storeSignInCode(user.id, right);
    for (let i = 0; i < 5; i++) await expect(consumeSignInCode(user.id, hashSignInCode(user.id, 'WRONG2'))).rejects.toThrow(InvalidRequest);
    await expect(consumeSignInCode(user.id, right)).rejects.toThrow(TooManyAttempts);
    expect((await getUserById(user.id))?.verified).toBe(false);
  });

  it('give 12 concurrent guesses exactly 5 comparisons', async () => {
    const user = await newUser();
    await storeSignInCode(user.id, hashSignInCode(user.id, 'RIGHT2'));
    const { ok, reasons } = await settle(Array.from({ length: 12 }, () => consumeSignInCode(user.id, hashSignInCode(user.id, 'WRONG2'))));
    expect(ok).toBe(0);
    expect(reasons.filter((r) => r instanceof InvalidRequest)).toHaveLength(5);
    expect(reasons.filter((r) => r instanceof TooManyAttempts)).toHaveLength(7);
  });

  it('work once when the right code arrives twice at the same time', async () => {
    const user = await newUser();
    const right = hashSignInCode(user.id, 'RIGHT2');
    await storeSignInCode(user.id, right);
    const { ok, reasons } = await settle([consumeSignInCode(user.id, right), consumeSignInCode(user.id, right), consumeSignInCode(user.id, right)]);
    expect(ok).toBe(1);
    for (const r of reasons) expect(r).toBeInstanceOf(InvalidRequest);
  });

  it('are not re-sent within 30 s; a new code then replaces the old one', async () => {
    const user = await newUser();
    const t0 = Date.now();
    expect(await storeSignInCode(user.id, hashSignInCode(user.id, 'FIRST2'), t0)).toBe(true);
    expect(await storeSignInCode(user.id, hashSignInCode(user.id, 'OTHER2'), t0 + SIGN_IN_CODE_RESEND_MS - 1)).toBe(false);
    expect(await storeSignInCode(user.id, hashSignInCode(user.id, 'NEWER2'), t0 + SIGN_IN_CODE_RESEND_MS)).toBe(true);
    await expect(consumeSignInCode(user.id, hashSignInCode(user.id, 'FIRST2'))).rejects.toThrow(InvalidRequest);
    await consumeSignInCode(user.id, hashSignInCode(user.id, 'NEWER2'));
  });
});

describe('reset links', () => {
  const link = async (user: User, now?: number) => {
    const token = newResetToken(user.id);
    if (!(await storeResetToken(user.id, hashResetToken(token), now))) throw new Error('link not stored');
    return hashResetToken(token);
  };

  it('set the password once, even when used twice at the same time', async () => {
    const user = await newUser();
    const hash = await link(user);
    const { ok, reasons } = await settle([consumeResetToken(user.id, hash, 'new-hash-1'), consumeResetToken(user.id, hash, 'new-hash-2')]);
    expect(ok).toBe(1);
    expect(reasons[0]).toBeInstanceOf(InvalidRequest);
    expect(['new-hash-1', 'new-hash-2']).toContain((await getUserById(user.id))?.passwordHash);
    await expect(consumeResetToken(user.id, hash, 'again')).rejects.toThrow(InvalidRequest);
  });

  it('expire after 1 hour', async () => {
    const user = await newUser();
    const hash = await link(user, Date.now() - 61 * 60_000);
    await expect(consumeResetToken(user.id, hash, 'h')).rejects.toThrow(InvalidRequest);
    expect((await getUserById(user.id))?.passwordHash).toBe('x');
  });

  it('stop working when a newer link is sent', async () => {
    const user = await newUser();
    const older = await link(user, Date.now() - 31_000); // sent 31 s ago, so a new one may go out
    const newer = await link(user);
    await expect(consumeResetToken(user.id, older, 'h')).rejects.toThrow(InvalidRequest);
    await consumeResetToken(user.id, newer, 'h2');
  });

  it('go out at most once per 30 s per account', async () => {
    const user = await newUser();
    const first = await link(user);
    await expect(link(user)).rejects.toThrow('link not stored');
    await consumeResetToken(user.id, first, 'h'); // the first one still works
  });

  it('forget the sign-in failures of the account and of the address the reset came from', async () => {
    const user = await newUser();
    const [pair, address, account] = signInCounters(user.email, '203.0.113.9');
    for (let i = 0; i < 6; i++) await Promise.all([takeTry(pair!), takeTry(address!), takeTry(account!)]);
    expect(await waitOf([pair!])).toBeGreaterThan(0);
    await consumeResetToken(user.id, await link(user), 'h', resetForgetsSteps(user.email, '203.0.113.9'));
    expect(await waitOf([pair!, account!])).toBe(0);
    // The address's count across accounts is not the owner's to forget.
    expect(await waitOf([address!])).toBe(0);
    expect(await hitsAfter(address!)).toBe(7);
  });
});

/** Takes a try and answers the count it left, or -1 when the counter refused it. */
async function hitsAfter(c: Counter, now = Date.now()): Promise<number> {
  const result = await takeTry(c, now);
  return 'taken' in result ? result.taken.after.hits : -1;
}

describe('rate counters', () => {
  const limit: Limit = { name: 'test', free: 3, forgetMs: 10 * 60_000, maxDelayMs: 60_000 };
  const counter = () => ({ limit, subject: `s${++n}` });

  it('let the free tries follow one another, then refuse for 2, 4, 8 s ... up to the cap, taking nothing while refusing', async () => {
    const c = counter();
    const t0 = Date.now();
    for (let i = 0; i < 2; i++) await takeTry(c, t0 + i);
    expect(await waitOf([c], t0 + 2)).toBe(0);
    expect(await hitsAfter(c, t0 + 10)).toBe(3);
    expect(await waitOf([c], t0 + 10)).toBe(2_000);
    expect(await takeTry(c, t0 + 1_010)).toEqual({ waitMs: 1_000 });
    expect(await waitOf([c], t0 + 2_010)).toBe(0);
    expect(await hitsAfter(c, t0 + 2_010)).toBe(4);
    expect(await waitOf([c], t0 + 2_010)).toBe(4_000);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => delayAfter(limit, n))).toEqual([0, 0, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000]);
    expect(delayAfter(LIMITS.signInPair, 1_000)).toBe(15 * 60_000);
  });

  it('forget after a quiet spell as long as forgetMs, not while tries keep coming', async () => {
    const c = counter();
    const t0 = Date.now() - 60 * 60_000;
    for (let i = 0; i < 5; i++) await takeTry(c, t0 + i * 5 * 60_000); // every 5 minutes: never quiet for 10
    expect(await hitsAfter(c, t0 + 25 * 60_000)).toBe(6);
    expect(await hitsAfter(c, t0 + 35 * 60_000 + 1)).toBe(1);
  });

  it('take exactly the free tries of a burst of concurrent ones, and refuse the rest with the wait', async () => {
    const c = counter();
    const now = Date.now();
    const results = await Promise.all(Array.from({ length: 12 }, () => takeTry(c, now)));
    expect(results.filter((r) => 'taken' in r)).toHaveLength(limit.free);
    expect(results.filter((r) => 'waitMs' in r).map((r) => ('waitMs' in r ? r.waitMs : 0))).toEqual(Array(12 - limit.free).fill(2_000));
    expect(await waitOf([c], now)).toBe(2_000);
  });

  it('give a try back: the counter as it was when nothing changed it since, one less otherwise', async () => {
    const c = counter();
    const now = Date.now();
    const taken: Take[] = [];
    for (let i = 0; i < limit.free; i++) {
      const result = await takeTry(c, now);
      if ('taken' in result) taken.push(result.taken);
    }
    expect(await waitOf([c], now)).toBe(2_000);
    await giveBack(taken[2]!);
    expect(await waitOf([c], now)).toBe(0);
    expect(await hitsAfter(c, now)).toBe(3);
    // Given back after a later try changed the count: one less, and back under the free tries, no wait.
    await giveBack(taken[0]!);
    expect(await waitOf([c], now)).toBe(0);
    expect(await hitsAfter(c, now)).toBe(3);
    // Above the free tries, the later try's wait stays.
    expect(await hitsAfter(c, now + 2_000)).toBe(4);
    await giveBack(taken[1]!);
    expect(await waitOf([c], now + 2_000)).toBe(4_000);
    // A fresh count given back leaves no counter.
    const d = counter();
    const first = await takeTry(d, now);
    await giveBack('taken' in first ? first.taken : (undefined as never));
    expect(await hitsAfter(d, now)).toBe(1);
  });

  it('answer the longest wait of several counters, and forget one when cleared', async () => {
    const [a, b] = [counter(), counter()];
    const now = Date.now();
    for (let i = 0; i < 3; i++) await takeTry(a, now - 2_000);
    await takeTry(a, now);
    for (let i = 0; i < 3; i++) await takeTry(b, now);
    expect(await waitOf([a, b], now)).toBe(4_000);
    await clearCounter(a);
    expect(await waitOf([a, b], now)).toBe(2_000);
  });

  it("keep every limit's refusal within its memory, the account's looser than the address's and the pair's", () => {
    for (const l of Object.values(LIMITS)) expect(l.maxDelayMs, l.name).toBeLessThanOrEqual(l.forgetMs);
    expect(LIMITS.signInAccount.free).toBeGreaterThan(LIMITS.signInAddress.free);
    expect(LIMITS.signInAddress.free).toBeGreaterThan(LIMITS.signInPair.free);
  });
});

describe('through the local front', () => {
  let front: Front;
  beforeAll(async () => {
    front = await startFront({ port: 0, spa: 'none' });
  });
  afterAll(() => front.close());
  const post = (path: string, body: unknown, token?: string) =>
    fetch(front.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });

  it('answers 401 five times, then 429, to wrong passwords; the same 401 for an unknown email', async () => {
    const email = `front${Date.now()}@example.com`;
    const reg = await post('/auth/register', { name: 'Front Test', email, password: 'Str0ng!pass', recaptchaToken: 't' });
    expect(reg.status).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post('/auth/login', { email, password: 'Wrong!pass1', recaptchaToken: 't' })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const locked = await post('/auth/login', { email, password: 'Str0ng!pass', recaptchaToken: 't' });
    expect(locked.status).toBe(429);
    const unknown = await post('/auth/login', { email: `nobody${Date.now()}@example.com`, password: 'Wrong!pass1', recaptchaToken: 't' });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ message: 'Invalid email or password' });
  });

  it('keeps the sign-in token away from user routes until the code is verified', async () => {
    const email = `gate${Date.now()}@example.com`;
    const reg = (await (await post('/auth/register', { name: 'Gate Test', email, password: 'Str0ng!pass', recaptchaToken: 't' })).json()) as { token: string };
    const orders = await fetch(`${front.url}/shipping/orders`, { headers: { authorization: `Bearer ${reg.token}` } });
    expect(orders.status).toBe(403);
    const user = (await (await fetch(`${front.url}/auth/profile`, { headers: { authorization: `Bearer ${reg.token}` } })).json()) as unknown;
    expect(user).toEqual({ message: 'Enter the code we sent to your email first' });
  });
});
