/**
 * GET /auth/users (admins) against DynamoDB Local: the accounts this file made, newest first, paged
 * by a cursor that only ever names a key of the list. The file's table holds only its own accounts.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../../functions/data/users';
import { signSessionToken } from '../../../session-token';
import { invoke, newAccount, type Account } from '../../security/actors';
import { creditWallet } from '../../wallet-credit';
import { withoutWrites } from '../table-changes';

const freshTokens = async (account: Account): Promise<Account> => {
  const claims = { userId: account.id, role: account.role };
  return { ...account, token: await signSessionToken({ ...claims, scope: 'full' }), otpToken: await signSessionToken({ ...claims, scope: 'otp' }) };
};

let admin: Account;
let ann: Account;
let bob: Account;
beforeAll(async () => {
  // Distinct creation times, so "newest first" has one answer.
  const start = Date.parse('2025-01-02T03:04:05.000Z');
  vi.useFakeTimers({ toFake: ['Date'], now: start });
  admin = await newAccount('admin', 'list');
  vi.setSystemTime(start + 60_000);
  ann = await newAccount('user', 'list');
  vi.setSystemTime(start + 120_000);
  bob = await newAccount('user', 'list');
  vi.useRealTimers();
  // Tokens signed at a 2025 clock have expired: sign them again now.
  admin = await freshTokens(admin);
  ann = await freshTokens(ann);
  bob = await freshTokens(bob);
  await creditWallet(bob, 99);
});
afterAll(() => {
  vi.useRealTimers();
});

const listUsers = (query: Record<string, string> = {}, token = admin.token) => withoutWrites(() => invoke('GET /auth/users', { token, query }));
const page = (res: { json?: unknown }) => res.json as { users: Record<string, unknown>[]; nextCursor: string | null };

describe('GET /auth/users', () => {
  it('answers one page of users, newest first, as the API shows users (no password hash)', async () => {
    const res = await listUsers({ limit: '2' });

    expect(res.statusCode).toBe(200);
    expect(page(res).users).toEqual([
      {
        id: bob.id,
        name: bob.name,
        email: bob.email,
        role: 'user',
        isVerified: true,
        labelFormat: { format: 'pdf', dpi: 203 },
        balance: 0.99,
        balanceCents: 99,
        held: 0,
        heldCents: 0,
        disputed: 0,
        disputedCents: 0,
        notifications: { delivered: true, exception: true, unused: false },
        available: 0.99,
        availableCents: 99,
        createdAt: bob.createdAt,
      },
      {
        id: ann.id,
        name: ann.name,
        email: ann.email,
        role: 'user',
        isVerified: true,
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
        createdAt: ann.createdAt,
      },
    ]);
    expect(page(res).nextCursor).toEqual(expect.any(String));
    expect(res.body).not.toContain('passwordHash');
  });

  it('continues after the key its cursor names, and answers a null cursor on the last page', async () => {
    const first = page(await listUsers({ limit: '2' }));
    const second = page(await listUsers({ limit: '2', cursor: first.nextCursor! }));

    expect(second.users.map((u) => u.id)).toEqual([admin.id]);
    expect(second.nextCursor).toBeNull();
  });

  it.each([
    ['garbage', '!!not base64 json!!'],
    ['a JSON array', Buffer.from('[1]').toString('base64url')],
    ['an attribute that is not a key', Buffer.from(JSON.stringify({ passwordHash: 'x' })).toString('base64url')],
    ['an empty key', Buffer.from('{}').toString('base64url')],
    ['the key of another list', Buffer.from(JSON.stringify({ pk: 'USER#x', sk: 'ADDR#y', gsi1pk: 'ORDERS', gsi1sk: 'z' })).toString('base64url')],
  ])('answers 400 Invalid cursor for %s', async (_what, cursor) => {
    const res = await listUsers({ cursor });

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Invalid cursor' });
  });

  it.each(['0', '101', '-1', '2.5', 'ten', ''])('answers 400 on the limit field for limit=%s', async (limit) => {
    const res = await listUsers({ limit });

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'limit must be a number from 1 to 100', fields: { limit: 'limit must be a number from 1 to 100' } });
  });

  it('accepts the limits 1 and 100', async () => {
    expect(page(await listUsers({ limit: '1' })).users).toHaveLength(1);
    expect(page(await listUsers({ limit: '100' })).users).toHaveLength(3);
  });

  it('answers 403 to a user who is not an admin', async () => {
    const res = await listUsers({}, ann.token);

    expect(res.statusCode).toBe(403);
  });

  it('answers 403 to an admin sign-in token that has not passed the code step', async () => {
    expect((await listUsers({}, admin.otpToken)).statusCode).toBe(403);
  });

  // Last: it adds accounts to the file's table.
  it('reads 50 users per page by default', async () => {
    for (let i = 3; i < 51; i++) await createUser({ name: `Filler ${i}`, email: `filler-${i}-${Date.now()}@example.com`, passwordHash: 'x' });
    const first = page(await listUsers());
    const second = page(await listUsers({ cursor: first.nextCursor! }));

    expect(first.users).toHaveLength(50);
    expect(second.users.map((u) => u.id)).toEqual([admin.id]);
    expect(second.nextCursor).toBeNull();
  });
});
