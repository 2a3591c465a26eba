/**
 * The payment providers behind one interface each: card payments (Stripe Checkout) and crypto
 * payments (Hoodpay). With keys configured the real APIs are used; without them, the local sandbox
 * checkout (`/_local/checkout/<id>`), which completes through the same webhook routes.
 *
 * What we send a provider carries our ids (user, ledger entry, what is being paid for) so its
 * webhook can be matched to the pending ledger entry; what the provider tells us is never the
 * amount we credit: the entry's own amount is, and it must match what was paid.
 *
 * Handlers call getCardCheckout() / getCryptoCheckout() (providers/registry/payments.ts chooses) and never
 * know which one runs; the Stripe webhook checks its signature with verifyStripeEvent() (registry),
 * the Hoodpay webhook finds the payment with paymentIdFromWebhook() (hoodpay-checkout.ts) and reads
 * it back with getCryptoCheckout().getPayment().
 */

/** What a checkout pays for: a wallet top-up, one label, or a batch of labels (a top-up the batch then spends). */
export type CheckoutPurpose = 'topup' | 'label' | 'batch';

export interface CheckoutRequest {
  userId: string;
  email: string;
  /** Our pending ledger entry (top-up) or order id (label). */
  entryId: string;
  purpose: CheckoutPurpose;
  /** Purpose `batch`: the batch the payment starts (carried in the provider's metadata to the webhook). */
  batchId?: string;
  amountCents: number;
  /** One line the payer sees, e.g. "PrepaidShip wallet top-up". */
  description: string;
  successUrl: string;
  cancelUrl: string;
  /** Our app's origin for this payer (functions/http/app-origin.ts), where the sandbox's page lives; APP_URL's when absent. */
  appOrigin?: string;
}

/** Part of a settled card payment paid back to the card (a withdrawal's pay-back). */
export interface CardRefundRequest {
  /** The payment to refund: Stripe's PaymentIntent id, recorded when the top-up settled. */
  paymentIntent: string;
  amountCents: number;
  /** The same key always makes the same one refund, however often it is sent (a resumed approval). */
  idempotencyKey: string;
  /** Our ids, kept on the refund for the provider's dashboard. */
  metadata: Record<string, string>;
}

export interface CardCheckout {
  /** Creates a Stripe Checkout Session (or a sandbox one): its id and the URL to send the payer to. */
  createSession(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /**
   * Refunds part or all of a card payment (Stripe's POST /v1/refunds, or the sandbox's record of one): the refund's id.
   * Throws RefundRefused when the provider will never make it, ProviderUnavailable when trying again may help.
   */
  refund(request: CardRefundRequest): Promise<{ id: string }>;
  /** The secret the webhook's Stripe-Signature is checked with. */
  webhookSecret(): string;
}

/** `cancelled`: cancelled or expired unpaid at Hoodpay; `failed`: Hoodpay says the payment failed. */
export type CryptoPaymentStatus = 'pending' | 'completed' | 'failed' | 'cancelled';

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
