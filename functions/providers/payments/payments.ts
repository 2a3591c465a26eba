/**
 * The payment providers behind one interface each: card payments (Stripe Checkout) and crypto
 * payments (Hoodpay). With keys configured the real APIs are used; without them, the local sandbox
 * checkout (`/_local/checkout/<id>`), which completes through the same webhook routes.
 *
 * What we send a provider carries our ids (user, ledger entry, what is being paid for) so its
 * webhook can be matched to the pending ledger entry; what the provider tells us is never the
 * amount we credit: the entry's own amount is, and it must match what was paid.
 *
 * Handlers call getCardCheckout() / getCryptoCheckout() and never know which one runs; the Stripe
 * webhook checks its signature with verifyStripeEvent(), the Hoodpay webhook finds the payment with
 * paymentIdFromWebhook() and reads it back with getCryptoCheckout().getPayment().
 */
import Stripe from 'stripe';
import { config } from '../../config';
import { HoodpayCheckout } from './hoodpay-checkout';
import { SandboxCardCheckout, SandboxCryptoCheckout } from './sandbox-checkout';
import { StripeCheckout } from './stripe-checkout';

/** What a checkout pays for: a wallet top-up (issue 4) or one label (issue 5). */
export type CheckoutPurpose = 'topup' | 'label';

export interface CheckoutRequest {
  userId: string;
  email: string;
  /** Our pending ledger entry (top-up) or order id (label). */
  entryId: string;
  purpose: CheckoutPurpose;
  amountCents: number;
  /** One line the payer sees, e.g. "PrepaidShip wallet top-up". */
  description: string;
  successUrl: string;
  cancelUrl: string;
}

export interface CardCheckout {
  /** Creates a Stripe Checkout Session (or a sandbox one): its id and the URL to send the payer to. */
  createSession(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** The secret the webhook's Stripe-Signature is checked with. */
  webhookSecret(): string;
}

export type CryptoPaymentStatus = 'pending' | 'completed' | 'failed';

export interface CryptoPayment {
  id: string;
  status: CryptoPaymentStatus;
  /** What the payer was asked for, in cents (USD). */
  amountCents: number;
}

export interface CryptoCheckout {
  /** Creates a Hoodpay payment (or a sandbox one) for `request`, notifying `notifyUrl`. */
  createPayment(request: CheckoutRequest & { notifyUrl: string }): Promise<{ paymentId: string; url: string }>;
  /** Reads a payment from the provider: the webhook trusts this, not its own payload. */
  getPayment(paymentId: string): Promise<CryptoPayment>;
}

// ---------------------------------------------------------------------------------------------
// Selection: the real provider when its keys are configured, the local sandbox otherwise.
// ---------------------------------------------------------------------------------------------

export { paymentIdFromWebhook } from './hoodpay-checkout';
export { hoodpaySandboxWebhookPayload, stripeSandboxEvent, type HoodpayWebhookPayload, type SandboxOutcome } from './sandbox-checkout';

/** How old a Stripe-Signature timestamp may be, in seconds (Stripe's own default). */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

let cardCheckout: CardCheckout | undefined;
let cryptoCheckout: CryptoCheckout | undefined;

/**
 * Card payments: Stripe Checkout when STRIPE_SECRET_KEY is set (which then requires
 * STRIPE_WEBHOOK_SECRET), the local sandbox otherwise. Made on first use, kept for the process.
 */
export function getCardCheckout(): CardCheckout {
  if (!cardCheckout) {
    const c = config();
    cardCheckout = c.STRIPE_SECRET_KEY
      ? new StripeCheckout({ secretKey: c.STRIPE_SECRET_KEY, webhookSecret: c.STRIPE_WEBHOOK_SECRET })
      : new SandboxCardCheckout();
  }
  return cardCheckout;
}

/**
 * Crypto payments: Hoodpay when HOODPAY_API_KEY and HOODPAY_BUSINESS_ID are both set, the local
 * sandbox otherwise. Made on first use, kept for the process.
 */
export function getCryptoCheckout(): CryptoCheckout {
  if (!cryptoCheckout) {
    const c = config();
    cryptoCheckout =
      c.HOODPAY_API_KEY && c.HOODPAY_BUSINESS_ID
        ? new HoodpayCheckout({ apiKey: c.HOODPAY_API_KEY, businessId: c.HOODPAY_BUSINESS_ID, apiUrl: c.HOODPAY_API_URL })
        : new SandboxCryptoCheckout();
  }
  return cryptoCheckout;
}

/** Which providers are sandboxes (the local front serves /_local/checkout only for those). */
export function usingSandboxPayments(): { card: boolean; crypto: boolean } {
  return { card: getCardCheckout() instanceof SandboxCardCheckout, crypto: getCryptoCheckout() instanceof SandboxCryptoCheckout };
}

/** Forgets the selected providers (tests that change the keys; call resetConfigForTests too). */
export function resetPaymentsForTests(): void {
  cardCheckout = undefined;
  cryptoCheckout = undefined;
}

/**
 * The Stripe event in `rawBody` when `signatureHeader` (Stripe-Signature) is a valid signature of
 * exactly that body by the selected card provider's webhook secret, made at most 300 s ago.
 * Undefined for a missing, malformed, forged or stale signature or a tampered body: never throws for
 * those (a misconfigured provider still throws, from getCardCheckout()). `rawBody` must be the
 * request body as received, before any JSON parsing.
 */
export function verifyStripeEvent(rawBody: string, signatureHeader: string | undefined): Stripe.Event | undefined {
  const secret = getCardCheckout().webhookSecret();
  if (!signatureHeader || !rawBody) return undefined;
  try {
    const event = Stripe.webhooks.constructEvent(rawBody, signatureHeader, secret, STRIPE_SIGNATURE_TOLERANCE_SECONDS);
    return event && typeof event === 'object' && typeof event.type === 'string' ? event : undefined;
  } catch {
    return undefined;
  }
}
