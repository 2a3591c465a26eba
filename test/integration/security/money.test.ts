/**
 * Money cannot be steered from outside: the price of a label is the server's whatever the body
 * says, top-ups outside $1-$10,000 in whole cents are refused without a trace, and webhooks that
 * are forged, stale or replayed (Stripe and Hoodpay) change neither a balance nor the ledger. After
 * every scenario each user's completed ledger entries still sum to the balance.
 */
import fc from 'fast-check';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { LABEL_TYPES, labelPriceCents } from '../../../domain/pricing';
import { closeLocalCheckout, getLocalCheckout, type LocalCheckout } from '../../../functions/data/local-checkouts';
import { hoodpaySandboxWebhookPayload } from '../../../functions/providers/payments/sandbox-checkout';
import { stripeSandboxEvent } from '../../../functions/providers/payments/sandbox-stripe-event';
import { STRIPE_SIGNATURE_TOLERANCE_SECONDS } from '../../../functions/providers/payments/stripe-checkout';
import { getCardCheckout } from '../../../functions/providers/registry/payments';
import { expectLedgerInvariant, ledgerOf } from '../ledger-invariant';
import { creditWallet } from '../wallet-credit';
import { idempotencyKey, invoke, labelOrder, newAccount, newWorld, scanTable, type Account, type World } from './actors';

let world: World;
beforeAll(async () => {
  world = await newWorld('money');
});

/** Fields a client might send hoping to set the price. */
const clientPrice = fc.record(
  {
    price: fc.oneof(fc.constant(0), fc.constant(0.01), fc.double({ noNaN: true, noDefaultInfinity: true })),
    priceCents: fc.oneof(fc.constant(1), fc.integer()),
    amount: fc.oneof(fc.constant(0.01), fc.integer({ min: -1000, max: 1000 })),
    amountCents: fc.integer(),
    total: fc.constant(0),
    balanceCents: fc.constant(1_000_000),
  },
  { requiredKeys: [] },
);

