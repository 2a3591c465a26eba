/**
 * The admin dashboard's figures against DynamoDB Local: they move inside the same transactions as
 * the users, money and labels they count, so after any mix of sign-ups, top-ups, purchases and
 * refunds they equal what a full count of the table would say. Each file has its own table, so
 * the figures start at zero here.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../functions/config';
import { getStats } from '../../functions/data/stats';
import type { User } from '../../domain/api/users';
import { createUser, getUserById } from '../../functions/data/users';
import { signSessionToken } from '../session-token';
import { startFront, type Front } from '../../infra/local/server';
import { sampleLabelOrder } from '../fixtures/label-order';
import { creditWallet } from './wallet-credit';

let front: Front;
beforeAll(async () => {
  front = await startFront({ port: 0, spa: 'none' });
});
afterAll(() => front.close());
afterEach(() => {
  vi.unstubAllEnvs();
  resetConfigForTests();
});

let n = 0;
const newUser = async (role: 'user' | 'admin' = 'user') => {
  const user = await createUser({ name: 'Stats User', email: `stats${++n}@example.com`, passwordHash: 'x', verified: true, role });
  return { ...user, token: await signSessionToken({ userId: user.id, role, scope: 'full' }) };
};
const buy = (user: { token: string }, key: string) =>
  fetch(`${front.url}/shipping/create-label`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}`, 'idempotency-key': key },
    body: JSON.stringify(sampleLabelOrder()),
  });
const balanceOf = async (user: User) => (await getUserById(user.id, { consistent: true }))?.balanceCents ?? NaN;

describe('admin stats', () => {
  it('count users, top-ups, labels and balances exactly through purchases and refunds', async () => {
    const admin = await newUser('admin');
    const ann = await newUser();
    const bo = await newUser();
    await creditWallet(ann, 2500);
    await creditWallet(bo, 1000);
    await creditWallet(bo, 500);

    expect((await buy(ann, 'a1')).status).toBe(201);
    expect((await buy(ann, 'a1')).status).toBe(201); // the same key again buys nothing more
    expect((await buy(bo, 'b1')).status).toBe(201);

    // The carrier is down for Bo's second label: the debit is refunded, no label is counted.
    vi.stubEnv('CARRIER_PROVIDER', 'easypost');
    vi.stubEnv('EASYPOST_API_KEY', 'EZTK-test');
    vi.stubEnv('EASYPOST_API_URL', 'http://127.0.0.1:9');
    resetConfigForTests();
    expect((await buy(bo, 'b2')).status).toBe(502);

    const balances = (await Promise.all([admin, ann, bo].map(balanceOf))).reduce((a, b) => a + b, 0);
    expect(balances).toBe(2500 + 1500 - 2 * 600);

    const res = await fetch(`${front.url}/admin/stats`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(await res.json()).toMatchObject({
      users: 3,
      labels: { total: 2, last7Days: 2 },
      topUps: { last7Days: { count: 3, cents: 4000, dollars: 40 } },
      balances: { cents: balances, dollars: balances / 100 },
      window: { to: today },
    });
  });

  it('refuses users who are not admins', async () => {
    const user = await newUser();
    const res = await fetch(`${front.url}/admin/stats`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(res.status).toBe(403);
  });

  it('counts only the last 7 days in the window', async () => {
    const before = await getStats();
    expect(before.window.labels).toBeGreaterThan(0); // the first test bought labels today
    const eightDaysLater = new Date(Date.now() + 8 * 86_400_000);
    const later = await getStats(eightDaysLater);
    expect(later.labels).toBe(before.labels);
    expect(later.window).toMatchObject({ labels: 0, topUps: 0, topUpCents: 0 });
  });
});
