/**
 * POST /stripe/webhook against DynamoDB Local with the sandbox card checkout: payments are started
 * through the real checkout route, and events are the sandbox's, signed offline with the webhook
 * secret exactly as Stripe signs them, so the real signature check runs. The proof is the answer,
 * the ledger entry, the balance, the figures and, for a label, the order; every refusal writes nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../../../functions/config';
import Stripe from 'stripe';
import { getOrder } from '../../../../functions/data/orders';
import { getStats } from '../../../../functions/data/stats';
import { getUserById } from '../../../../functions/data/users';
import type { LocalCheckout } from '../../../../functions/data/local-checkouts';
import { getLocalCheckout } from '../../../../functions/data/local-checkouts';
import { sandboxWebhookSecret } from '../../../../functions/providers/payments/sandbox-checkout';
import { stripeSandboxEvent } from '../../../../functions/providers/payments/sandbox-stripe-event';
import { getEntry } from '../../../../functions/wallet/ledger';
import { sampleLabelOrder } from '../../../fixtures/label-order';
import stripeOwnEvent from '../../../fixtures/stripe/event.json';
import stripeOwnSession from '../../../fixtures/stripe/checkout-session.json';
import { expectLedgerInvariant } from '../../ledger-invariant';
import { installFaultInjector } from '../../reliability/helpers';
import { invoke, newAccount, type Account } from '../../security/actors';
import { HIDDEN_500 } from '../answers';
import { withoutWrites } from '../table-changes';
import { balanceOf, deliverSigned, deliverStripe, entriesOf, startCardTopUp, stripeEvent, type StripeEventJson } from './payments';

const RECEIVED = { received: true };
const INVALID = { message: 'Invalid signature' };

const faults = installFaultInjector();
let ann: Account;
let checkout: LocalCheckout;
beforeEach(async () => {
  ann = await newAccount('user', 'stripe');
  checkout = await startCardTopUp(ann, 25);
});
afterEach(async () => {
  faults.stop();
  await expectLedgerInvariant(ann.id);
});

const entry = () => getEntry(ann.id, checkout.entryId);

describe('POST /stripe/webhook: the signature', () => {
  it.each([
    ['missing', () => deliverStripe(stripeEvent(checkout, 'paid').payload)],
    ['empty', () => deliverStripe(stripeEvent(checkout, 'paid').payload, '')],
    ['malformed', () => deliverStripe(stripeEvent(checkout, 'paid').payload, 'not-a-signature')],
    [
      'forged with another secret',
      () => {
        const { payload } = stripeEvent(checkout, 'paid');
        return deliverStripe(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' }));
      },
    ],
    ['stale (10 minutes old)', () => deliverSigned(stripeSandboxEvent(checkout, 'paid', Date.now() - 10 * 60 * 1000))],
    ['dated 6 minutes in the future', () => deliverSigned(stripeSandboxEvent(checkout, 'paid', Date.now() + 6 * 60 * 1000))],
    [
      'over a tampered body',
      () => {
        const { payload, signatureHeader } = stripeEvent(checkout, 'paid');
        const tampered = payload.replace('"amount_total":2500', '"amount_total":250000');
        expect(tampered).not.toBe(payload);
        return deliverStripe(tampered, signatureHeader);
      },
    ],
    ['over an empty body', () => deliverStripe('', stripeEvent(checkout, 'paid').signatureHeader)],
  ])('answers 400 Invalid signature when it is %s, writing nothing', async (_what, send) => {
    const res = await withoutWrites(send);

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual(INVALID);
    expect((await entry())?.status).toBe('pending');
    expect(await balanceOf(ann.id)).toBe(0);
  });

  it('accepts a signature made 4 minutes ago (within the 5-minute tolerance)', async () => {
    const res = await deliverSigned(stripeSandboxEvent(checkout, 'paid', Date.now() - 4 * 60 * 1000));

    expect(res.statusCode).toBe(200);
    expect(await balanceOf(ann.id)).toBe(2500);
  });

  it('accepts a signature dated 4 minutes ahead (clock skew within the 5-minute tolerance)', async () => {
    const res = await deliverSigned(stripeSandboxEvent(checkout, 'paid', Date.now() + 4 * 60 * 1000));

    expect(res.statusCode).toBe(200);
    expect(await balanceOf(ann.id)).toBe(2500);
  });
});

describe("POST /stripe/webhook: the event's mode must be the key's", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetConfigForTests();
  });
  const liveMode = (e: StripeEventJson) => void Object.assign(e, { livemode: true });

  it('refuses a live-mode event at the sandbox (test mode), though well signed, writing nothing', async () => {
    const res = await withoutWrites(() => deliverSigned(stripeEvent(checkout, 'paid', liveMode)));

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'A live-mode event at a test-mode endpoint' });
    expect((await entry())?.status).toBe('pending');
    expect(await balanceOf(ann.id)).toBe(0);
  });

  it('refuses a test-mode event at a live key, even signed with the live secret, writing nothing; takes the live one', async () => {
    const secret = 'whsec_live_endpoint_secret';
    vi.stubEnv('STRIPE_SECRET_KEY', 'sk_live_51integration');
    vi.stubEnv('STRIPE_WEBHOOK_SECRET', secret);
    resetConfigForTests();
    const signed = (edit?: (e: StripeEventJson) => void) => {
      const event = JSON.parse(stripeSandboxEvent(checkout, 'paid').payload) as StripeEventJson;
      edit?.(event);
      const payload = JSON.stringify(event);
      return deliverStripe(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret }));
    };

    const res = await withoutWrites(() => signed());
    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'A test-mode event at a live-mode endpoint' });
    expect((await entry())?.status).toBe('pending');
    expect(await balanceOf(ann.id)).toBe(0);

    const live = await signed(liveMode);
    expect(live.statusCode, live.body).toBe(200);
    expect(await balanceOf(ann.id)).toBe(2500);
  });
});

describe('POST /stripe/webhook: a paid top-up', () => {
  it.each(['checkout.session.completed', 'checkout.session.async_payment_succeeded'])(
    'completes the entry and credits the wallet with it on %s, counting the top-up',
    async (type) => {
      const before = await getStats();
      const res = await deliverSigned(stripeEvent(checkout, 'paid', (e) => void (e.type = type)));

      expect(res.statusCode).toBe(200);
      expect(res.json).toEqual(RECEIVED);
      expect(await entry()).toMatchObject({
        status: 'completed',
        amountCents: 2500,
        type: 'topup',
        creditType: 'Card',
        provider: 'stripe',
        completedAt: expect.any(String),
      });
      expect(await balanceOf(ann.id)).toBe(2500);
      const after = await getStats();
      expect({
        balance: after.balanceCents - before.balanceCents,
        topUps: after.window.topUps - before.window.topUps,
        cents: after.window.topUpCents - before.window.topUpCents,
      }).toEqual({
        balance: 2500,
        topUps: 1,
        cents: 2500,
      });
    },
  );

  it('credits once when the same event is replayed: the replay answers 200 and writes nothing', async () => {
    const event = stripeEvent(checkout, 'paid');
    expect((await deliverSigned(event)).statusCode).toBe(200);

    const again = await withoutWrites(() => deliverSigned(event));
    expect(again.statusCode).toBe(200);
    expect(again.json).toEqual(RECEIVED);
    expect(await balanceOf(ann.id)).toBe(2500);
  });

  it('credits once when the same event arrives 10 times at once', async () => {
    const event = stripeEvent(checkout, 'paid');
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliverSigned(event)));

    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(await balanceOf(ann.id)).toBe(2500);
    expect(await entriesOf(ann.id)).toEqual([expect.objectContaining({ id: checkout.entryId, status: 'completed' })]);
  });

  it('credits once when two different events complete the entry, one after the other or at once', async () => {
    expect((await deliverSigned(stripeEvent(checkout, 'paid'))).statusCode).toBe(200);
    const late = await withoutWrites(() => deliverSigned(stripeEvent(checkout, 'paid')));
    expect(late.statusCode).toBe(200);

    const bo = await newAccount('user', 'stripe');
    const bosCheckout = await startCardTopUp(bo, 10);
    await Promise.all([deliverSigned(stripeEvent(bosCheckout, 'paid')), deliverSigned(stripeEvent(bosCheckout, 'paid'))]);

    expect(await balanceOf(ann.id)).toBe(2500);
    expect(await expectLedgerInvariant(bo.id)).toBe(1000);
  });

  it('credits nothing when the amount paid differs from the entry', async () => {
    const res = await withoutWrites(() => deliverSigned(stripeEvent(checkout, 'paid', (e) => void (e.data.object.amount_total = 5000))));

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual(RECEIVED);
    expect((await entry())?.status).toBe('pending');
  });

  it('credits nothing for an entry that does not exist', async () => {
    const res = await withoutWrites(() =>
      deliverSigned(stripeEvent(checkout, 'paid', (e) => void (e.data.object.metadata.entryId = '01JZ0000000000000000000000'))),
    );

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual(RECEIVED);
  });

  it('writes nothing for a completed checkout that is not paid yet (it settles by async_payment_*)', async () => {
    const res = await withoutWrites(() => deliverSigned(stripeEvent(checkout, 'paid', (e) => void (e.data.object.payment_status = 'unpaid'))));

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual(RECEIVED);
    expect((await entry())?.status).toBe('pending');
  });

  it('answers a plain 500 (so Stripe retries), writing nothing, when DynamoDB throttles the settlement; the retry then credits once', async () => {
    const event = stripeEvent(checkout, 'paid');
    faults.armOn('TransactWriteItemsCommand', 'throttling');
    const res = await withoutWrites(() => deliverSigned(event));

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
    faults.stop();
    expect((await deliverSigned(event)).statusCode).toBe(200);
    expect(await balanceOf(ann.id)).toBe(2500);
  });
});

describe('POST /stripe/webhook: a checkout that expired or failed', () => {
  it.each([
    ['cancelled', 'checkout.session.expired'],
    ['failed', 'checkout.session.async_payment_failed'],
  ])('marks the entry %s on %s and moves no money; a late payment event then credits nothing', async (status, type) => {
    const res = await deliverSigned(stripeEvent(checkout, 'cancelled', (e) => void (e.type = type)));

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual(RECEIVED);
    expect(await entry()).toMatchObject({ status, completedAt: expect.any(String) });
    expect(await balanceOf(ann.id)).toBe(0);

    const late = await withoutWrites(() => deliverSigned(stripeEvent(checkout, 'paid')));
    expect(late.statusCode).toBe(200);
  });
});

describe("POST /stripe/webhook: a label's card payment", () => {
  it('buys the label once, whatever the replays, and leaves the wallet as it was', async () => {
    const started = await invoke('POST /stripe/create-checkout-session', {
      token: ann.token,
      body: { amount: 1, metadata: { orderDetails: sampleLabelOrder({ paymentMethod: 'purchase' }) } },
    });
    expect(started.statusCode, started.body).toBe(200);
    const labelCheckout = (await getLocalCheckout(String(started.json?.id)))!;
    const payment = (await getEntry(ann.id, labelCheckout.entryId))!;
    const event = stripeEvent(labelCheckout, 'paid');

    const answers = await Promise.all(Array.from({ length: 5 }, () => deliverSigned(event)));
    const replay = await withoutWrites(() => deliverSigned(stripeEvent(labelCheckout, 'paid')));

    expect([...answers, replay].map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(await getOrder(ann.id, String(payment.orderId))).toMatchObject({ status: 'created', paymentMethod: 'purchase', priceCents: 600 });
    const ofOrder = (await entriesOf(ann.id)).filter((e) => e.orderId === payment.orderId);
    expect(ofOrder.map((e) => [e.type, e.amountCents, e.status]).sort()).toEqual([
      ['label', -600, 'completed'],
      ['topup', 600, 'completed'],
    ]);
    expect((await getUserById(ann.id, { consistent: true }))?.labelCount).toBe(1);
    expect(await balanceOf(ann.id)).toBe(0);
  });
});

describe('POST /stripe/webhook: events that are not ours to settle', () => {
  it.each<[string, (e: StripeEventJson) => void]>([
    ['metadata naming another user than client_reference_id', (e) => void (e.data.object.metadata.userId = '01JZ0000000000000000000009')],
    ['client_reference_id naming another user than the metadata', (e) => void (e.data.object.client_reference_id = '01JZ0000000000000000000009')],
    ['a purpose that is neither a top-up nor a label', (e) => void (e.data.object.metadata.purpose = 'gift')],
    ['no entry id', (e) => void delete e.data.object.metadata.entryId],
    ['no metadata', (e) => void delete (e.data.object as { metadata?: unknown }).metadata],
  ])('answers 200 and writes nothing for a paid checkout with %s', async (_what, edit) => {
    const res = await withoutWrites(() => deliverSigned(stripeEvent(checkout, 'paid', edit)));

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual(RECEIVED);
  });

  it("cannot complete another user's pending entry, even naming that user consistently", async () => {
    const bo = await newAccount('user', 'stripe');
    const aimed = stripeEvent({ ...checkout, userId: bo.id }, 'paid');
    const res = await withoutWrites(() => deliverSigned(aimed));

    expect(res.statusCode).toBe(200);
    expect((await entry())?.status).toBe('pending');
    expect(await balanceOf(bo.id)).toBe(0);
  });

  it.each(['payment_intent.succeeded', 'customer.created', 'checkout.session.async_payment_pending'])(
    'acknowledges %s with { received: true } and writes nothing',
    async (type) => {
      const res = await withoutWrites(() => deliverSigned(stripeEvent(checkout, 'paid', (e) => void (e.type = type))));

      expect(res.statusCode).toBe(200);
      expect(res.json).toEqual(RECEIVED);
    },
  );

  it("acknowledges Stripe's own recorded event (plan.created, stripe/openapi fixtures) and writes nothing", async () => {
    const payload = JSON.stringify(stripeOwnEvent);
    const res = await withoutWrites(() => deliverStripe(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: sandboxWebhookSecret() })));

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual(RECEIVED);
  });

  it("acknowledges a completed checkout carrying Stripe's recorded session (none of our ids) and writes nothing", async () => {
    const payload = JSON.stringify({
      ...stripeOwnEvent,
      type: 'checkout.session.completed',
      data: { object: { ...stripeOwnSession, payment_status: 'paid' } },
    });
    const res = await withoutWrites(() => deliverStripe(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: sandboxWebhookSecret() })));

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual(RECEIVED);
    expect((await entry())?.status).toBe('pending');
  });
});
