/**
 * The wallet against DynamoDB Local, through the local front's real HTTP path and the sandbox
 * providers: replays, forgeries and cross-user events never create or lose a cent, and after every
 * scenario each user's completed ledger entries sum to the balance.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../../functions/config';
import { getLocalCheckout } from '../../functions/data/local-checkouts';
import type { User } from '../../domain/api/users';
import { createUser } from '../../functions/data/users';
import { signSessionToken } from '../session-token';
import { getCardCheckout } from '../../functions/providers/registry/payments';
import { hoodpaySandboxWebhookPayload } from '../../functions/providers/payments/sandbox-checkout';
import { stripeSandboxEvent } from '../../functions/providers/payments/sandbox-stripe-event';
import { startFront, type Front } from '../../infra/local/server';
import { expectLedgerInvariant, ledgerOf } from './ledger-invariant';

let front: Front;
beforeAll(async () => {
  front = await startFront({ port: 0, spa: 'none' });
  // Checkout URLs and webhook addresses point at this front; the configuration is read once.
  process.env.APP_URL = front.url;
  resetConfigForTests();
});
afterAll(() => front.close());

let n = 0;
async function newUser(): Promise<User & { token: string }> {
  const user = await createUser({ name: 'Wallet User', email: `wallet${++n}-${Date.now()}@example.com`, passwordHash: 'x', verified: true });
  return { ...user, token: await signSessionToken({ userId: user.id, role: 'user', scope: 'full' }) };
}

const api = (path: string, init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string>; raw?: string } = {}) =>
  fetch(front.url + path, {
    method: init.method ?? (init.body !== undefined || init.raw !== undefined ? 'POST' : 'GET'),
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...init.headers },
    body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });

/** Starts a card top-up and returns the sandbox checkout behind it. */
async function cardTopUp(user: { token: string }, amount: number) {
  const res = await api('/stripe/create-checkout-session', { token: user.token, body: { amount } });
  expect(res.status).toBe(200);
  const { id, url } = (await res.json()) as { id: string; url: string };
  expect(url).toBe(`${front.url}/_local/checkout/${id}`);
  const checkout = await getLocalCheckout(id);
  if (!checkout) throw new Error('no sandbox checkout');
  return checkout;
}

const postStripe = (payload: string, signatureHeader: string) => api('/stripe/webhook', { raw: payload, headers: { 'stripe-signature': signatureHeader } });

describe('card top-ups through the Stripe webhook', () => {
  it('credits once when one event is delivered 20 times at once', async () => {
    const user = await newUser();
    const checkout = await cardTopUp(user, 25);
    const { payload, signatureHeader } = stripeSandboxEvent(checkout, 'paid');
    const statuses = await Promise.all(Array.from({ length: 20 }, () => postStripe(payload, signatureHeader).then((r) => r.status)));
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await expectLedgerInvariant(user.id)).toBe(2500);
    const { entries } = await ledgerOf(user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ status: 'completed', amountCents: 2500, type: 'topup', creditType: 'Card', provider: 'stripe' });
  });

  it('credits once when two different events complete the same entry', async () => {
    const user = await newUser();
    const checkout = await cardTopUp(user, 10);
    const first = stripeSandboxEvent(checkout, 'paid');
    const second = stripeSandboxEvent(checkout, 'paid'); // a new event id for the same session
    await Promise.all([postStripe(first.payload, first.signatureHeader), postStripe(second.payload, second.signatureHeader)]);
    expect(await expectLedgerInvariant(user.id)).toBe(1000);
  });

  it('changes nothing for a forged signature, a stale timestamp or a tampered body', async () => {
    const user = await newUser();
    const checkout = await cardTopUp(user, 40);
    const { payload } = stripeSandboxEvent(checkout, 'paid');
    const secret = getCardCheckout().webhookSecret();
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' });
    const stale = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(Date.now() / 1000) - 600 });
    const good = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    const tampered = payload.replace('"amount_total":4000', '"amount_total":400000');
    expect(tampered).not.toBe(payload);
    for (const [body, header] of [
      [payload, forged],
      [payload, stale],
      [tampered, good],
      [payload, ''],
    ] as const) {
      const res = await postStripe(body, header);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'Invalid signature' });
    }
    expect(await expectLedgerInvariant(user.id)).toBe(0);
    expect((await ledgerOf(user.id)).entries[0]?.status).toBe('pending');
  });

  it("cannot complete another user's pending entry", async () => {
    const owner = await newUser();
    const other = await newUser();
    const checkout = await cardTopUp(owner, 30);
    // A validly signed event whose metadata names the other user with the owner's entry...
    const aimed = stripeSandboxEvent({ ...checkout, userId: other.id }, 'paid');
    expect((await postStripe(aimed.payload, aimed.signatureHeader)).status).toBe(200);
    // ...or the owner's ids with another paying customer.
    const mixed = stripeSandboxEvent(checkout, 'paid');
    const swapped = JSON.parse(mixed.payload) as { data: { object: { client_reference_id: string } } };
    swapped.data.object.client_reference_id = other.id;
    const swappedPayload = JSON.stringify(swapped);
    const header = Stripe.webhooks.generateTestHeaderString({ payload: swappedPayload, secret: getCardCheckout().webhookSecret() });
    expect((await postStripe(swappedPayload, header)).status).toBe(200);
    expect(await expectLedgerInvariant(owner.id)).toBe(0);
    expect(await expectLedgerInvariant(other.id)).toBe(0);
  });

  it('refuses an event whose amount differs from the entry', async () => {
    const user = await newUser();
    const checkout = await cardTopUp(user, 50);
    const cheap = stripeSandboxEvent({ ...checkout, amountCents: 100 }, 'paid');
    await postStripe(cheap.payload, cheap.signatureHeader);
    expect(await expectLedgerInvariant(user.id)).toBe(0);
  });

  it('marks an expired (cancelled) checkout cancelled, and a late payment event then credits nothing', async () => {
    const user = await newUser();
    const checkout = await cardTopUp(user, 20);
    const expired = stripeSandboxEvent(checkout, 'cancelled');
    await postStripe(expired.payload, expired.signatureHeader);
    expect((await ledgerOf(user.id)).entries[0]?.status).toBe('cancelled');
    const late = stripeSandboxEvent(checkout, 'paid');
    await postStripe(late.payload, late.signatureHeader);
    expect(await expectLedgerInvariant(user.id)).toBe(0);
  });

  it('acknowledges events it does not handle and changes nothing', async () => {
    const user = await newUser();
    const payload = JSON.stringify({ id: 'evt_other', object: 'event', livemode: false, type: 'customer.created', data: { object: { id: 'cus_1' } } });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: getCardCheckout().webhookSecret() });
    const res = await postStripe(payload, header);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    expect(await expectLedgerInvariant(user.id)).toBe(0);
  });

  it('refuses amounts outside $1-$10,000 and writes no entry', async () => {
    const user = await newUser();
    for (const amount of [0, 0.5, -5, 10000.01, 1.234]) {
      const res = await api('/stripe/create-checkout-session', { token: user.token, body: { amount } });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe('Please enter a valid amount.');
    }
    expect((await ledgerOf(user.id)).entries).toHaveLength(0);
  });
});