describe('prices come from the server', () => {
  it('create-label charges the price of the type and weight, whatever price fields the body carries', async () => {
    const buyer = await newAccount('user', 'money');
    await creditWallet(buyer, 100_000);
    const weights = [0.5, 1, 2, 29.9, 30, 30.5, 45, 70];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...LABEL_TYPES.map((t) => t.uid)), fc.constantFrom(...weights), clientPrice, async (labelType, weight, extras) => {
        const before = (await ledgerOf(buyer.id)).balanceCents;
        const res = await invoke('POST /shipping/create-label', {
          token: buyer.token,
          headers: { 'idempotency-key': idempotencyKey() },
          body: labelOrder({ labelType, weight, ...extras }),
        });
        const price = labelPriceCents(labelType, weight);
        expect(price).toBeGreaterThan(0);
        expect(res.statusCode, res.body).toBe(201);
        expect((res.json?.label as { priceCents: number }).priceCents).toBe(price);
        expect(res.json?.balanceCents).toBe(before - price);
        const { entries } = await ledgerOf(buyer.id);
        const entry = entries.find((e) => e.orderId === (res.json?.label as { shipOrderId: string }).shipOrderId && e.type === 'label');
        expect(entry?.amountCents).toBe(-price);
        expect(await expectLedgerInvariant(buyer.id)).toBe(before - price);
      }),
      { numRuns: 8 },
    );
  });

  it("a card label's checkout is for the server price; the body's amount, label and metadata.userId are ignored", async () => {
    const order = labelOrder({ paymentMethod: 'purchase', labelType: 'usps_ground', weight: 40, price: 0.01, priceCents: 1 });
    const res = await invoke('POST /stripe/create-checkout-session', {
      token: world.owner.token,
      body: { amount: 1, label: 'Free label', metadata: { userId: world.other.id, orderDetails: order } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const checkout = await getLocalCheckout(String(res.json?.id));
    expect(checkout).toMatchObject({ amountCents: labelPriceCents('usps_ground', 40), userId: world.owner.id, purpose: 'label' });
    expect((await ledgerOf(world.other.id)).entries).toEqual([]);
  });
});

// ------------------------------------------------------------------------------------------------
// Top-ups
// ------------------------------------------------------------------------------------------------

/** Amounts outside the rule ($1 to $10,000, at most two decimals), each invalid by construction. */
const badAmount: fc.Arbitrary<{ value?: unknown; raw?: string }> = fc.oneof(
  fc.integer({ min: -1_000_000, max: -1 }).map((c) => ({ value: c / 100 })), // negative
  fc.constantFrom(0, -0, '0', '0.00', '-0').map((value) => ({ value })), // zero
  fc.integer({ min: 1, max: 99 }).map((c) => ({ value: c / 100 })), // under a dollar
  fc.tuple(fc.integer({ min: 100, max: 999_999 }), fc.integer({ min: 1, max: 9 })).map(([c, d]) => ({ value: (c * 10 + d) / 1000 })), // a fraction of a cent
  fc.integer({ min: 1_000_001, max: Number.MAX_SAFE_INTEGER }).map((c) => ({ value: c / 100 })), // over $10,000
  fc.constantFrom(10_000.01, 1e21, Number.MAX_VALUE, '10000.01', '99999999999999999999').map((value) => ({ value })),
  fc.constantFrom('NaN', '1e999', '-1e999').map((raw) => ({ raw })), // not a number, infinite
  fc.constantFrom('1e3', '$5', '5,00', '0x10', '', '１０', '+5', 'five', '5.', '.5', '5.5.5', null, true, [], {}).map((value) => ({ value })),
);

const topupRoutes = {
  'POST /stripe/create-checkout-session': (amount: unknown) => ({ amount }),
  'POST /hoodpay/topup': (amount: unknown) => ({ amount, creditType: 'Crypto' }),
} as const;

describe('top-up amounts', () => {
  it.each(Object.keys(topupRoutes))('%s refuses negative, zero, fractional-cent, over-limit and non-numeric amounts and writes nothing', async (key) => {
    const body = topupRoutes[key as keyof typeof topupRoutes];
    const before = await scanTable();
    await fc.assert(
      fc.asyncProperty(badAmount, async (amount) => {
        const raw = amount.raw === undefined ? JSON.stringify(body(amount.value)) : JSON.stringify(body('\u0000RAW')).replace('"\\u0000RAW"', amount.raw);
        const res = await invoke(key as keyof typeof topupRoutes, { token: world.owner.token, raw });
        expect(res.statusCode, raw).toBe(400);
        // Non-numbers that are not JSON at all never reach the amount rule; everything else gets its message.
        if (amount.raw !== 'NaN')
          expect(res.json, raw).toMatchObject({ message: 'Please enter a valid amount.', fields: { amount: 'Please enter a valid amount.' } });
        expect(await scanTable(), raw).toEqual(before);
      }),
      { numRuns: 40, endOnFailure: true },
    );
  });

  it.each(Object.keys(topupRoutes))('%s control: 1, 10000, "25.50" and 12.34 dollars are accepted for exactly that many cents', async (key) => {
    const payer = await newAccount('user', 'money');
    const body = topupRoutes[key as keyof typeof topupRoutes];
    for (const [amount, cents] of [
      [1, 100],
      [10_000, 1_000_000],
      ['25.50', 2550],
      [12.34, 1234],
    ] as const) {
      const res = await invoke(key as keyof typeof topupRoutes, { token: payer.token, body: body(amount) });
      expect(res.statusCode, res.body).toBe(200);
      expect((await ledgerOf(payer.id)).entries.find((e) => e.amountCents === cents)).toMatchObject({ status: 'pending', type: 'topup' });
    }
    // Pending entries do not count: nothing is credited until a provider says paid.
    expect(await expectLedgerInvariant(payer.id)).toBe(0);
  });
});

// ------------------------------------------------------------------------------------------------
// Webhooks
// ------------------------------------------------------------------------------------------------

/** Balance, ledger and the whole table at one moment: a webhook that changes nothing leaves all three equal. */
async function snapshot(user: Account) {
  const { balanceCents, entries } = await ledgerOf(user.id);
  return { balanceCents, entries, table: await scanTable() };
}

const stripeDelivery = (payload: string, header: string | undefined) =>
  invoke('POST /stripe/webhook', { raw: payload, headers: header === undefined ? {} : { 'stripe-signature': header } });

describe('Stripe webhooks', () => {
  let payer: Account;
  let checkout: LocalCheckout;
  beforeAll(async () => {
    payer = await newAccount('user', 'money');
    const res = await invoke('POST /stripe/create-checkout-session', { token: payer.token, body: { amount: 40 } });
    checkout = (await getLocalCheckout(String(res.json?.id))) as LocalCheckout;
  });

  it('forged, stale, tampered or unsigned events change nothing; the genuine one credits once; replays change nothing', async () => {
    const secret = getCardCheckout().webhookSecret();
    const now = Math.floor(Date.now() / 1000);
    const genuine = stripeSandboxEvent(checkout, 'paid');
    const pending = await snapshot(payer);

    const attempts: [string, string, string | undefined][] = [
      ['forged (another secret)', genuine.payload, Stripe.webhooks.generateTestHeaderString({ payload: genuine.payload, secret: 'whsec_attacker' })],
      [
        'stale (just outside the tolerance)',
        genuine.payload,
        Stripe.webhooks.generateTestHeaderString({ payload: genuine.payload, secret, timestamp: now - STRIPE_SIGNATURE_TOLERANCE_SECONDS - 5 }),
      ],
      ['stale (a day old)', genuine.payload, Stripe.webhooks.generateTestHeaderString({ payload: genuine.payload, secret, timestamp: now - 86_400 })],
      ['tampered amount', genuine.payload.replace('"amount_total":4000', '"amount_total":400000'), genuine.signatureHeader],
      ["another payload's signature", genuine.payload, Stripe.webhooks.generateTestHeaderString({ payload: '{}', secret })],
      ['unsigned', genuine.payload, undefined],
    ];
    for (const [what, payload, header] of attempts) {
      const res = await stripeDelivery(payload, header);
      expect(res.statusCode, what).toBe(400);
      expect(await snapshot(payer), what).toEqual(pending);
    }

    expect((await stripeDelivery(genuine.payload, genuine.signatureHeader)).statusCode).toBe(200);
    expect(await expectLedgerInvariant(payer.id)).toBe(4000);
    const credited = await snapshot(payer);

    // The same delivery again (5 at once), another event for the same payment, and the captured
    // delivery replayed after the tolerance: acknowledged or refused, never credited again.
    const again = stripeSandboxEvent(checkout, 'paid');
    const statuses = await Promise.all([
      ...Array.from({ length: 5 }, () => stripeDelivery(genuine.payload, genuine.signatureHeader).then((r) => r.statusCode)),
      stripeDelivery(again.payload, again.signatureHeader).then((r) => r.statusCode),
    ]);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    const late = Stripe.webhooks.generateTestHeaderString({ payload: genuine.payload, secret, timestamp: now - STRIPE_SIGNATURE_TOLERANCE_SECONDS - 60 });
    expect((await stripeDelivery(genuine.payload, late)).statusCode).toBe(400);
    // An "expired" event after the payment must not undo it either.
    const expired = stripeSandboxEvent(checkout, 'cancelled');
    expect((await stripeDelivery(expired.payload, expired.signatureHeader)).statusCode).toBe(200);
    expect(await snapshot(payer)).toEqual(credited);
    expect(await expectLedgerInvariant(payer.id)).toBe(4000);
  });
});

describe('Hoodpay webhooks', () => {
  const notify = (body: unknown) => invoke('POST /hoodpay/webhook', { body });

  it('notifications before the payment completes change nothing; after it, exactly one credit whatever is replayed', async () => {
    const payer = await newAccount('user', 'money');
    const res = await invoke('POST /hoodpay/topup', { token: payer.token, body: { amount: 40, creditType: 'Bitcoin' } });
    const paymentId = String((res.json as { data: { hoodpayOrderId: string } }).data.hoodpayOrderId);
    const pending = await snapshot(payer);
    const completed = hoodpaySandboxWebhookPayload(paymentId, 'paid');

    // Without a signing secret Hoodpay notifications are unsigned (docs/decisions/0027-hoodpay-notifications-are-hints.md):
    // anyone can send one. Claiming completion, a bigger amount, or an old date changes nothing while Hoodpay says "pending".
    const forged = [
      completed,
      { ...completed, forPaymentEvents: { ...completed.forPaymentEvents, amount: 400000, endAmount: 4000 }, amount: 4000 },
      { ...completed, createdAt: completed.createdAt - 365 * 86_400 },
      { data: { id: paymentId, status: 'COMPLETED', endAmount: 40 } },
    ];
    for (const body of forged) {
      expect((await notify(body)).statusCode).toBe(200);
      expect(await snapshot(payer), JSON.stringify(body)).toEqual(pending);
    }

    // The payment really completes at Hoodpay (the sandbox record), then the notification comes.
    expect(await closeLocalCheckout(paymentId, 'paid')).toBe(true);
    expect((await notify(completed)).statusCode).toBe(200);
    expect(await expectLedgerInvariant(payer.id)).toBe(4000);
    const credited = await snapshot(payer);

    const replays = await Promise.all([
      ...Array.from({ length: 5 }, () => notify(completed).then((r) => r.statusCode)),
      notify({ ...completed, createdAt: completed.createdAt - 86_400 }).then((r) => r.statusCode),
      notify(hoodpaySandboxWebhookPayload(paymentId, 'cancelled')).then((r) => r.statusCode),
    ]);
    expect(replays.every((s) => s === 200)).toBe(true);
    expect(await snapshot(payer)).toEqual(credited);
  });

  it("a notification naming another user's payment credits only that payment's owner, once", async () => {
    const [victim, attacker] = [world.owner, world.other];
    const res = await invoke('POST /hoodpay/topup', { token: victim.token, body: { amount: 12, creditType: 'Crypto' } });
    const paymentId = String((res.json as { data: { hoodpayOrderId: string } }).data.hoodpayOrderId);
    const attackerBefore = await ledgerOf(attacker.id);
    await closeLocalCheckout(paymentId, 'paid');
    expect((await notify({ ...hoodpaySandboxWebhookPayload(paymentId, 'paid'), userId: attacker.id, metadata: { userId: attacker.id } })).statusCode).toBe(200);
    expect(await ledgerOf(attacker.id)).toEqual(attackerBefore);
    expect((await ledgerOf(victim.id)).entries.find((e) => e.amountCents === 1200)?.status).toBe('completed');
    await expectLedgerInvariant(victim.id);
  });
});
