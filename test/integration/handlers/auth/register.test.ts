/** POST /auth/register against DynamoDB Local: the stored account, its code, and every refusal leaving the table as it was. */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getStats } from '../../../../functions/data/stats';
import { getUserByEmail, getUserById } from '../../../../functions/data/users';
import { verifySessionToken } from '../../../../functions/http/tokens';
import { verifyPassword } from '../../../../functions/security/passwords';
import { installFaultInjector } from '../../reliability/helpers';
import { invoke, mailedCodes, PASSWORD, scanTable } from '../../security/actors';
import { withoutWrites } from '../table-changes';

const captcha = vi.hoisted(() => ({ verify: vi.fn(), challenge: vi.fn() }));
vi.mock('../../../../functions/providers/registry/captcha', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../functions/providers/registry/captcha')>()),
  getCaptcha: () => captcha,
}));

const faults = installFaultInjector();
afterAll(() => faults.remove());
beforeEach(() => {
  captcha.verify.mockReset().mockResolvedValue(true);
});

let n = 0;
const body = (over: Record<string, unknown> = {}) => ({
  name: ' Ann Lee ',
  email: `Ann${++n}@Example.COM`,
  password: PASSWORD,
  recaptchaToken: 'solved-captcha',
  ...over,
});
const register = (b: unknown) => invoke('POST /auth/register', { body: b });
/** A cancelled transaction, one reason code per item. */
function cancelled(...codes: string[]) {
  return new TransactionCanceledException({ message: 'Transaction cancelled (injected)', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });
}
const HIDDEN_500 = { message: 'Something went wrong. Please try again.', requestId: expect.any(String) };

describe('POST /auth/register', () => {
  it('creates the account and answers 201 with a sign-in token and the user', async () => {
    const sent = body();
    const res = await register(sent);

    expect(res.statusCode).toBe(201);
    const { message, token, user } = res.json as { message: string; token: string; user: { id: string } };
    expect(message).toBe('Account created. Enter the code we sent to your email.');
    expect(user).toEqual({
      id: expect.stringMatching(/^[0-9A-Z]{26}$/),
      name: 'Ann Lee',
      email: sent.email,
      role: 'user',
      isVerified: false,
      balance: 0,
      balanceCents: 0,
      held: 0,
      heldCents: 0,
      notifications: { delivered: true, exception: true, unused: false },
      available: 0,
      availableCents: 0,
      createdAt: expect.any(String),
    });
    expect(await verifySessionToken(token)).toEqual({ userId: user.id, role: 'user', scope: 'otp' });
    expect(res.body).not.toContain('passwordHash');
    expect(captcha.verify).toHaveBeenCalledWith('solved-captcha', '127.0.0.1');
  });

  it('stores the account under the lower-cased email with a hash of the password, and counts the user', async () => {
    const usersBefore = (await getStats()).users;
    const sent = body();
    const { user } = (await register(sent)).json as { user: { id: string } };

    const stored = await getUserByEmail(sent.email.toLowerCase());
    expect(stored).toMatchObject({ id: user.id, name: 'Ann Lee', role: 'user', verified: false, balanceCents: 0 });
    expect(await getUserById(user.id)).toEqual(stored);
    expect(stored?.passwordHash).not.toContain(PASSWORD);
    expect(await verifyPassword(PASSWORD, stored?.passwordHash ?? '')).toBe(true);
    expect((await getStats()).users).toBe(usersBefore + 1);
  });

  it('mails a sign-in code that verifies the account, and stores only its hash', async () => {
    const sent = body();
    const { token } = (await register(sent)).json as { token: string };

    const codes = await mailedCodes(sent.email);
    expect(codes).toHaveLength(1);
    const code = codes[0]!;
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    // The code is nowhere in the table but in the mail itself.
    expect((await scanTable()).filter((line) => line.includes(code) && !line.includes('"OUTBOX#'))).toEqual([]);
    const verified = await invoke('POST /auth/verify-otp', { token, body: { email: sent.email, otp: code } });
    expect(verified.statusCode).toBe(200);
  });

  it('refuses an unsolved captcha with 400 on recaptchaToken and writes nothing', async () => {
    captcha.verify.mockResolvedValue(false);
    const res = await withoutWrites(() => register(body()));

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: "Please verify you're not a robot", fields: { recaptchaToken: "Please verify you're not a robot" } });
  });

  it('answers 409 for a taken email in any case, writes nothing and mails nothing', async () => {
    const first = body();
    await register(first);
    const res = await withoutWrites(() => register(body({ email: first.email.toUpperCase(), name: 'Mallory' })));

    expect(res.statusCode).toBe(409);
    expect(res.json).toEqual({ message: 'Email already registered' });
    expect(await mailedCodes(first.email)).toHaveLength(1);
    expect((await getUserByEmail(first.email))?.name).toBe('Ann Lee');
  });

  it('answers 400 with a message per field for an invalid body, before the captcha or the table', async () => {
    const res = await withoutWrites(() => register({ name: 'A', email: 'not-an-email', password: 'weakpass' }));

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
  });

  it.each([
    ['the table throttles', 'throughput'],
    ['the transaction is cancelled for a reason other than the email claim', cancelled('ThrottlingError', 'None')],
  ] as const)('answers a plain 500 without DynamoDB detail when %s, creating and mailing nothing', async (_what, kind) => {
    const sent = body();
    faults.armOn('TransactWriteItemsCommand', kind);
    const res = await withoutWrites(() => register(sent)).finally(() => faults.stop());

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
    expect(res.body).not.toMatch(/injected|Provisioned|Transaction/);
    expect(await getUserByEmail(sent.email)).toBeUndefined();
    expect(await mailedCodes(sent.email)).toEqual([]);
  });
});
