/** POST /auth/register against DynamoDB Local: the stored account, its code, and every refusal leaving the table as it was. */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { listOutbox } from '../../../../functions/data/outbox';
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
    expect(message).toBe('Check your email for a code to finish signing up.');
    expect(user).toEqual({
      id: expect.stringMatching(/^[0-9A-Z]{26}$/),
      name: 'Ann Lee',
      email: sent.email,
      role: 'user',
      isVerified: false,
      labelFormat: { format: 'pdf', dpi: 203 },
      balance: 0,
      balanceCents: 0,
      held: 0,
      heldCents: 0,
      disputed: 0,
      disputedCents: 0,
      notifications: { delivered: true, exception: true, unused: false },
      available: 0,
      availableCents: 0,
      createdAt: expect.any(String),
    });
    expect(await verifySessionToken(token)).toEqual({ userId: user.id, role: 'user', scope: 'otp', sessionId: expect.any(String) });
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

  it('answers a taken email (any case) exactly as a new one, makes no account, and mails the owner a notice instead of a code', async () => {
    const first = body();
    await register(first);
    const taken = await register(body({ email: first.email.toUpperCase(), name: 'Mallory' }));
    const fresh = await register(body({ name: 'Mallory' }));

    // The same status, the same answer's shape and message, field by field but the id, email and times.
    expect(taken.statusCode).toBe(201);
    expect(fresh.statusCode).toBe(201);
    const shape = (res: typeof taken) => {
      const { token, user, ...rest } = res.json as { token: string; user: Record<string, unknown> };
      return {
        ...rest,
        tokenParts: token.split('.').length,
        user: { ...user, id: typeof user.id, email: typeof user.email, createdAt: typeof user.createdAt },
      };
    };
    expect(shape(taken)).toEqual(shape(fresh));
    expect(Object.keys(taken.headers ?? {}).sort()).toEqual(Object.keys(fresh.headers ?? {}).sort());
    // No account for the attacker: the owner's account is as it was, and the answer's id has none.
    expect((await getUserByEmail(first.email))?.name).toBe('Ann Lee');
    expect(await getUserById((taken.json?.user as { id: string }).id)).toBeUndefined();
    // The owner gets no code (only the one of their own sign-up) and one notice with our links, without the typed name.
    expect(await mailedCodes(first.email)).toHaveLength(1);
    const notices = (await listOutbox({ to: first.email })).filter((m) => m.subject === 'Someone tried to sign up with your address');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('/forgot-password');
    expect(notices[0]!.text).not.toContain('Mallory');
  });

  it('lets no code route tell a taken email from a new one: send-otp, resend-otp and verify-otp answer alike', async () => {
    const owner = body();
    await register(owner);
    const taken = (await register(body({ email: owner.email }))).json as { token: string };
    const freshBody = body();
    const fresh = (await register(freshBody)).json as { token: string };
    const both = async (call: (token: string, email: string) => ReturnType<typeof invoke>) => {
      const [a, b] = [await call(taken.token, owner.email), await call(fresh.token, freshBody.email)];
      return [
        { status: a.statusCode, body: a.json, retry: a.headers?.['retry-after'] },
        { status: b.statusCode, body: b.json, retry: b.headers?.['retry-after'] },
      ];
    };
    const same = async (call: (token: string, email: string) => ReturnType<typeof invoke>) => {
      const [a, b] = await both(call);
      expect(a).toEqual(b);
      return a!;
    };

    // Within 30 s of the first code: the same 429 for both.
    expect((await same((token, email) => invoke('POST /auth/send-otp', { token, body: { email } }))).status).toBe(429);
    expect((await same((token, email) => invoke('POST /auth/resend-otp', { token, body: { email } }))).status).toBe(429);
    // Wrong codes: the same 400 five times, then the same "request a new code".
    for (let i = 0; i < 5; i++)
      expect((await same((token, email) => invoke('POST /auth/verify-otp', { token, body: { email, otp: 'ZZZZZ9' } }))).status).toBe(400);
    expect((await same((token, email) => invoke('POST /auth/verify-otp', { token, body: { email, otp: 'ZZZZZ9' } }))).status).toBe(429);
    // Another account's email: the same 403. Any other route: the same 403 (the code step is not passed).
    expect((await same((token) => invoke('POST /auth/send-otp', { token, body: { email: 'someone-else@example.com' } }))).status).toBe(403);
    expect((await same((token) => invoke('GET /auth/profile', { token }))).status).toBe(403);
    // The owner was mailed one notice, no code.
    expect(await mailedCodes(owner.email)).toHaveLength(1);
  });

  it('mails the owner of a taken email a few notices, then stops, while the answers stay the same', async () => {
    const owner = body();
    await register(owner);
    for (let i = 0; i < 6; i++) expect((await register(body({ email: owner.email }))).statusCode).toBe(201);
    const notices = (await listOutbox({ to: owner.email })).filter((m) => m.subject === 'Someone tried to sign up with your address');
    expect(notices.length).toBeLessThanOrEqual(4);
    expect(notices.length).toBeGreaterThanOrEqual(3);
  });

  it.each([
    ['a line break', 'Ann\nClick here'],
    ['a link', 'Ann https://evil.example/login'],
    ['www.', 'Ann www.evil'],
    ['a bare domain', 'Ann evil-login.com'],
  ])('refuses a name with %s (400 on name), writes nothing and mails nothing', async (_what, name) => {
    const sent = body({ name });
    const res = await withoutWrites(() => register(sent));

    expect(res.statusCode).toBe(400);
    expect(Object.keys((res.json as { fields: Record<string, string> }).fields)).toEqual(['name']);
    expect(await listOutbox({ to: sent.email })).toEqual([]);
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
