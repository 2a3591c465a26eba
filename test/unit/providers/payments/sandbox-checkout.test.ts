/**
 * The local payment sandbox with a mocked DynamoDB: what it stores, the URL it answers, how it
 * reports a payment, and that the events it builds pass the same checks as the real providers'.
 */
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../../../functions/config';
import type { LocalCheckout } from '../../../../functions/data/local-checkouts';
import { ProviderUnavailable } from '../../../../functions/errors';
import { paymentIdFromWebhook } from '../../../../functions/providers/payments/hoodpay-checkout';
import type { CheckoutRequest } from '../../../../functions/providers/payments/payments';
import { deriveSandboxWebhookSecret, hoodpaySandboxWebhookPayload, sandboxWebhookSecret } from '../../../../functions/providers/payments/sandbox-checkout';
import { stripeSandboxEvent } from '../../../../functions/providers/payments/sandbox-stripe-event';
import { getCardCheckout, getCryptoCheckout, verifyStripeEvent } from '../../../../functions/providers/registry/payments';

const ddb = mockClient(DynamoDBDocumentClient);
const table = process.env.TABLE_NAME as string;
const jwtSecret = process.env.JWT_SECRET as string;

const request: CheckoutRequest = {
  userId: '01JUSER00000000000000000001',
  email: 'ann@example.com',
  entryId: '01JTXN000000000000000000001',
  purpose: 'topup',
  amountCents: 1230,
  description: 'PrepaidShip wallet top-up',
  successUrl: 'http://localhost:3000/wallet?checkout=success',
  cancelUrl: 'http://localhost:3000/wallet?checkout=cancelled',
};

const stored = (over: Partial<LocalCheckout> = {}): LocalCheckout => ({
  ...request,
  id: 'cs_test_local_01JCHECKOUT0000000000000001',
  provider: 'stripe',
  status: 'open',
  createdAt: '2026-09-21T12:00:00.000Z',
  expiresAt: 1_790_172_800,
  ...over,
});

function useEnv(vars: Record<string, string>) {
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  resetConfigForTests();
}

beforeEach(() => {
  ddb.reset();
  ddb.on(PutCommand).resolves({});
  useEnv({ APP_URL: 'https://ship.example.com/' });
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetConfigForTests();
});

