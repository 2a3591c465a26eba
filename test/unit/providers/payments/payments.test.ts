/**
 * Provider selection by configuration (providers/registry/payments.ts), and the Stripe webhook
 * signature check (offline, with Stripe's own test-header helper).
 */
import Stripe from 'stripe';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../../../functions/config';
import { HoodpayCheckout } from '../../../../functions/providers/payments/hoodpay-checkout';
import { SandboxCardCheckout, SandboxCryptoCheckout, deriveSandboxWebhookSecret } from '../../../../functions/providers/payments/sandbox-checkout';
import { StripeCheckout } from '../../../../functions/providers/payments/stripe-checkout';
import { getCardCheckout, getCryptoCheckout, usingSandboxPayments, verifyStripeEvent } from '../../../../functions/providers/registry/payments';

const jwtSecret = process.env.JWT_SECRET as string;
const WEBHOOK_SECRET = 'whsec_configured_signing_secret_0123';

/** Changes the configuration and forgets everything made from the old one. */
function useEnv(vars: Record<string, string>) {
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  resetConfigForTests();
}

afterEach(() => {
  vi.unstubAllEnvs();
  resetConfigForTests();
});

describe('getCardCheckout', () => {
  it('is the sandbox without STRIPE_SECRET_KEY, made once per process', () => {
    useEnv({});
    expect(getCardCheckout()).toBeInstanceOf(SandboxCardCheckout);
    expect(getCardCheckout()).toBe(getCardCheckout());
  });

  it('is Stripe Checkout with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET', () => {
    useEnv({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
    expect(getCardCheckout()).toBeInstanceOf(StripeCheckout);
    expect(getCardCheckout().webhookSecret()).toBe(WEBHOOK_SECRET);
  });

  it('fails clearly with a secret key but no webhook secret', () => {
    useEnv({ STRIPE_SECRET_KEY: 'sk_test_123' });
    expect(() => getCardCheckout()).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it('is chosen again after resetConfigForTests', () => {
    useEnv({});
    const first = getCardCheckout();
    resetConfigForTests();
    expect(getCardCheckout()).not.toBe(first);
  });
});

describe('getCryptoCheckout', () => {
  it('is the sandbox without Hoodpay keys, made once per process', () => {
    useEnv({});
    expect(getCryptoCheckout()).toBeInstanceOf(SandboxCryptoCheckout);
    expect(getCryptoCheckout()).toBe(getCryptoCheckout());
  });

  it('is Hoodpay with HOODPAY_API_KEY and HOODPAY_BUSINESS_ID', () => {
    useEnv({ HOODPAY_API_KEY: 'key', HOODPAY_BUSINESS_ID: '23044' });
    expect(getCryptoCheckout()).toBeInstanceOf(HoodpayCheckout);
  });

  it('is the sandbox with only one of the two Hoodpay settings', () => {
    useEnv({ HOODPAY_API_KEY: 'key' });
    expect(getCryptoCheckout()).toBeInstanceOf(SandboxCryptoCheckout);
    useEnv({ HOODPAY_API_KEY: '', HOODPAY_BUSINESS_ID: '23044' });
    expect(getCryptoCheckout()).toBeInstanceOf(SandboxCryptoCheckout);
  });

  it('reaches Hoodpay at HOODPAY_API_URL', async () => {
    useEnv({ HOODPAY_API_KEY: 'key', HOODPAY_BUSINESS_ID: '23044', HOODPAY_API_URL: 'https://hoodpay.test' });
    const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) =>
      Response.json({ data: { id: 'p1', endAmount: '1.00', currency: 'USD', status: 'COMPLETED' } }),
    );
    vi.stubGlobal('fetch', fetch);
    try {
      expect(await getCryptoCheckout().getPayment('p1')).toEqual({ id: 'p1', status: 'completed', amountCents: 100 });
      expect(fetch.mock.calls[0]?.[0]).toBe('https://hoodpay.test/v1/businesses/23044/payments/p1');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('usingSandboxPayments', () => {
  it('says which providers are sandboxes', () => {
    useEnv({});
    expect(usingSandboxPayments()).toEqual({ card: true, crypto: true });
    useEnv({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, HOODPAY_API_KEY: 'k', HOODPAY_BUSINESS_ID: '1' });
    expect(usingSandboxPayments()).toEqual({ card: false, crypto: false });
  });
});

describe('verifyStripeEvent', () => {
  const payload = JSON.stringify({
    id: 'evt_test_1',
    object: 'event',
    type: 'checkout.session.completed',
    created: 1_790_000_000,
    data: { object: { id: 'cs_test_1', object: 'checkout.session', amount_total: 1230 } },
  });
  const sign = (body: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) =>
    Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp });

  it('accepts a body signed with the sandbox secret when Stripe is not configured', async () => {
    useEnv({});
    const event = await verifyStripeEvent(payload, sign(payload, deriveSandboxWebhookSecret(jwtSecret)));
    expect(event?.id).toBe('evt_test_1');
    expect(event?.type).toBe('checkout.session.completed');
  });

  it('accepts a body signed with STRIPE_WEBHOOK_SECRET when Stripe is configured', async () => {
    useEnv({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
    expect((await verifyStripeEvent(payload, sign(payload, WEBHOOK_SECRET)))?.id).toBe('evt_test_1');
    expect(await verifyStripeEvent(payload, sign(payload, deriveSandboxWebhookSecret(jwtSecret)))).toBeUndefined();
  });

  it('accepts a signature made up to 300 s ago', async () => {
    useEnv({});
    const secret = deriveSandboxWebhookSecret(jwtSecret);
    expect((await verifyStripeEvent(payload, sign(payload, secret, Math.floor(Date.now() / 1000) - 290)))?.id).toBe('evt_test_1');
  });

  it('refuses a signature made with another secret', async () => {
    useEnv({});
    expect(await verifyStripeEvent(payload, sign(payload, 'whsec_forged_secret'))).toBeUndefined();
  });

  it('refuses a signature older than 300 s (a replay)', async () => {
    useEnv({});
    const secret = deriveSandboxWebhookSecret(jwtSecret);
    expect(await verifyStripeEvent(payload, sign(payload, secret, Math.floor(Date.now() / 1000) - 301))).toBeUndefined();
  });

  it('refuses a signature dated more than 300 s in the future (the SDK checks only age)', async () => {
    useEnv({});
    const secret = deriveSandboxWebhookSecret(jwtSecret);
    const now = Math.floor(Date.now() / 1000);
    expect(await verifyStripeEvent(payload, sign(payload, secret, now + 6 * 60))).toBeUndefined();
    expect((await verifyStripeEvent(payload, sign(payload, secret, now + 4 * 60)))?.id).toBe('evt_test_1');
  });

  it('refuses a body changed after signing', async () => {
    useEnv({});
    const header = sign(payload, deriveSandboxWebhookSecret(jwtSecret));
    expect(await verifyStripeEvent(payload.replace('1230', '9999'), header)).toBeUndefined();
    expect(await verifyStripeEvent(`${payload} `, header)).toBeUndefined();
  });

  it('refuses a missing, empty or malformed header, and an empty body, without throwing', async () => {
    useEnv({});
    expect(await verifyStripeEvent(payload, undefined)).toBeUndefined();
    expect(await verifyStripeEvent(payload, '')).toBeUndefined();
    expect(await verifyStripeEvent(payload, 'garbage')).toBeUndefined();
    expect(await verifyStripeEvent(payload, 't=abc,v1=def')).toBeUndefined();
    expect(await verifyStripeEvent('', sign('', deriveSandboxWebhookSecret(jwtSecret)))).toBeUndefined();
  });

  it('refuses a correctly signed body that is not a Stripe event', async () => {
    useEnv({});
    const secret = deriveSandboxWebhookSecret(jwtSecret);
    expect(await verifyStripeEvent('not json', sign('not json', secret))).toBeUndefined();
    expect(await verifyStripeEvent('{"hello":1}', sign('{"hello":1}', secret))).toBeUndefined();
  });
});
