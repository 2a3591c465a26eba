/**
 * The Stripe event the local payment sandbox delivers (sandbox-checkout.ts): apart from the rest of
 * the sandbox so that the Stripe SDK, which signs it, is not a static import of every payment
 * Lambda (the Lambdas only verify events, and load the SDK for that on first use, to keep it out
 * of their cold start). Only the local front and tests build these events.
 */
import Stripe from 'stripe';
import { ulid } from 'ulid';
import type { LocalCheckout } from '../../data/local-checkouts';
import { sandboxWebhookSecret, type SandboxOutcome } from './sandbox-checkout';

/**
 * The signed Stripe event the sandbox page delivers to POST /stripe/webhook: paid ->
 * `checkout.session.completed` (payment_status paid), cancelled -> `checkout.session.expired`
 * (payment_status unpaid). `signatureHeader` goes in the `Stripe-Signature` header, `payload` is the
 * body, byte for byte.
 */
export function stripeSandboxEvent(checkout: LocalCheckout, kind: SandboxOutcome, now = Date.now()): { payload: string; signatureHeader: string } {
  if (checkout.provider !== 'stripe') throw new Error(`Checkout ${checkout.id} is not a Stripe checkout`);
  const created = Math.floor(now / 1000);
  const paid = kind === 'paid';
  const session = {
    id: checkout.id,
    object: 'checkout.session',
    mode: 'payment',
    livemode: false,
    client_reference_id: checkout.userId,
    customer_email: checkout.email,
    customer_details: { email: checkout.email },
    metadata: { userId: checkout.userId, entryId: checkout.entryId, purpose: checkout.purpose, ...(checkout.batchId ? { batchId: checkout.batchId } : {}) },
    amount_subtotal: checkout.amountCents,
    amount_total: checkout.amountCents,
    currency: 'usd',
    payment_status: paid ? 'paid' : 'unpaid',
    status: paid ? 'complete' : 'expired',
    payment_intent: paid ? `pi_local_${ulid()}` : null,
    success_url: checkout.successUrl,
    cancel_url: checkout.cancelUrl,
    url: null,
    created: Math.floor(Date.parse(checkout.createdAt) / 1000),
    expires_at: checkout.expiresAt,
  };
  const event = {
    id: `evt_local_${ulid()}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: paid ? 'checkout.session.completed' : 'checkout.session.expired',
    data: { object: session },
  };
  const payload = JSON.stringify(event);
  const signatureHeader = Stripe.webhooks.generateTestHeaderString({ payload, secret: sandboxWebhookSecret(), timestamp: created });
  return { payload, signatureHeader };
}