describe('sandbox card checkout', () => {
  it('stores an open checkout and sends the payer to the local checkout page', async () => {
    const { id, url } = await getCardCheckout().createSession(request);
    expect(id).toMatch(/^cs_test_local_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(url).toBe(`https://ship.example.com/_local/checkout/${id}`);
    expect(ddb).toHaveReceivedCommandWith(PutCommand, {
      TableName: table,
      Item: expect.objectContaining({
        pk: `LOCALCHECKOUT#${id}`,
        sk: 'LOCALCHECKOUT',
        id,
        provider: 'stripe',
        userId: request.userId,
        entryId: request.entryId,
        purpose: 'topup',
        amountCents: 1230,
        email: 'ann@example.com',
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
        status: 'open',
        expiresAt: expect.any(Number),
      }),
      ConditionExpression: 'attribute_not_exists(pk)',
    });
  });

  it('signs webhooks with whsec_ + HMAC-SHA256(JWT_SECRET, "stripe-sandbox-webhook"), or STRIPE_WEBHOOK_SECRET when set', () => {
    const derived = `whsec_${createHmac('sha256', jwtSecret).update('stripe-sandbox-webhook').digest('hex')}`;
    expect(deriveSandboxWebhookSecret(jwtSecret)).toBe(derived);
    expect(getCardCheckout().webhookSecret()).toBe(derived);
    useEnv({ STRIPE_WEBHOOK_SECRET: 'whsec_from_env' });
    expect(getCardCheckout().webhookSecret()).toBe('whsec_from_env');
    expect(sandboxWebhookSecret()).toBe('whsec_from_env');
  });
});

describe('sandbox crypto checkout', () => {
  it('stores an open payment with its notify URL and sends the payer to the local checkout page', async () => {
    const { paymentId, url } = await getCryptoCheckout().createPayment({ ...request, notifyUrl: 'https://ship.example.com/hoodpay/webhook' });
    expect(paymentId).toMatch(/^hp_local_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(url).toBe(`https://ship.example.com/_local/checkout/${paymentId}`);
    expect(ddb).toHaveReceivedCommandWith(PutCommand, {
      Item: expect.objectContaining({ id: paymentId, provider: 'hoodpay', notifyUrl: 'https://ship.example.com/hoodpay/webhook', status: 'open' }),
    });
  });

  it('reports the record as Hoodpay would: open pending, paid completed, cancelled cancelled', async () => {
    const id = 'hp_local_01JCHECKOUT0000000000000001';
    for (const [status, expected] of [
      ['open', 'pending'],
      ['paid', 'completed'],
      ['cancelled', 'cancelled'],
    ] as const) {
      ddb.on(GetCommand).resolves({ Item: { pk: `LOCALCHECKOUT#${id}`, sk: 'LOCALCHECKOUT', ...stored({ id, provider: 'hoodpay', status }) } });
      expect(await getCryptoCheckout().getPayment(id)).toEqual({ id, status: expected, amountCents: 1230 });
    }
    expect(ddb).toHaveReceivedCommandWith(GetCommand, { Key: { pk: `LOCALCHECKOUT#${id}`, sk: 'LOCALCHECKOUT' } });
  });

  it('does not know payments it never made, nor Stripe checkouts', async () => {
    ddb.on(GetCommand).resolves({});
    await expect(getCryptoCheckout().getPayment('hp_local_nope')).rejects.toBeInstanceOf(ProviderUnavailable);
    ddb.on(GetCommand).resolves({ Item: stored() });
    await expect(getCryptoCheckout().getPayment(stored().id)).rejects.toBeInstanceOf(ProviderUnavailable);
  });
});

describe('stripeSandboxEvent', () => {
  it('builds a checkout.session.completed event that verifyStripeEvent accepts', async () => {
    const { payload, signatureHeader } = stripeSandboxEvent(stored(), 'paid');
    const event = await verifyStripeEvent(payload, signatureHeader);
    expect(event).toMatchObject({
      id: expect.stringMatching(/^evt_local_[0-9A-HJKMNP-TV-Z]{26}$/),
      object: 'event',
      type: 'checkout.session.completed',
      livemode: false,
      created: expect.any(Number),
      data: {
        object: {
          id: stored().id,
          object: 'checkout.session',
          client_reference_id: request.userId,
          metadata: { userId: request.userId, entryId: request.entryId, purpose: 'topup' },
          payment_status: 'paid',
          status: 'complete',
          amount_total: 1230,
          currency: 'usd',
          customer_email: 'ann@example.com',
        },
      },
    });
    expect(Math.abs((event?.created ?? 0) - Date.now() / 1000)).toBeLessThan(5);
  });

  it('builds a checkout.session.expired event for a cancelled checkout', async () => {
    const { payload, signatureHeader } = stripeSandboxEvent(stored(), 'cancelled');
    expect(await verifyStripeEvent(payload, signatureHeader)).toMatchObject({
      type: 'checkout.session.expired',
      data: { object: { payment_status: 'unpaid', status: 'expired', metadata: { entryId: request.entryId } } },
    });
  });

  it('gives every event a fresh id', () => {
    const a = JSON.parse(stripeSandboxEvent(stored(), 'paid').payload).id;
    const b = JSON.parse(stripeSandboxEvent(stored(), 'paid').payload).id;
    expect(a).not.toBe(b);
  });

  it('is signed with STRIPE_WEBHOOK_SECRET when that is set', async () => {
    useEnv({ STRIPE_WEBHOOK_SECRET: 'whsec_from_env' });
    const { payload, signatureHeader } = stripeSandboxEvent(stored(), 'paid');
    expect((await verifyStripeEvent(payload, signatureHeader))?.type).toBe('checkout.session.completed');
  });

  it('refuses to build a Stripe event for a Hoodpay checkout', () => {
    expect(() => stripeSandboxEvent(stored({ provider: 'hoodpay' }), 'paid')).toThrow('not a Stripe checkout');
  });
});

describe('hoodpaySandboxWebhookPayload', () => {
  it("is Hoodpay's notification shape, read back by paymentIdFromWebhook after a JSON round trip", () => {
    const id = 'hp_local_01JCHECKOUT0000000000000001';
    const paid = hoodpaySandboxWebhookPayload(id, 'paid');
    expect(paid).toEqual({ eventType: 'PAYMENT_COMPLETED', createdAt: expect.any(Number), forPaymentEvents: { id, status: 'COMPLETED' } });
    expect(paymentIdFromWebhook(JSON.parse(JSON.stringify(paid)))).toBe(id);
    const cancelled = hoodpaySandboxWebhookPayload(id, 'cancelled');
    expect(cancelled).toMatchObject({ eventType: 'PAYMENT_CANCELLED', forPaymentEvents: { id, status: 'CANCELLED' } });
    expect(paymentIdFromWebhook(JSON.parse(JSON.stringify(cancelled)))).toBe(id);
  });
});
