/**
 * The real Stripe Checkout client against Stripe's answers (test/fixtures/stripe/, sources in its
 * README): the Checkout Session and the refund are Stripe's own fixtures from stripe/openapi, the
 * errors follow Stripe's documented error object. The SDK's own HTTP layer runs, only `fetch` under
 * it is fake. No network.
 */
import Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import { ProviderUnavailable, RefundRefused } from '../../../../functions/errors';
import type { CheckoutRequest } from '../../../../functions/providers/payments/payments';
import { SESSION_LIFETIME_SECONDS, StripeCheckout, stripeEventSignedWith } from '../../../../functions/providers/payments/stripe-checkout';
import sessionCreated from '../../../fixtures/stripe/checkout-session.json';
import expiresAtError from '../../../fixtures/stripe/error-expires-at.json';
import invalidKey from '../../../fixtures/stripe/error-invalid-api-key.json';
import chargeDisputed from '../../../fixtures/stripe/error-charge-disputed.json';
import refundCreated from '../../../fixtures/stripe/refund.json';

const SECRET_KEY = 'sk_test_51NeverLogThisKeyNeverLogThisKeycret';
const WEBHOOK_SECRET = 'whsec_test_signing_secret_0123456789';
const NOW = 1_790_000_000_000;

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

type FetchArgs = [input: string | URL | Request, init?: RequestInit];

/** A Stripe client whose every HTTP call gets `answer` with `status`; the fake fetch records the requests. */
function stripeAnswering(answer: unknown, status = 200) {
  const fetch = vi.fn(async (..._args: FetchArgs) => Response.json(answer, { status, headers: { 'request-id': 'req_test_8Rz5qXwY' } }));
  const checkout = new StripeCheckout({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    httpClient: Stripe.createFetchHttpClient(fetch),
    now: () => NOW,
  });
  return { fetch, checkout };
}

/** The one request the fake fetch saw: URL, method, headers and the form-encoded body. */
function sentRequest(fetch: ReturnType<typeof stripeAnswering>['fetch']) {
  expect(fetch).toHaveBeenCalledTimes(1);
  const [url, init] = fetch.mock.calls[0]!;
  return {
    url: String(url),
    method: init?.method,
    headers: new Headers(init?.headers),
    form: new URLSearchParams(String(init?.body)),
  };
}

async function failure(promise: Promise<unknown>): Promise<ProviderUnavailable> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderUnavailable);
  return err as ProviderUnavailable;
}

