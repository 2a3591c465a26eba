/**
 * Buying labels against DynamoDB Local through the local front: concurrency never overdraws the
 * wallet, a repeated Idempotency-Key buys once, a carrier failure refunds, the counter counts labels,
 * and each user's completed ledger entries always sum to the balance.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../functions/config';
import { getLabelCount } from '../../functions/data/stats';
import type { User } from '../../domain/api/users';
import { createUser, getUserById } from '../../functions/data/users';
import { signSessionToken } from '../session-token';
import { REFUNDED_BEFORE } from '../../functions/labels/credit-orders';
import { isValidUspsTracking } from '../../functions/providers/carrier/tracking-number';
import { startFront, type Front } from '../../infra/local/server';
import { expectLedgerInvariant, ledgerOf } from './ledger-invariant';
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
async function newUser(balanceCents = 0): Promise<User & { token: string }> {
  const user = await createUser({ name: 'Label Buyer', email: `labels${++n}-${Date.now()}@example.com`, passwordHash: 'x', verified: true });
  if (balanceCents) await creditWallet(user, balanceCents);
  return { ...user, token: await signSessionToken({ userId: user.id, role: 'user', scope: 'full' }) };
}

const order = sampleLabelOrder;

const buy = (token: string, key: string, body: unknown = order()) =>
  fetch(`${front.url}/shipping/create-label`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key },
    body: JSON.stringify(body),
  });

describe('buying labels with wallet credits', () => {
  it('buys one label: debit, tracking number, PDF, counter', async () => {
    const user = await newUser(1000);
    const before = await getLabelCount();
    const res = await buy(user.token, 'k-one');
    expect(res.status).toBe(201);
    const { label, balanceCents } = (await res.json()) as {
      label: { shipOrderId: string; tracking: string; status: string; priceCents: number };
      balanceCents: number;
    };
    expect(label).toMatchObject({ status: 'created', priceCents: 600 });
    expect(isValidUspsTracking(label.tracking)).toBe(true);
    expect(balanceCents).toBe(400);
    expect(await expectLedgerInvariant(user.id)).toBe(400);
    expect(await getLabelCount()).toBe(before + 1);

    const pdf = await fetch(`${front.url}/shipping/download-order/${label.shipOrderId}`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="${label.tracking}.pdf"`);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const again = Buffer.from(
      await (await fetch(`${front.url}/shipping/download-order/${label.shipOrderId}`, { headers: { authorization: `Bearer ${user.token}` } })).arrayBuffer(),
    );
    expect(again.equals(bytes)).toBe(true);

    const other = await newUser();
    const stolen = await fetch(`${front.url}/shipping/download-order/${label.shipOrderId}`, { headers: { authorization: `Bearer ${other.token}` } });
    expect(stolen.status).toBe(404);
  });

  it('buys exactly 10 of 30 concurrent $6 labels with $60, leaving $0', async () => {
    const user = await newUser(6000);
    const before = await getLabelCount();
    const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => buy(user.token, `k-race-${i}`).then((r) => r.status)));
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(20);
    expect(await expectLedgerInvariant(user.id)).toBe(0);
    const { entries } = await ledgerOf(user.id);
    expect(entries.filter((e) => e.type === 'label')).toHaveLength(10);
    expect(await getLabelCount()).toBe(before + 10);
    expect((await getUserById(user.id))?.labelCount).toBe(10);
    const list = (await (await fetch(`${front.url}/shipping/orders?limit=100`, { headers: { authorization: `Bearer ${user.token}` } })).json()) as {
      orders: { status: string }[];
      totalOrders: number;
    };
    expect(list.totalOrders).toBe(10);
    expect(list.orders.filter((o) => o.status === 'created')).toHaveLength(10);
  });

  it('buys once for a repeated Idempotency-Key, even 5 times at once, answering the first order', async () => {
    const user = await newUser(3000);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        buy(user.token, 'k-same').then(async (r) => ({ status: r.status, body: (await r.json()) as { label: { shipOrderId: string } } })),
      ),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    expect(new Set(answers.map((a) => a.body.label.shipOrderId)).size).toBe(1);
    expect(await expectLedgerInvariant(user.id)).toBe(2400);
    expect((await getUserById(user.id))?.labelCount).toBe(1);
  });

  it('changes nothing when the balance is short (402)', async () => {
    const user = await newUser(500);
    const res = await buy(user.token, 'k-short');
    expect(res.status).toBe(402);
    expect(await res.json()).toEqual({ message: 'Insufficient balance', shortfallCents: 100 });
    expect(await expectLedgerInvariant(user.id)).toBe(500);
    expect((await ledgerOf(user.id)).entries).toHaveLength(1);
  });

  it('refuses a type and weight without a price, and ignores a price sent by the browser', async () => {
    const user = await newUser(1000);
    const heavy = await buy(user.token, 'k-heavy', order({ weight: 70, labelType: 'express' }));
    expect(heavy.status).toBe(400);
    expect(await heavy.json()).toEqual({ message: 'This label type is not available for that weight' });
    const cheap = await buy(user.token, 'k-cheap', order({ price: 0.01, priceCents: 1, amount: 0.01 }));
    expect(((await cheap.json()) as { label: { priceCents: number } }).label.priceCents).toBe(600);
    expect(await expectLedgerInvariant(user.id)).toBe(400);
  });

  it('refunds the price when the carrier fails, and the counter does not move', async () => {
    vi.stubEnv('CARRIER_PROVIDER', 'easypost');
    vi.stubEnv('EASYPOST_API_KEY', 'EZTK-test');
    vi.stubEnv('EASYPOST_API_URL', 'http://127.0.0.1:9'); // nothing listens there: the carrier is down
    resetConfigForTests();
    const user = await newUser(1000);
    const before = await getLabelCount();
    const res = await buy(user.token, 'k-down');
    expect(res.status).toBe(502);
    expect(((await res.json()) as { message: string }).message).toBe('USPS label service is not answering right now. Please try again in a moment.');
    expect(await expectLedgerInvariant(user.id)).toBe(1000);
    const { entries } = await ledgerOf(user.id);
    expect(entries.map((e) => [e.type, e.amountCents]).sort()).toEqual([
      ['label', -600],
      ['refund', 600],
      ['topup', 1000],
    ]);
    expect(await getLabelCount()).toBe(before);
    const list = (await (await fetch(`${front.url}/shipping/orders`, { headers: { authorization: `Bearer ${user.token}` } })).json()) as {
      orders: { status: string }[];
      totalOrders: number;
    };
    expect(list.orders[0]?.status).toBe('failed');
    expect(list.totalOrders).toBe(0);
    // The same key again says the price went back (409, never a 5xx) and does not charge a second time.
    const again = await buy(user.token, 'k-down');
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(REFUNDED_BEFORE);
    expect(await expectLedgerInvariant(user.id)).toBe(1000);
  });

  it('needs an Idempotency-Key', async () => {
    const user = await newUser(1000);
    const res = await fetch(`${front.url}/shipping/create-label`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify(order()),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Idempotency-Key header is required' });
  });
});

describe('buying a label by card', () => {
  const checkout = (token: string, body: unknown) =>
    fetch(`${front.url}/stripe/create-checkout-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  const pay = (id: string, action: 'pay' | 'cancel') =>
    fetch(`${front.url}/_local/checkout/${id}/${action}`, { method: 'POST', headers: { accept: 'application/json' } });
  const orders = async (token: string) =>
    (
      (await (await fetch(`${front.url}/shipping/orders`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        orders: { status: string; tracking: string | null; priceCents: number }[];
      }
    ).orders;

  it('charges the server price, waits for the payment, then buys the label once', async () => {
    const user = await newUser();
    // The browser's amount is ignored for a label: the price comes from domain/.
    const res = await checkout(user.token, {
      amount: 1,
      label: 'cheap',
      metadata: { userId: 'someone', orderDetails: order({ paymentMethod: 'purchase', weight: 31 }) },
    });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    expect((await orders(user.token))[0]).toMatchObject({ status: 'awaiting_payment', priceCents: 700, tracking: null });

    const before = await getLabelCount();
    expect(await (await pay(id, 'pay')).json()).toEqual({ status: 'paid', webhookStatus: 200 });
    const [created] = await orders(user.token);
    expect(created?.status).toBe('created');
    expect(isValidUspsTracking(created?.tracking ?? '')).toBe(true);
    expect(await getLabelCount()).toBe(before + 1);
    // The card payment passed through the wallet: +7.00 top-up, -7.00 label, balance unchanged.
    expect(await expectLedgerInvariant(user.id)).toBe(0);
    expect((await ledgerOf(user.id)).entries.map((e) => [e.type, e.amountCents, e.status]).sort()).toEqual([
      ['label', -700, 'completed'],
      ['topup', 700, 'completed'],
    ]);
  });

  it('fails the order when the checkout is cancelled, and moves no money', async () => {
    const user = await newUser();
    const { id } = (await (await checkout(user.token, { metadata: { orderDetails: order({ paymentMethod: 'purchase' }) } })).json()) as { id: string };
    await pay(id, 'cancel');
    expect((await orders(user.token))[0]?.status).toBe('failed');
    expect(await expectLedgerInvariant(user.id)).toBe(0);
  });
});

describe('tracking a package', () => {
  const track = (token: string, trackingNumber: unknown) =>
    fetch(`${front.url}/shipping/track`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ trackingNumber }),
    });

  it('follows a label we created, from its sender, with the spec field names', async () => {
    const user = await newUser(1000);
    const { label } = (await (await buy(user.token, 'k-track')).json()) as { label: { tracking: string } };
    const spaced = label.tracking.replace(/(\d{4})/g, '$1 ');
    const res = await track(user.token, spaced);
    expect(res.status).toBe(200);
    const { tracking } = (await res.json()) as { tracking: Record<string, unknown> & { checkpoints: Record<string, unknown>[] } };
    expect(tracking).toMatchObject({ tracking_number: label.tracking, slug: 'usps', tag: 'pre_transit' });
    expect(tracking.courier_tracking_link).toContain(label.tracking);
    expect(tracking.checkpoints[0]).toMatchObject({ tag: 'pre_transit', city: 'AUSTIN', state: 'TX' }); // USPS writes cities in capitals
    expect(Object.keys(tracking.checkpoints[0] ?? {}).sort()).toEqual(['checkpoint_time', 'city', 'country_iso3', 'message', 'state', 'tag']);
  });

  it('answers 404 for a well-formed number that is not ours, and 400 for a malformed one', async () => {
    const user = await newUser();
    const unknown = await track(user.token, '9400100000000000000000');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'We could not find a package with that tracking number.' });
    expect((await track(user.token, '12-34')).status).toBe(400);
    const empty = await track(user.token, '   ');
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { message: string }).message).toBe('Please enter a USPS tracking number');
  });
});
