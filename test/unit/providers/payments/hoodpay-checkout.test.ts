/**
 * The real Hoodpay client against answers in the shape Hoodpay's API returns
 * (test/fixtures/hoodpay/: `{ data: {...}, message }`, as its public SDKs read them). `fetch` is
 * stubbed: no network.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProviderUnavailable } from '../../../../functions/errors';
import { HoodpayCheckout, hoodpayAmountToCents, mapHoodpayStatus, paymentIdFromWebhook } from '../../../../functions/providers/payments/hoodpay-checkout';
import type { CheckoutRequest } from '../../../../functions/providers/payments/payments';
import createPayment from '../../../fixtures/hoodpay/create-payment.json';
import hoodpayError from '../../../fixtures/hoodpay/error.json';
import completed from '../../../fixtures/hoodpay/get-payment-completed.json';
import expired from '../../../fixtures/hoodpay/get-payment-expired.json';
import pending from '../../../fixtures/hoodpay/get-payment-pending.json';
import webhookCompleted from '../../../fixtures/hoodpay/webhook-payment-completed.json';

const API_KEY = 'hp_api_key_eyJhbGciOiJIUzI1NiJ9.never-log-me';
const hoodpay = new HoodpayCheckout({ apiKey: API_KEY, businessId: '23044', apiUrl: 'https://api.hoodpay.io/' });
const PAYMENT_ID = createPayment.data.id;

const request: CheckoutRequest & { notifyUrl: string } = {
  userId: '01JUSER00000000000000000001',
  email: 'ann@example.com',
  entryId: '01JTXN000000000000000000001',
  purpose: 'topup',
  amountCents: 1230,
  description: 'PrepaidShip wallet top-up',
  successUrl: 'http://localhost:3000/wallet?checkout=success',
  cancelUrl: 'http://localhost:3000/wallet?checkout=cancelled',
  notifyUrl: 'https://ship.example.com/hoodpay/webhook',
};

/** Stubs the global fetch with Hoodpay's recorded answer and returns the stub to inspect the request. */
function hoodpayAnswers(answer: unknown, status = 200) {
  const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => Response.json(answer, { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function failure(promise: Promise<unknown>): Promise<ProviderUnavailable> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderUnavailable);
  const unavailable = err as ProviderUnavailable;
  expect(unavailable.provider).toBe('Hoodpay');
  expect(`${unavailable.message} ${unavailable.detail}`).not.toContain(API_KEY);
  return unavailable;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('HoodpayCheckout.createPayment', () => {
  it("posts the payment in dollars with our ids and answers Hoodpay's id and checkout url", async () => {
    const fetch = hoodpayAnswers(createPayment);
    expect(await hoodpay.createPayment(request)).toEqual({ paymentId: PAYMENT_ID, url: createPayment.data.url });

    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://api.hoodpay.io/v1/businesses/23044/payments');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toEqual({
      authorization: `Bearer ${API_KEY}`,
      accept: 'application/json',
      'content-type': 'application/json',
    });
    expect(JSON.parse(String(init?.body))).toEqual({
      currency: 'USD',
      amount: 12.3,
      name: 'PrepaidShip wallet top-up',
      description: 'PrepaidShip wallet top-up (ref 01JTXN000000000000000000001)',
      redirectUrl: request.successUrl,
      notifyUrl: request.notifyUrl,
      customerEmail: 'ann@example.com',
      metadata: { userId: request.userId, entryId: request.entryId, purpose: 'topup' },
    });
  });

  it('sends whole-cent amounts exactly', async () => {
    const fetch = hoodpayAnswers(createPayment);
    for (const amountCents of [29, 100, 1_000_000, 1_000_001]) await hoodpay.createPayment({ ...request, amountCents });
    expect(fetch.mock.calls.map(([, init]) => JSON.parse(String(init?.body)).amount)).toEqual([0.29, 1, 10000, 10000.01]);
  });

  it('gives up on Hoodpay after 10 seconds', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const fetch = hoodpayAnswers(createPayment);
    await hoodpay.createPayment(request);
    expect(timeout).toHaveBeenCalledWith(10_000);
    expect(fetch.mock.calls[0]?.[1]?.signal).toBe(timeout.mock.results[0]?.value);
  });

  it('is ProviderUnavailable when Hoodpay refuses, with its answer in the detail but not the key', async () => {
    hoodpayAnswers(hoodpayError, 401);
    const err = await failure(hoodpay.createPayment(request));
    expect(err.message).toBe('Hoodpay is not answering right now. Please try again in a moment.');
    expect(err.detail).toContain('POST /v1/businesses/23044/payments answered HTTP 401');
    expect(err.detail).toContain('Invalid or expired API key');
  });

  it('is ProviderUnavailable when the answer has no id or url', async () => {
    hoodpayAnswers({ message: 'Payment successfully created' });
    expect((await failure(hoodpay.createPayment(request))).detail).toContain('without data.id and data.url');
    hoodpayAnswers({ data: { id: PAYMENT_ID, url: 'javascript:alert(1)' } });
    await failure(hoodpay.createPayment(request));
  });

  it('never asks Hoodpay to charge a non-positive or fractional amount', async () => {
    const fetch = hoodpayAnswers(createPayment);
    await expect(hoodpay.createPayment({ ...request, amountCents: 0 })).rejects.toThrow('positive whole number of cents');
    await expect(hoodpay.createPayment({ ...request, amountCents: 1.5 })).rejects.toThrow('positive whole number of cents');
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('HoodpayCheckout.getPayment', () => {
  it('reads the payment with the bearer key and reports a completed one with its amount in cents', async () => {
    const fetch = hoodpayAnswers(completed);
    expect(await hoodpay.getPayment(PAYMENT_ID)).toEqual({ id: PAYMENT_ID, status: 'completed', amountCents: 1230 });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`https://api.hoodpay.io/v1/businesses/23044/payments/${PAYMENT_ID}`);
    expect(init?.method).toBe('GET');
    expect(init?.headers).toEqual({ authorization: `Bearer ${API_KEY}`, accept: 'application/json' });
    expect(init?.body).toBeUndefined();
  });

  it('reads an amount carrying a float artefact as its whole cents instead of refusing it', async () => {
    hoodpayAnswers({ data: { ...completed.data, endAmount: 12.3 * 3 } }); // 36.900000000000006
    expect(await hoodpay.getPayment(PAYMENT_ID)).toEqual({ id: PAYMENT_ID, status: 'completed', amountCents: 3690 });
  });

  it('reports a payment still waiting for crypto as pending', async () => {
    hoodpayAnswers(pending);
    expect(await hoodpay.getPayment(PAYMENT_ID)).toEqual({ id: PAYMENT_ID, status: 'pending', amountCents: 29 });
  });

  it('reports an expired payment as cancelled (nobody paid it), not failed', async () => {
    hoodpayAnswers(expired);
    expect(await hoodpay.getPayment(PAYMENT_ID)).toEqual({ id: PAYMENT_ID, status: 'cancelled', amountCents: 2500 });
  });

  it('is ProviderUnavailable when Hoodpay cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('fetch failed')));
    expect((await failure(hoodpay.getPayment(PAYMENT_ID))).detail).toContain('failed: TypeError: fetch failed');
  });

  it('is ProviderUnavailable when the request times out', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new DOMException('The operation was aborted due to timeout', 'TimeoutError')));
    expect((await failure(hoodpay.getPayment(PAYMENT_ID))).detail).toContain('TimeoutError');
  });

  it('is ProviderUnavailable on a 5xx or a 404', async () => {
    hoodpayAnswers({ message: 'Internal Server Error' }, 500);
    expect((await failure(hoodpay.getPayment(PAYMENT_ID))).detail).toContain('answered HTTP 500');
    hoodpayAnswers({ message: 'Payment not found' }, 404);
    expect((await failure(hoodpay.getPayment(PAYMENT_ID))).detail).toContain('answered HTTP 404');
  });

  it('is ProviderUnavailable on an answer that is not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 200 })),
    );
    expect((await failure(hoodpay.getPayment(PAYMENT_ID))).detail).toContain('not JSON');
  });

  it('is ProviderUnavailable on an answer without a usable amount, in another currency, or about another payment', async () => {
    hoodpayAnswers({ data: { ...completed.data, endAmount: undefined } });
    expect((await failure(hoodpay.getPayment(PAYMENT_ID))).detail).toContain('no usable endAmount');
    hoodpayAnswers({ data: { ...completed.data, endAmount: '12,34' } });
    await failure(hoodpay.getPayment(PAYMENT_ID));
    hoodpayAnswers({ data: { ...completed.data, currency: 'EUR' } });
    expect((await failure(hoodpay.getPayment(PAYMENT_ID))).detail).toContain('currency EUR');
    hoodpayAnswers({ data: { ...completed.data, id: 'another-payment' } });
    expect((await failure(hoodpay.getPayment(PAYMENT_ID))).detail).toContain('another-payment');
    hoodpayAnswers({ message: 'ok' });
    expect((await failure(hoodpay.getPayment(PAYMENT_ID))).detail).toContain('without data');
  });

  it('refuses to put a malformed id in the URL', async () => {
    const fetch = hoodpayAnswers(completed);
    await failure(hoodpay.getPayment('../../businesses/1/payouts'));
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('mapHoodpayStatus', () => {
  it('counts only COMPLETED as completed', () => {
    expect(mapHoodpayStatus('COMPLETED')).toBe('completed');
    expect(mapHoodpayStatus('completed')).toBe('completed');
    for (const s of ['EXPIRED', 'CANCELLED', 'CANCELED']) expect(mapHoodpayStatus(s)).toBe('cancelled');
    expect(mapHoodpayStatus('FAILED')).toBe('failed');
    for (const s of ['PENDING', 'AWAITING_PAYMENT', 'PROCESSING', 'CREATED', 'PARTIALLY_PAID', 'SOMETHING_NEW', '', null, undefined, 1]) {
      expect(mapHoodpayStatus(s)).toBe('pending');
    }
  });
});

describe('hoodpayAmountToCents', () => {
  it('converts dollar strings and numbers on their decimal text', () => {
    expect(hoodpayAmountToCents('12.30')).toBe(1230);
    expect(hoodpayAmountToCents(0.29)).toBe(29);
    expect(hoodpayAmountToCents(12.3)).toBe(1230);
    // where float multiplication goes wrong: 0.57 * 100 = 56.99999999999999, 1.1 * 100 = 110.00000000000001
    expect(hoodpayAmountToCents(0.57)).toBe(57);
    expect(hoodpayAmountToCents(1.1)).toBe(110);
    expect(hoodpayAmountToCents(25)).toBe(2500);
    expect(hoodpayAmountToCents('25')).toBe(2500);
    expect(hoodpayAmountToCents(' 7.5 ')).toBe(750);
    expect(hoodpayAmountToCents('10000.010')).toBe(1_000_001);
    expect(hoodpayAmountToCents(0)).toBe(0);
  });

  it('rounds to the nearest cent, so a float artefact never leaves a payment unreadable', () => {
    expect(hoodpayAmountToCents(0.1 + 0.2)).toBe(30); // 0.30000000000000004
    expect(hoodpayAmountToCents(12.3 * 3)).toBe(3690); // 36.900000000000006
    expect(hoodpayAmountToCents('12.345')).toBe(1235);
    expect(hoodpayAmountToCents('12.344999')).toBe(1234);
    expect(hoodpayAmountToCents(0.995)).toBe(100); // 0.995 is stored as 0.99499999999999999556, printed "0.995"
    expect(hoodpayAmountToCents('9.999')).toBe(1000);
  });

  it('refuses what is not a non-negative decimal amount', () => {
    for (const bad of [-1, '-1.00', '1e3', 1e21, 1e-7, Number.NaN, Number.POSITIVE_INFINITY, '', 'abc', '1,00', null, undefined, {}]) {
      expect(hoodpayAmountToCents(bad)).toBeUndefined();
    }
  });
});

describe('paymentIdFromWebhook', () => {
  it("reads the payment id of Hoodpay's notification", () => {
    expect(paymentIdFromWebhook(webhookCompleted)).toBe(PAYMENT_ID);
    expect(paymentIdFromWebhook({ data: { id: PAYMENT_ID } })).toBe(PAYMENT_ID);
    expect(paymentIdFromWebhook({ forPaymentEvents: { id: 123456 } })).toBe('123456');
  });

  it('is undefined for anything else', () => {
    for (const bad of [
      undefined,
      null,
      'not json',
      JSON.stringify(webhookCompleted), // the body must be parsed first, once
      [],
      42,
      {},
      { id: PAYMENT_ID },
      { forPaymentEvents: {} },
      { forPaymentEvents: { id: '' } },
      { forPaymentEvents: { id: '../secrets' } },
      { forPaymentEvents: { id: 'x'.repeat(129) } },
      { forPaymentEvents: { id: { nested: true } } },
      { forPaymentEvents: [{ id: PAYMENT_ID }] },
    ]) {
      expect(paymentIdFromWebhook(bad)).toBeUndefined();
    }
  });
});
