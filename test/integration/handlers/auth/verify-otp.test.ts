/**
 * POST /auth/verify-otp against DynamoDB Local: a real mailed code, its tries and expiry, the account
 * marked verified, and wrong codes counted per account and per address (brute-force.test.ts has the limits).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGN_IN_CODE_TTL_MS } from '../../../../functions/data/one-time-codes';
import { createUser, getUserById } from '../../../../functions/data/users';
import { signSessionToken } from '../../../session-token';
import { verifySessionToken } from '../../../../functions/http/tokens';
import { invoke, mailedCodes, newAccount } from '../../security/actors';
import { changesOf, pkOf, withoutWrites } from '../table-changes';

const INVALID = { message: 'Invalid or expired OTP. Please try again.' };

interface Pending {
  id: string;
  email: string;
  otpToken: string;
  code: string;
}

let n = 0;
/** Each test calls from an address of its own, so the per-address counts start at 0. */
let address = '';
/** An unverified account that asked for a code: its sign-in token and the code it was mailed. */
async function pending(): Promise<Pending> {
  const user = await createUser({ name: 'Ann Lee', email: `verify-${++n}-${Date.now()}@example.com`, passwordHash: 'x' });
  const otpToken = await signSessionToken({ userId: user.id, role: 'user', scope: 'otp' });
  const sent = await invoke('POST /auth/send-otp', { token: otpToken, body: { email: user.email }, sourceIp: address });
  if (sent.statusCode !== 200) throw new Error(`no code: ${sent.body}`);
  const [code] = await mailedCodes(user.email);
  return { id: user.id, email: user.email, otpToken, code: code! };
}

let ann: Pending;
beforeEach(async () => {
  address = `192.0.2.${++n % 250}`;
  ann = await pending();
});
afterEach(() => {
  vi.useRealTimers();
});

const verify = (otp: string, over: { token?: string; email?: string } = {}) =>
  invoke('POST /auth/verify-otp', { token: over.token ?? ann.otpToken, body: { email: over.email ?? ann.email, otp }, sourceIp: address });
/** Spends `times` tries with a wrong code. */
const wrong = async (times: number) => {
  for (let i = 0; i < times; i++) expect((await verify(ann.code === 'ABCDEF' ? 'ABCDEG' : 'ABCDEF')).statusCode).toBe(400);
};

describe('POST /auth/verify-otp', () => {
  it('answers a full-scope token and the verified user for the right code, and marks the account verified', async () => {
    const res = await verify(ann.code);

    expect(res.statusCode).toBe(200);
    const { message, token, user } = res.json as { message: string; token: string; user: Record<string, unknown> };
    expect(message).toBe('Verified');
    expect(await verifySessionToken(token)).toEqual({ userId: ann.id, role: 'user', scope: 'full', sessionId: expect.any(String) });
    expect(user).toMatchObject({ id: ann.id, email: ann.email, isVerified: true, balanceCents: 0 });
    expect((await getUserById(ann.id))?.verified).toBe(true);
  });

  it('works once: the same code again is refused', async () => {
    expect((await verify(ann.code)).statusCode).toBe(200);
    const again = await verify(ann.code);

    expect(again.statusCode).toBe(400);
    expect(again.json).toEqual(INVALID);
  });

  it('works once when the right code arrives twice at the same time', async () => {
    const answers = await Promise.all([verify(ann.code), verify(ann.code)]);

    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  it('accepts the code in lower case', async () => {
    expect((await verify(ann.code.toLowerCase())).statusCode).toBe(200);
  });

  it('also takes a full-scope token', async () => {
    const token = await signSessionToken({ userId: ann.id, role: 'user', scope: 'full' });
    expect((await verify(ann.code, { token })).statusCode).toBe(200);
  });

  it('answers 400 for a wrong code and keeps the code, which then still works', async () => {
    const res = await verify('ABCDEF' === ann.code ? 'ABCDEG' : 'ABCDEF');

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual(INVALID);
    expect((await getUserById(ann.id))?.verified).toBe(false);
    expect((await verify(ann.code)).statusCode).toBe(200);
  });

  it('answers 429 once the 5 tries of a live code are spent, even to the right code', async () => {
    await wrong(5);
    const res = await verify(ann.code);

    expect(res.statusCode).toBe(429);
    expect(res.json).toEqual({ message: 'Too many wrong codes. Request a new code.' });
    expect((await getUserById(ann.id))?.verified).toBe(false);
  });

  it('answers 400 for an expired code, even one whose tries are spent', async () => {
    const fresh = ann;
    const spent = (ann = await pending());
    await wrong(5);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SIGN_IN_CODE_TTL_MS + 1_000 });

    for (const who of [fresh, spent]) {
      ann = who;
      const res = await verify(who.code);
      expect(res.statusCode).toBe(400);
      expect(res.json).toEqual(INVALID);
      expect((await getUserById(who.id))?.verified).toBe(false);
    }
  });

  it('answers 400 when there is no code, counting the guess on the account and the address only', async () => {
    const user = await newAccount('user', 'nocode');
    const { result: res, written } = await changesOf(() => verify('ABCDEF', { token: user.otpToken, email: user.email }));

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual(INVALID);
    expect(written.map(pkOf).sort()).toEqual([`LIMIT#code-account#${user.id}`, `LIMIT#code-address#${address}`]);
  });

  it('answers 403 for the email of another account without spending a try', async () => {
    const bob = await pending();
    await wrong(4);
    const res = await withoutWrites(() => verify(ann.code, { email: bob.email }));

    expect(res.statusCode).toBe(403);
    expect(res.json).toEqual({ message: 'This code is for another account' });
    // The 5th try is still there.
    expect((await verify(ann.code)).statusCode).toBe(200);
  });

  it('answers 401 without a token and writes nothing', async () => {
    const res = await withoutWrites(() => invoke('POST /auth/verify-otp', { body: { email: ann.email, otp: ann.code } }));

    expect(res.statusCode).toBe(401);
  });

  it('answers 400 on the otp field for a code that is not 6 letters or digits, without spending a try', async () => {
    await wrong(4);
    const res = await withoutWrites(() => verify('K7-X2M'));

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Enter the 6-character code', fields: { otp: 'Enter the 6-character code' } });
    expect((await verify(ann.code)).statusCode).toBe(200);
  });
});
