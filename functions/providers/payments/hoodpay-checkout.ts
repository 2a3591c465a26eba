/**
 * Crypto top-ups with Hoodpay (HOODPAY_API_KEY and HOODPAY_BUSINESS_ID set), over its REST API with
 * the global fetch and a bearer API key:
 *
 *   create  POST {HOODPAY_API_URL}/v1/businesses/{businessId}/payments
 *           { currency, amount (dollars), name, description, redirectUrl, notifyUrl, customerEmail,
 *             metadata }                               -> { data: { id, url }, message }
 *   read    GET  {HOODPAY_API_URL}/v1/businesses/{businessId}/payments/{paymentId}
 *                                                      -> { data: { id, endAmount, currency, status, ... } }
 *   notify  POST notifyUrl  { eventType: "PAYMENT_COMPLETED" | ..., forPaymentEvents: { id, status, ... } }
 *
 * The notification is only a hint: the webhook reads the payment back with getPayment() and trusts
 * that answer, never the notification's body. Only Hoodpay's COMPLETED counts as completed; its
 * expired, cancelled and failed states are failed; anything else (created, awaiting payment,
 * processing, a state we do not know) stays pending.
 *
 * Anything but a well-formed 2xx answer (network error, timeout after 10 s, non-2xx, not JSON, no
 * id/url/amount) is a ProviderUnavailable('Hoodpay', detail); the detail never carries the API key.
 */
import { centsToDollars, decimalDollarsToCents } from '../../../domain/money';
import { ProviderUnavailable } from '../../errors';
import { asText, assertPayable, clip, redact } from './checkout-request';
import type { CheckoutRequest, CryptoCheckout, CryptoPayment, CryptoPaymentStatus } from './payments';

const TIMEOUT_MS = 10_000;

export interface HoodpayCheckoutOptions {
  apiKey: string;
  businessId: string;
  /** e.g. https://api.hoodpay.io (no trailing /v1). */
  apiUrl: string;
}

/** Hoodpay's payment states we act on; anything else is still pending. */
const COMPLETED = new Set(['COMPLETED']);
const CANCELLED = new Set(['EXPIRED', 'CANCELLED', 'CANCELED']);
const FAILED = new Set(['FAILED']);

/** Hoodpay's payment status -> ours. Conservative: only COMPLETED is completed. */
export function mapHoodpayStatus(status: unknown): CryptoPaymentStatus {
  const s = typeof status === 'string' ? status.trim().toUpperCase() : '';
  if (COMPLETED.has(s)) return 'completed';
  if (CANCELLED.has(s)) return 'cancelled';
  if (FAILED.has(s)) return 'failed';
  return 'pending';
}

/**
 * A Hoodpay amount in dollars (a JSON number like 0.29 or a string like "12.30") as integer cents,
 * rounded to the nearest cent (half up) on the decimal text, never by multiplying floats. Rounding
 * matters: a JSON number such as 0.30000000000000004 is 30 cents, not an amount we cannot read,
 * which would answer Hoodpay 502 for ever and leave the payment pending. Undefined when it is not a
 * non-negative decimal amount.
 */
export function hoodpayAmountToCents(amount: unknown): number | undefined {
  return decimalDollarsToCents(amount);
}

/** A payment id we are willing to put in a URL path: Hoodpay's UUIDs, our sandbox ids, or a number. */
function asPaymentId(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(value)) return value;
  return undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The payment id in a Hoodpay webhook body (already parsed from JSON): Hoodpay sends
 * `{ eventType, forPaymentEvents: { id, status, ... } }`; a `{ data: { id } }` envelope is accepted
 * too. Undefined for anything else. The id only says which payment to read back; it proves nothing.
 */
export function paymentIdFromWebhook(payload: unknown): string | undefined {
  if (!isRecord(payload)) return undefined;
  for (const holder of [payload.forPaymentEvents, payload.data]) {
    if (isRecord(holder)) {
      const id = asPaymentId(holder.id);
      if (id) return id;
    }
  }
  return undefined;
}

export class HoodpayCheckout implements CryptoCheckout {
  private readonly apiKey: string;
  private readonly paymentsUrl: string;

  constructor(options: HoodpayCheckoutOptions) {
    this.apiKey = options.apiKey;
    this.paymentsUrl = `${options.apiUrl.replace(/\/+$/, '')}/v1/businesses/${encodeURIComponent(options.businessId)}/payments`;
  }

  async createPayment(request: CheckoutRequest & { notifyUrl: string }): Promise<{ paymentId: string; url: string }> {
    assertPayable(request);
    const answer = await this.call('POST', this.paymentsUrl, {
      currency: 'USD',
      amount: Number(centsToDollars(request.amountCents)),
      name: request.description,
      description: `${request.description} (ref ${request.entryId})`,
      redirectUrl: request.successUrl,
      notifyUrl: request.notifyUrl,
      customerEmail: request.email,
      metadata: { userId: request.userId, entryId: request.entryId, purpose: request.purpose, ...(request.batchId ? { batchId: request.batchId } : {}) },
    });
    const data = isRecord(answer) && isRecord(answer.data) ? answer.data : undefined;
    const paymentId = asPaymentId(data?.id);
    const url = typeof data?.url === 'string' && /^https?:\/\//.test(data.url) ? data.url : undefined;
    if (!paymentId || !url) throw this.unavailable('create payment answered without data.id and data.url');
    return { paymentId, url };
  }

  async getPayment(paymentId: string): Promise<CryptoPayment> {
    const id = asPaymentId(paymentId);
    if (!id) throw this.unavailable(`refused to look up a malformed payment id ${JSON.stringify(clip(paymentId, 40))}`);
    const answer = await this.call('GET', `${this.paymentsUrl}/${encodeURIComponent(id)}`);
    const data = isRecord(answer) && isRecord(answer.data) ? answer.data : undefined;
    if (!data) throw this.unavailable(`payment ${id}: answer without data`);
    if (data.id !== undefined && asPaymentId(data.id) !== id) throw this.unavailable(`payment ${id}: answer is about payment ${asText(data.id)}`);
    if (typeof data.currency === 'string' && data.currency.toUpperCase() !== 'USD') {
      throw this.unavailable(`payment ${id}: currency ${data.currency}, expected USD`);
    }
    const amountCents = hoodpayAmountToCents(data.endAmount ?? data.amount);
    if (amountCents === undefined) throw this.unavailable(`payment ${id}: no usable endAmount (${String(data.endAmount ?? data.amount)})`);
    return { id, status: mapHoodpayStatus(data.status), amountCents };
  }

  /** One request to Hoodpay; its JSON answer, or ProviderUnavailable. */
  private async call(method: 'GET' | 'POST', url: string, body?: unknown): Promise<unknown> {
    const path = new URL(url).pathname;
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${this.apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      const why = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      throw this.unavailable(`${method} ${path} failed: ${why}`);
    }
    const text = await res.text().catch(() => '');
    if (!res.ok) throw this.unavailable(`${method} ${path} answered HTTP ${res.status}: ${clip(text)}`);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw this.unavailable(`${method} ${path} answered HTTP ${res.status} with a body that is not JSON: ${clip(text, 100)}`);
    }
  }

  private unavailable(detail: string): ProviderUnavailable {
    return new ProviderUnavailable('Hoodpay', redact(detail, [this.apiKey]));
  }
}
