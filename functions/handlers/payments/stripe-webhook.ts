/**
 * POST /stripe/webhook: Stripe's events, trusted only after the Stripe-Signature over the raw body
 * verifies and the event's mode (live or test) is the key's (400 otherwise, nothing changes). A paid top-up completes its pending entry and credits
 * the wallet once, whatever the replays; a paid label buys the label once; a checkout that expired
 * unpaid (the payer cancelled or left) marks the entry cancelled, a failed bank debit failed (and the
 * order failed either way); a batch's payment is a top-up that then starts the batch (or cancels it);
 * a dispute opened, closed or a refund made in Stripe's dashboard moves the wallet
 * (functions/payments/card-disputes.ts); anything else is acknowledged and ignored, so Stripe
 * stops retrying.
 */
import type Stripe from 'stripe';
import { settleTopUp } from '../../payments/top-ups';
import { settleCardOrderEvent } from '../../labels/card-orders';
import { batchPaymentSettled } from '../../batches/purchase';
import { BadRequest } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { stripeLivemode, verifyStripeEvent } from '../../providers/registry/payments';
import { CARD_MONEY_EVENTS, cardMoneyEvent } from '../../providers/payments/stripe-card-events';
import { settleCardMoneyEvent } from '../../payments/card-disputes';

const COMPLETES = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
/** Stripe ends a session the payer cancelled or abandoned by expiring it; only a debit that bounced failed. */
const CANCELS = new Set(['checkout.session.expired']);
const FAILS = new Set(['checkout.session.async_payment_failed']);

/** What the provider is told, whatever was done with its event (a 2xx stops its retries). */
const RECEIVED = { received: true } as const;

export const handler = api(route.stripeWebhook, async function stripeWebhook({ rawBody, headers, log }) {
  const event = await verifyStripeEvent(rawBody, headers['stripe-signature']);
  if (!event) throw new BadRequest('Invalid signature');
  // A test-mode event at a live key (or the reverse) moves no real money: refused before anything is read.
  if (event.livemode !== stripeLivemode())
    throw new BadRequest(`A ${event.livemode ? 'live' : 'test'}-mode event at a ${stripeLivemode() ? 'live' : 'test'}-mode endpoint`);
  if (CARD_MONEY_EVENTS.has(event.type)) {
    const parsed = cardMoneyEvent(event);
    // Not in USD, or naming no PaymentIntent: no payment made through our checkout.
    if (!parsed) log.warn('stripe card event without a payment of ours', { eventId: event.id, type: event.type });
    else log.info('stripe card event', { eventId: event.id, type: event.type, result: await settleCardMoneyEvent(parsed, event.id, log) });
    return RECEIVED;
  }
  if (!COMPLETES.has(event.type) && !FAILS.has(event.type) && !CANCELS.has(event.type)) return RECEIVED;

  const session = event.data.object as Stripe.Checkout.Session;
  const { userId, entryId, purpose } = session.metadata ?? {};
  // Our own checkouts always carry both ids, set by the server, and the same user twice.
  if (!userId || !entryId || (purpose !== 'topup' && purpose !== 'label' && purpose !== 'batch') || session.client_reference_id !== userId) {
    log.warn('stripe event without a payment of ours', { eventId: event.id, type: event.type });
    return RECEIVED;
  }
  // A completed session that is not paid yet (bank debits) settles later by async_payment_*.
  if (event.type === 'checkout.session.completed' && session.payment_status !== 'paid') return RECEIVED;

  const outcome = COMPLETES.has(event.type) ? 'completed' : CANCELS.has(event.type) ? 'cancelled' : 'failed';
  const settle = { userId, entryId, outcome, eventKey: `stripe#${event.id}`, paidCents: session.amount_total ?? undefined } as const;
  // A top-up keeps its PaymentIntent: a withdrawal pays the wallet back as refunds of it.
  const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? undefined);
  // A label's payment also buys the label (or refunds it into the wallet when the carrier fails).
  const result = purpose === 'label' ? await settleCardOrderEvent({ ...settle, paymentIntent, log }) : await settleTopUp({ ...settle, paymentIntent });
  // A batch's payment is a plain top-up; once it is applied (or this is a replay of one that was), the batch starts or is cancelled.
  const batchId = session.metadata?.batchId;
  if (purpose === 'batch' && batchId && result !== 'rejected') await batchPaymentSettled({ userId, batchId, entryId, outcome }, log);
  log.info('stripe event settled', { eventId: event.id, type: event.type, entryId, outcome, result });
  return RECEIVED;
});