describe('crypto top-ups through the Hoodpay webhook', () => {
  async function cryptoTopUp(user: { token: string }, amount: number) {
    const res = await api('/hoodpay/topup', { token: user.token, body: { amount, creditType: 'Crypto', type: 'topup', paymentMethod: 'CRYPTO' } });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { url: string; hoodpayOrderId: string } };
    expect(data.url).toBe(`${front.url}/_local/checkout/${data.hoodpayOrderId}`);
    return data.hoodpayOrderId;
  }
  const notify = (paymentId: string, kind: 'paid' | 'cancelled') => api('/hoodpay/webhook', { body: hoodpaySandboxWebhookPayload(paymentId, kind) });
  const pay = (id: string, action: 'pay' | 'cancel') => api(`/_local/checkout/${id}/${action}`, { method: 'POST', headers: { accept: 'application/json' } });

  it('does not trust a notification: an unpaid payment claimed as paid credits nothing', async () => {
    const user = await newUser();
    const id = await cryptoTopUp(user, 15);
    expect((await notify(id, 'paid')).status).toBe(200);
    expect(await expectLedgerInvariant(user.id)).toBe(0);
  });

  it('credits a paid payment once, however often the notification comes', async () => {
    const user = await newUser();
    const id = await cryptoTopUp(user, 15);
    const paid = await pay(id, 'pay');
    expect(await paid.json()).toEqual({ status: 'paid', webhookStatus: 200 });
    await Promise.all(Array.from({ length: 10 }, () => notify(id, 'paid')));
    expect(await expectLedgerInvariant(user.id)).toBe(1500);
    expect((await ledgerOf(user.id)).entries[0]).toMatchObject({ status: 'completed', creditType: 'Crypto', paymentType: 'CRYPTO' });
  });

  it('marks a cancelled payment cancelled, not failed', async () => {
    const user = await newUser();
    const id = await cryptoTopUp(user, 15);
    await pay(id, 'cancel');
    expect((await ledgerOf(user.id)).entries[0]?.status).toBe('cancelled');
    expect(await expectLedgerInvariant(user.id)).toBe(0);
    expect((await pay(id, 'pay')).status).toBe(409);
  });

  it('sends card top-ups to Stripe instead', async () => {
    const user = await newUser();
    const res = await api('/hoodpay/topup', { token: user.token, body: { amount: 10, creditType: 'Card' } });
    expect(res.status).toBe(400);
    expect((await ledgerOf(user.id)).entries).toHaveLength(0);
  });
});

describe('transaction lists', () => {
  it("lists a user's own entries newest first, and all top-ups with names for admins only", async () => {
    const user = await newUser();
    await cardTopUp(user, 11);
    await cardTopUp(user, 12);
    const mine = (await (await api('/hoodpay/transactions', { token: user.token })).json()) as { data: { amount: number }[] };
    expect(mine.data.map((e) => e.amount)).toEqual([12, 11]);

    const adminUser = await createUser({ name: 'Admin', email: `admin${Date.now()}@example.com`, passwordHash: 'x', role: 'admin', verified: true });
    const adminToken = await signSessionToken({ userId: adminUser.id, role: 'admin', scope: 'full' });
    const all = (await (await api('/hoodpay/transactions?type=topup&limit=100', { token: adminToken })).json()) as {
      data: { userId: string; user: { name: string; email: string } }[];
    };
    const ofUser = all.data.filter((e) => e.userId === user.id);
    expect(ofUser).toHaveLength(2);
    expect(ofUser[0]?.user).toEqual({ name: 'Wallet User', email: user.email });

    const asUser = (await (await api('/hoodpay/transactions?type=topup', { token: user.token })).json()) as { data: { userId: string }[] };
    expect(asUser.data.every((e) => e.userId === user.id)).toBe(true);
  });
});
