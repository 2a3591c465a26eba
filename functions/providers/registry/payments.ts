/** Chooses the payment providers: the real one when its keys are configured, the local sandbox otherwise. */
import type Stripe from 'stripe';
import { type Config, config, isProductionStage } from '../../config';
import { hoodpayNotificationSignedWith, type NotificationHeaders } from '../payments/hoodpay-webhook-signature';
import { HoodpayCheckout } from '../payments/hoodpay-checkout';
import type { CardCheckout, CryptoCheckout } from '../payments/payments';
import { SandboxCardCheckout, SandboxCryptoCheckout } from '../payments/sandbox-checkout';
import { StripeCheckout, stripeEventSignedWith } from '../payments/stripe-checkout';
import { provider } from './cache';

/**
 * The sandbox checkouts stand in for real payments only outside production; there a function that
 * reaches one is refused at every use (the configuration already refuses, at cold start, a function
 * that takes card payments without a live Stripe key: functions/config.ts).
 */
function sandboxOutsideProduction<T>(c: Config, what: string, sandbox: () => T): T {
  if (isProductionStage(c))
    throw new Error(
      `${what} would use the sandbox checkout in ${c.STAGE ? `stage ${c.STAGE}` : 'a Lambda without a STAGE'}: production takes real payments only.`,
    );
  return sandbox();
}

/**
 * Card payments: Stripe Checkout when STRIPE_SECRET_KEY is set (which then requires
 * STRIPE_WEBHOOK_SECRET), the local sandbox otherwise (refused in production).
 */
export function getCardCheckout(): CardCheckout {
  return provider('cardCheckout', (c) =>
    c.STRIPE_SECRET_KEY
      ? new StripeCheckout({ secretKey: c.STRIPE_SECRET_KEY, webhookSecret: c.STRIPE_WEBHOOK_SECRET })
      : sandboxOutsideProduction(c, 'Card payments (no STRIPE_SECRET_KEY)', () => new SandboxCardCheckout()),
  );
}

/**
 * Crypto payments: Hoodpay when HOODPAY_API_KEY and HOODPAY_BUSINESS_ID are both set, the local
 * sandbox otherwise (refused in production, where a stage without Hoodpay takes no crypto).
 */
export function getCryptoCheckout(): CryptoCheckout {
  return provider('cryptoCheckout', (c) =>
    c.HOODPAY_API_KEY && c.HOODPAY_BUSINESS_ID
      ? new HoodpayCheckout({ apiKey: c.HOODPAY_API_KEY, businessId: c.HOODPAY_BUSINESS_ID, apiUrl: c.HOODPAY_API_URL })
      : sandboxOutsideProduction(c, 'Crypto payments (no HOODPAY_API_KEY and HOODPAY_BUSINESS_ID)', () => new SandboxCryptoCheckout()),
  );
}

/**
 * Whether Stripe's events must be live-mode ones: with a live key (sk_live_...). A test key and the
 * sandbox take test-mode events only. A live endpoint's secret never signs test events, but an
 * endpoint secret copied to the wrong stage would: the event's own `livemode` is checked too.
 */
export const stripeLivemode = (): boolean => config().STRIPE_SECRET_KEY?.startsWith('sk_live_') ?? false;

/** Which payment providers are sandboxes (the local front serves /_local/checkout only for those). */
export function usingSandboxPayments(): { card: boolean; crypto: boolean } {
  return { card: getCardCheckout() instanceof SandboxCardCheckout, crypto: getCryptoCheckout() instanceof SandboxCryptoCheckout };
}

/**
 * The Stripe event in `rawBody` when `signatureHeader` (Stripe-Signature) is a valid, fresh signature
 * of exactly that body by the selected card provider's webhook secret; undefined otherwise
 * (stripeEventSignedWith in stripe-checkout.ts). A misconfigured provider still throws, from
 * getCardCheckout(). `rawBody` must be the request body as received, before any JSON parsing.
 */
export function verifyStripeEvent(rawBody: string, signatureHeader: string | undefined): Promise<Stripe.Event | undefined> {
  return stripeEventSignedWith(getCardCheckout().webhookSecret(), rawBody, signatureHeader);
}

/**
 * Whether a Hoodpay notification may be read: with HOODPAY_WEBHOOK_SECRET set, only when its
 * signature over exactly `rawBody` is valid and fresh (hoodpay-webhook-signature.ts); without it,
 * always, so a stage that has not set the secret keeps taking payments. The payment is read back
 * from Hoodpay either way.
 */
export function verifyHoodpayNotification(rawBody: string, headers: NotificationHeaders): boolean {
  const secret = config().HOODPAY_WEBHOOK_SECRET;
  return secret === undefined || hoodpayNotificationSignedWith(secret, rawBody, headers);
}
