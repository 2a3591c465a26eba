/**
 * Stripe's events about money that left through the card network after a payment settled: a
 * dispute opened or closed at the card holder's bank, and a refund made from Stripe's dashboard.
 * Read into what the wallet needs (functions/payments/card-disputes.ts) and nothing more, so the
 * settling code never reads Stripe's objects. Only the types are Stripe's: nothing here loads the SDK.
 *
 * Each names the payment by its PaymentIntent, the id we keep with the top-up it paid for; a
 * dispute or charge without one (a payment not made through our Checkout) is not ours.
 */
import type Stripe from 'stripe';

export const DISPUTE_CREATED = 'charge.dispute.created';
export const DISPUTE_CLOSED = 'charge.dispute.closed';
export const CHARGE_REFUNDED = 'charge.refunded';
export const CARD_MONEY_EVENTS: ReadonlySet<string> = new Set([DISPUTE_CREATED, DISPUTE_CLOSED, CHARGE_REFUNDED]);

export type CardMoneyEvent =
  | { kind: 'dispute.opened'; disputeId: string; paymentIntent: string; amountCents: number; reason: string }
  | { kind: 'dispute.closed'; disputeId: string; paymentIntent: string; amountCents: number; reason: string; outcome: 'won' | 'lost' }
  | {
      kind: 'charge.refunded';
      chargeId: string;
      paymentIntent: string;
      /** Everything refunded of the charge so far, ours and the dashboard's alike (Stripe's `amount_refunded`). */
      refundedCents: number;
    };

const idOf = (ref: string | { id: string } | null | undefined): string | undefined => (typeof ref === 'string' ? ref : (ref?.id ?? undefined));
const cents = (n: unknown): number | undefined => (typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : undefined);

/**
 * How a closed dispute ended for the wallet: `won` (and an inquiry closed without becoming a
 * chargeback, `warning_closed`) gives the money back; `lost` keeps it gone. Any other status is
 * not a closing Stripe documents, and is not settled.
 */
function closing(status: Stripe.Dispute.Status): 'won' | 'lost' | undefined {
  if (status === 'won' || status === 'warning_closed') return 'won';
  if (status === 'lost') return 'lost';
  return undefined;
}

/** `event` as a CardMoneyEvent, or undefined when it is another event, not in USD, or names no PaymentIntent or amount. */
export function cardMoneyEvent(event: Stripe.Event): CardMoneyEvent | undefined {
  if (event.type === DISPUTE_CREATED || event.type === DISPUTE_CLOSED) {
    const dispute = event.data.object;
    const paymentIntent = idOf(dispute.payment_intent);
    const amountCents = cents(dispute.amount);
    if (!dispute.id || !paymentIntent || !amountCents || dispute.currency !== 'usd') return undefined;
    const base = { disputeId: dispute.id, paymentIntent, amountCents, reason: String(dispute.reason ?? 'general') };
    if (event.type === DISPUTE_CREATED) return { kind: 'dispute.opened', ...base };
    const outcome = closing(dispute.status);
    return outcome ? { kind: 'dispute.closed', ...base, outcome } : undefined;
  }
  if (event.type === CHARGE_REFUNDED) {
    const charge = event.data.object;
    const paymentIntent = idOf(charge.payment_intent);
    const refundedCents = cents(charge.amount_refunded);
    if (!charge.id || !paymentIntent || refundedCents === undefined || charge.currency !== 'usd') return undefined;
    return { kind: 'charge.refunded', chargeId: charge.id, paymentIntent, refundedCents };
  }
  return undefined;
}