describe('StripeCheckout.createSession', () => {
  it('creates a one-item payment session carrying our ids, and answers its id and url', async () => {
    const { fetch, checkout } = stripeAnswering(sessionCreated);
    expect(await checkout.createSession(request)).toEqual({
      id: 'cs_test_a1YS1URlnyQCN5fUUduORoQ7Pw41PJqDWkIVQCpJPqkfIhd6tVY8XB1OLY',
      url: 'https://checkout.stripe.com/pay/c/cs_test_a1YS1URlnyQCN5fUUduORoQ7Pw41PJqDWkIVQCpJPqkfIhd6tVY8XB1OLY',
    });

    const sent = sentRequest(fetch);
    expect(sent.url).toBe('https://api.stripe.com/v1/checkout/sessions');
    expect(sent.method).toBe('POST');
    expect(sent.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(sent.headers.get('idempotency-key')).toBe(`prepaidship-checkout-${request.entryId}`);
    expect(sent.headers.get('stripe-version')).toBe(Stripe.API_VERSION);
    expect(Object.fromEntries(sent.form)).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '1230',
      'line_items[0][price_data][product_data][name]': 'PrepaidShip wallet top-up',
      client_reference_id: request.userId,
      customer_email: 'ann@example.com',
      'metadata[userId]': request.userId,
      'metadata[entryId]': request.entryId,
      'metadata[purpose]': 'topup',
      'payment_intent_data[metadata][userId]': request.userId,
      'payment_intent_data[metadata][entryId]': request.entryId,
      'payment_intent_data[metadata][purpose]': 'topup',
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      expires_at: String(NOW / 1000 + SESSION_LIFETIME_SECONDS),
    });
  });

  it("lets the session live a little over Stripe's 30-minute minimum", () => {
    expect(SESSION_LIFETIME_SECONDS).toBeGreaterThan(30 * 60);
    expect(SESSION_LIFETIME_SECONDS).toBeLessThanOrEqual(35 * 60);
  });

  it('uses one idempotency key per entry, so a retried create cannot open a second session', async () => {
    const { fetch, checkout } = stripeAnswering(sessionCreated);
    await checkout.createSession(request);
    await checkout.createSession(request);
    await checkout.createSession({ ...request, entryId: '01JTXN000000000000000000002' });
    const keys = fetch.mock.calls.map(([, init]) => new Headers(init?.headers as HeadersInit).get('idempotency-key'));
    expect(keys).toEqual([
      `prepaidship-checkout-${request.entryId}`,
      `prepaidship-checkout-${request.entryId}`,
      'prepaidship-checkout-01JTXN000000000000000000002',
    ]);
  });

  it('retries network failures twice and gives up on a try after 10 s', async () => {
    const { checkout } = stripeAnswering(sessionCreated);
    const stripe = await checkout.stripe();
    expect(stripe.getMaxNetworkRetries()).toBe(2);
    expect(stripe.getApiField('timeout')).toBe(10_000);
  });

  it('turns a refused key into ProviderUnavailable without the key in the message or the detail', async () => {
    const { fetch, checkout } = stripeAnswering(invalidKey, 401);
    const err = await failure(checkout.createSession(request));
    expect(fetch).toHaveBeenCalledTimes(1); // a 401 is not retried
    expect(err.provider).toBe('Stripe');
    expect(err.message).toBe('Stripe is not answering right now. Please try again in a moment.');
    expect(err.detail).toContain('StripeAuthenticationError');
    expect(err.detail).toContain('HTTP 401');
    expect(err.detail).toContain('req_test_8Rz5qXwY');
    for (const text of [err.message, err.detail, String(err.stack)]) {
      expect(text).not.toContain(SECRET_KEY);
      expect(text).not.toMatch(/sk_test_/);
      expect(text).not.toContain(WEBHOOK_SECRET);
    }
  });

  it("turns a refused request into ProviderUnavailable with Stripe's reason in the detail", async () => {
    const { checkout } = stripeAnswering(expiresAtError, 400);
    const err = await failure(checkout.createSession(request));
    expect(err.detail).toMatch(/StripeInvalidRequestError \(HTTP 400, request req_test_8Rz5qXwY\): The `expires_at` timestamp/);
  });

  it('turns an unreachable Stripe into ProviderUnavailable after the retries', async () => {
    const fetch = vi.fn(async (..._args: FetchArgs): Promise<Response> => {
      throw new TypeError('fetch failed');
    });
    const checkout = new StripeCheckout({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      httpClient: Stripe.createFetchHttpClient(fetch),
    });
    const err = await failure(checkout.createSession(request));
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(err.detail).toContain('StripeConnectionError');
    expect(err.detail).not.toContain(SECRET_KEY);
  });

  it('refuses a session that came back without a url', async () => {
    const { checkout } = stripeAnswering({ ...sessionCreated, url: null });
    const err = await failure(checkout.createSession(request));
    expect(err.detail).toContain('without a url');
  });

  it('never asks Stripe to charge a non-positive or fractional amount', async () => {
    const { fetch, checkout } = stripeAnswering(sessionCreated);
    for (const amountCents of [0, -100, 12.5, Number.NaN]) {
      await expect(checkout.createSession({ ...request, amountCents })).rejects.toThrow('positive whole number of cents');
    }
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('StripeCheckout.webhookSecret', () => {
  it('is STRIPE_WEBHOOK_SECRET', () => {
    expect(stripeAnswering({}).checkout.webhookSecret()).toBe(WEBHOOK_SECRET);
  });

  it('cannot be made with a secret key but no webhook secret', () => {
    expect(() => new StripeCheckout({ secretKey: SECRET_KEY, webhookSecret: undefined })).toThrow(/STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not/);
  });
});

describe('StripeCheckout.refund', () => {
  const refund = {
    paymentIntent: 'pi_1PgafyB7WZ01zgkWSjxsAJo3',
    amountCents: 1500,
    idempotencyKey: 'prepaidship-withdrawal-01JWD0000000000000000000001-01JTXN000000000000000000001',
    metadata: { userId: '01JUSER00000000000000000001', withdrawalId: '01JWD0000000000000000000001', topUpId: '01JTXN000000000000000000001' },
  };

  it("posts the PaymentIntent, the amount and our ids to /v1/refunds with the caller's idempotency key, and answers the refund id", async () => {
    const { fetch, checkout } = stripeAnswering(refundCreated);
    expect(await checkout.refund(refund)).toEqual({ id: 're_1Pgc72B7WZ01zgkWqPvrRrPE' });

    const sent = sentRequest(fetch);
    expect(sent.url).toBe('https://api.stripe.com/v1/refunds');
    expect(sent.method).toBe('POST');
    expect(sent.headers.get('idempotency-key')).toBe(refund.idempotencyKey);
    expect(Object.fromEntries(sent.form)).toEqual({
      payment_intent: refund.paymentIntent,
      amount: '1500',
      'metadata[userId]': refund.metadata.userId,
      'metadata[withdrawalId]': refund.metadata.withdrawalId,
      'metadata[topUpId]': refund.metadata.topUpId,
    });
  });

  it('turns a refusal into ProviderUnavailable naming the call, never the key', async () => {
    const { checkout } = stripeAnswering(invalidKey, 401);
    const err = await failure(checkout.refund(refund));

    expect(err.detail).toMatch(/^refunds\.create failed: StripeAuthenticationError \(HTTP 401/);
    expect(err.detail).not.toContain(SECRET_KEY);
  });

  it('turns a refusal Stripe will repeat (a 400 about the charge: disputed) into RefundRefused with its code', async () => {
    const { checkout } = stripeAnswering(chargeDisputed, 400);
    const err = await checkout.refund(refund).then(
      () => undefined,
      (e: unknown) => e,
    );

    expect(err).toBeInstanceOf(RefundRefused);
    expect(err).toMatchObject({ provider: 'Stripe', reason: 'charge_disputed', message: 'Stripe refused the refund: charge_disputed' });
    expect((err as RefundRefused).detail).toMatch(/^refunds\.create failed: StripeInvalidRequestError \(HTTP 400, code charge_disputed/);
  });

  it('keeps a rate limit (429) and a server error (500) as ProviderUnavailable: they may pass', async () => {
    const limited = { error: { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests hit the API too quickly.' } };
    for (const [answer, status] of [
      [limited, 429],
      [{ error: { type: 'api_error', message: 'An unknown error occurred' } }, 500],
    ] as const) {
      const { checkout } = stripeAnswering(answer, status);
      expect((await failure(checkout.refund(refund))).detail).toContain(`HTTP ${status}`);
    }
  });
});

describe('stripeEventSignedWith: the signature time, on a fixed clock', () => {
  const payload = JSON.stringify({ id: 'evt_test_1', object: 'event', type: 'checkout.session.completed', data: { object: { id: 'cs_test_1' } } });
  const signedAt = (offsetSeconds: number) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: NOW / 1000 + offsetSeconds });
  const verified = async (offsetSeconds: number) => (await stripeEventSignedWith(WEBHOOK_SECRET, payload, signedAt(offsetSeconds), NOW))?.id;

  it('accepts a signature made now, 4 minutes ago or 4 minutes ahead (clock skew)', async () => {
    expect(await verified(0)).toBe('evt_test_1');
    expect(await verified(-4 * 60)).toBe('evt_test_1');
    expect(await verified(4 * 60)).toBe('evt_test_1');
  });

  it('accepts the edges: exactly 300 s old and exactly 300 s ahead', async () => {
    expect(await verified(-300)).toBe('evt_test_1');
    expect(await verified(300)).toBe('evt_test_1');
  });

  it('refuses a signature dated 6 minutes (or 301 s) in the future, which the SDK alone would accept', async () => {
    expect(await verified(6 * 60)).toBeUndefined();
    expect(await verified(301)).toBeUndefined();
    expect(await verified(24 * 3600)).toBeUndefined();
    // The SDK's own check lets it through: that is the hole this closes.
    expect(Stripe.webhooks.constructEvent(payload, signedAt(6 * 60), WEBHOOK_SECRET, 300, undefined, NOW).id).toBe('evt_test_1');
  });

  it('refuses a signature 6 minutes (or 301 s) old', async () => {
    expect(await verified(-6 * 60)).toBeUndefined();
    expect(await verified(-301)).toBeUndefined();
  });

  it('refuses a header with no timestamp or two, even when one of its signatures is good', async () => {
    const good = signedAt(0);
    const v1 = good.split(',').find((part) => part.startsWith('v1='))!;
    expect(await stripeEventSignedWith(WEBHOOK_SECRET, payload, v1, NOW)).toBeUndefined();
    expect(await stripeEventSignedWith(WEBHOOK_SECRET, payload, `t=${NOW / 1000 + 86_400},${good}`, NOW)).toBeUndefined();
    expect(await stripeEventSignedWith(WEBHOOK_SECRET, payload, `${good},t=${NOW / 1000 + 86_400}`, NOW)).toBeUndefined();
  });
});
