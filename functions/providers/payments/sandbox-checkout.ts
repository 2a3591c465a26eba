/**
 * The local payment sandbox (no Stripe or Hoodpay keys configured): a checkout is a record in the
 * table (data/local-checkouts.ts) and its URL is our own page `<appOrigin>/_local/checkout/<id>`, on
 * the origin the payer opened (functions/http/app-origin.ts).
 * The page's Pay and Cancel buttons close the record and then deliver what the real provider would:
 *
 *   Stripe   stripeSandboxEvent(checkout, kind) (sandbox-stripe-event.ts): a Stripe.Event JSON
 *            (checkout.session.completed or checkout.session.expired) signed with Stripe's own
 *            test-header helper, for POST /stripe/webhook
 *   Hoodpay  hoodpaySandboxWebhookPayload(id, kind): Hoodpay's notification body (send it as JSON) for
 *            POST /hoodpay/webhook; the webhook then reads the payment back with getPayment(), which
 *            reads the record
 *
 * So the webhook routes run exactly the code they run in production, signature check included.
 * Refunds (a withdrawal's pay-back) are records too, kept once per idempotency key like Stripe's.
 * Ids look like the providers' (`cs_test_local_<ulid>`, `hp_local_<ulid>`) so nothing downstream
 * needs to know it is talking to the sandbox.
 */
import { createHmac } from 'node:crypto';
import { ulid } from 'ulid';
import { config } from '../../config';
import { appOrigin } from '../../http/app-origin';
import { getLocalCheckout, saveLocalCheckout, type LocalCheckout } from '../../data/local-checkouts';
import { saveLocalRefund } from '../../data/local-refunds';
import { ProviderUnavailable } from '../../errors';
import { assertPayable } from './checkout-request';
import type { CardCheckout, CardRefundRequest, CheckoutRequest, CryptoCheckout, CryptoPayment } from './payments';

/** The sandbox's Stripe webhook signing secret when STRIPE_WEBHOOK_SECRET is unset: stable per JWT_SECRET. */
export const deriveSandboxWebhookSecret = (jwtSecret: string): string =>
  `whsec_${createHmac('sha256', jwtSecret).update('stripe-sandbox-webhook').digest('hex')}`;

/** The secret sandbox Stripe events are signed with: STRIPE_WEBHOOK_SECRET, or the derived one. */
export function sandboxWebhookSecret(): string {
  const c = config();
  return c.STRIPE_WEBHOOK_SECRET ?? deriveSandboxWebhookSecret(c.JWT_SECRET);
}

/** Where the sandbox checkout page for `id` lives: on `origin` (the payer's), APP_URL's without one. */
export const localCheckoutUrl = (id: string, origin: string = appOrigin()): string => `${origin.replace(/\/+$/, '')}/_local/checkout/${id}`;

function record(request: CheckoutRequest, id: string, provider: LocalCheckout['provider'], notifyUrl?: string) {
  return {
    id,
    provider,
    userId: request.userId,
    email: request.email,
    entryId: request.entryId,
    purpose: request.purpose,
    ...(request.batchId ? { batchId: request.batchId } : {}),
    amountCents: request.amountCents,
    description: request.description,
    successUrl: request.successUrl,
    cancelUrl: request.cancelUrl,
    ...(notifyUrl ? { notifyUrl } : {}),
  };
}

/** Stripe Checkout stand-in. */
export class SandboxCardCheckout implements CardCheckout {
  async createSession(request: CheckoutRequest): Promise<{ id: string; url: string }> {
    assertPayable(request);
    const id = `cs_test_local_${ulid()}`;
    await saveLocalCheckout(record(request, id, 'stripe'));
    return { id, url: localCheckoutUrl(id, request.appOrigin) };
  }

  webhookSecret(): string {
    return sandboxWebhookSecret();
  }

  /** Records the refund (data/local-refunds.ts); the same idempotency key answers the same refund, as Stripe does. */
  async refund(request: CardRefundRequest): Promise<{ id: string }> {
    const refund = await saveLocalRefund({ ...request, id: `re_local_${ulid()}` });
    return { id: refund.id };
  }
}

/** Hoodpay stand-in. */
export class SandboxCryptoCheckout implements CryptoCheckout {
  async createPayment(request: CheckoutRequest & { notifyUrl: string }): Promise<{ paymentId: string; url: string }> {
    assertPayable(request);
    const paymentId = `hp_local_${ulid()}`;
    await saveLocalCheckout(record(request, paymentId, 'hoodpay', request.notifyUrl));
    return { paymentId, url: localCheckoutUrl(paymentId, request.appOrigin) };
  }

  /** The record as Hoodpay would report it: open -> pending, paid -> completed, cancelled -> cancelled. */
  async getPayment(paymentId: string): Promise<CryptoPayment> {
    const checkout = await getLocalCheckout(paymentId);
    if (!checkout || checkout.provider !== 'hoodpay') {
      throw new ProviderUnavailable('Hoodpay', `sandbox payment ${paymentId} does not exist`);
    }
    const status = checkout.status === 'paid' ? 'completed' : checkout.status === 'cancelled' ? 'cancelled' : 'pending';
    return { id: checkout.id, status, amountCents: checkout.amountCents };
  }
}

export type SandboxOutcome = 'paid' | 'cancelled';

/** Hoodpay's notification body, as far as the sandbox reproduces it. */
export interface HoodpayWebhookPayload {
  eventType: 'PAYMENT_COMPLETED' | 'PAYMENT_CANCELLED';
  createdAt: number;
  forPaymentEvents: { id: string; status: 'COMPLETED' | 'CANCELLED' };
}

/**
 * The body (to be sent as JSON) the sandbox page delivers to POST /hoodpay/webhook, in Hoodpay's
 * notification shape (`{ eventType, forPaymentEvents: { id, status } }`), which
 * paymentIdFromWebhook() reads. Unsigned, like what the webhook trusts from Hoodpay: nothing but the id.
 */
export function hoodpaySandboxWebhookPayload(paymentId: string, kind: SandboxOutcome, now = Date.now()): HoodpayWebhookPayload {
  const paid = kind === 'paid';
  return {
    eventType: paid ? 'PAYMENT_COMPLETED' : 'PAYMENT_CANCELLED',
    createdAt: Math.floor(now / 1000),
    forPaymentEvents: { id: paymentId, status: paid ? 'COMPLETED' : 'CANCELLED' },
  };
}
