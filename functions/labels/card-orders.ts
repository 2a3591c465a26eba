/**
 * Buying a label by card: the order waits for its Stripe payment; the payment is a top-up entry tied
 * to the order, and when Stripe's webhook says it is paid, one transaction records the event,
 * settles the payment and spends it on the label (net zero for the wallet) and moves the order to
 * processing; then the label is bought. A carrier failure refunds the price into the wallet, where
 * the person can use it for the next label.
 *
 * A credits order short of balance whose shipper pays the shortfall by card
 * (./credit-orders.ts) settles through the same event: one transaction records the event, completes
 * the shortfall's top-up, debits the full price with its label entry (one balance update of the
 * difference, on the condition that the balance still covers the rest) and moves the order to
 * processing. If the balance was spent meanwhile, the top-up still completes (the money is the
 * user's) and the order fails: no cent is stranded either way.
 */
import { offerName } from '../../domain/pricing';
import type { LabelOrderBody } from '../../domain/schemas/labels';
import { failAwaitingOrder, getOrder, moveOrderStep, newOrder, putAwaitingOrder } from '../data/orders';
import { eventRecordStep } from '../data/payment-events';
import { getUserById } from '../data/users';
import { Conflict, ProviderUnavailable } from '../errors';
import { logger, type Logger } from '../observability/logger';
import { creditedEvents, settleTopUp, startPayment } from '../payments/top-ups';
import { sendWritten } from '../webhooks/outbox';
import { getEntry } from '../wallet/ledger';
import { completeTopUp, settleAndSpend, settleShortfallAndSpend, transactWallet } from '../wallet/wallet';
import type { Order } from '../../domain/api/orders';
import type { LedgerEntry } from '../../domain/api/wallet';
import type { User } from '../../domain/api/users';
import { priceOffer, QUOTE_USED, requote } from '../postage/quotes';
import { fulfilOrder, purchaseLeaseMs } from './buy-label';
import { getCarrier } from '../providers/registry/carrier';
import { leaseExpired, recoverOrder } from './recovery';

/** Why an order waiting for its card payment failed with nothing charged (the shipper may start again). */
export const CHECKOUT_NOT_STARTED = 'checkout could not start';
export const CARD_CANCELLED = 'card payment cancelled';
export const CARD_FAILED = 'card payment did not complete';
export const UNPAID_REASONS: ReadonlySet<string> = new Set([CHECKOUT_NOT_STARTED, CARD_CANCELLED, CARD_FAILED]);
/** A shortfall order whose balance no longer covered the rest when its card payment settled. */
export const SPENT_MEANWHILE =
  'Your wallet balance no longer covered the rest of the price when the card payment arrived, so the label was not bought. The card payment was added to your wallet.';

/** Creates the order (awaiting payment) and its Stripe Checkout; a checkout that cannot start fails the order. */
export async function startCardOrder(userId: string, details: LabelOrderBody, appOrigin?: string): Promise<{ id: string; url: string }> {
  const body = { ...details, paymentMethod: 'purchase' as const };
  const offer = await priceOffer(userId, body);
  const price = offer.priceCents;
  const order = newOrder(userId, body, offer, 'awaiting_payment');
  // One quote buys one label: a second purchase from it gets a fresh quote to confirm.
  if (!(await putAwaitingOrder(order))) return requote(QUOTE_USED, userId, body);
  try {
    const { ref, url } = await startPayment({
      userId,
      amountCents: price,
      creditType: 'Card',
      purpose: 'label',
      orderId: order.id,
      description: `USPS label: ${offerName(order.labelType)}`,
      appOrigin,
    });
    return { id: ref, url };
  } catch (err) {
    await failAwaitingOrder(userId, order.id, CHECKOUT_NOT_STARTED).catch(() => undefined);
    throw err;
  }
}

/**
 * Settles a label's card payment from a verified Stripe event and buys the label, exactly once per
 * order whatever the replays. Never throws for a carrier failure: the refund is the answer then.
 */
export async function settleCardOrderEvent(input: {
  userId: string;
  entryId: string;
  outcome: 'completed' | 'failed' | 'cancelled';
  eventKey: string;
  paidCents: number | undefined;
  /** Stripe's PaymentIntent of the payment, kept so a dispute or a dashboard refund of it finds the entry. */
  paymentIntent?: string;
  log: Logger;
}): Promise<string> {
  const entry = await getEntry(input.userId, input.entryId);
  const order = entry?.orderId ? await getOrder(input.userId, entry.orderId) : undefined;
  // Consistent: the wallet's change below is worked out against these balances.
  const user = await getUserById(input.userId, { consistent: true });
  if (!entry || !order || !user) return 'rejected';
  if (input.outcome !== 'completed') {
    const result = await settleTopUp({ userId: user.id, entryId: entry.id, outcome: input.outcome, eventKey: input.eventKey });
    await failAwaitingOrder(user.id, order.id, input.outcome === 'cancelled' ? CARD_CANCELLED : CARD_FAILED);
    return result;
  }
  const shortfall = order.shortfallCents !== undefined;
  if (input.paidCents !== (shortfall ? order.shortfallCents : order.priceCents) || input.paidCents !== entry.amountCents) return 'duplicate-or-rejected';
  const now = new Date().toISOString();
  // The purchase's first lease, known here so that its renewals can require it (functions/labels/buy-label.ts).
  const leaseUntil = new Date(Date.parse(now) + purchaseLeaseMs(getCarrier()));
  const event = eventRecordStep(input.eventKey, { orderId: order.id, outcome: 'completed' }, now);
  const move = { amountCents: order.priceCents, orderId: order.id };
  const settled = await transactWallet(
    user,
    (account) => [
      event,
      ...(shortfall
        ? settleShortfallAndSpend(account, entry, move, now, input.paymentIntent)
        : settleAndSpend(account, entry.id, move, now, input.paymentIntent)),
      moveOrderStep(order, 'awaiting_payment', 'processing', now, {}, leaseUntil),
    ],
    user,
  ).then(
    async (r) => {
      // The balance was spent meanwhile: the top-up completes on its own (the money is the user's)
      // and the order fails, with the same event record, so a replay does nothing.
      if (!r.ok && shortfall && r.failed.has('wallet.balance'))
        return (await creditAndFail(user, entry, order, event, now, input.paymentIntent)) ? ('credited' as const) : false;
      return r.ok;
    },
    async (err: unknown) => {
      // DynamoDB may have applied the settlement and lost only its answer (a timeout). A replay of
      // this event would then find it recorded and do nothing, leaving the order paid and
      // `processing` for ever; so when the payment is completed and the order is processing, buy
      // the label now. (A replay racing this exact moment could reach the carrier a second time;
      // completeOrder still records one label.)
      const [paid, after] = await Promise.all([getEntry(user.id, entry.id), getOrder(user.id, order.id)]).catch(() => [undefined, undefined]);
      if (paid?.status === 'completed' && after?.status === 'processing') return true;
      throw err;
    },
  );
  if (settled === 'credited') return 'credited-order-failed';
  if (!settled) {
    // A replay of an event already recorded: if the purchase it started died mid-way (its lease ran
    // out with the order still processing), finish or refund it now rather than at the next run.
    const stored = await getOrder(user.id, order.id);
    if (!stored || !leaseExpired(stored)) return 'duplicate-or-rejected';
    const outcome = await recoverOrder(stored, input.log);
    return outcome === 'created' ? 'applied' : outcome === 'refunded' ? 'refunded' : 'duplicate-or-rejected';
  }
  try {
    await fulfilOrder(user, { ...order, status: 'processing', leaseUntil: leaseUntil.toISOString() }, input.log);
    return 'applied';
  } catch (err) {
    if (err instanceof ProviderUnavailable) return 'refunded';
    // The purchase lost its lease (recovery took the order over): the payment is settled, and
    // recovery ends the order with its label or its refund.
    if (err instanceof Conflict) return 'taken-over';
    throw err;
  }
}

/**
 * A shortfall payment that arrived when the balance no longer covered the rest of the price: one
 * transaction records the event, completes the top-up (+its amount, told as wallet.credited) and fails the order. False when
 * it was settled another way meanwhile (a replay, a concurrent event): nothing changes then.
 */
async function creditAndFail(
  user: User,
  entry: LedgerEntry,
  order: Order,
  event: ReturnType<typeof eventRecordStep>,
  now: string,
  paymentIntent: string | undefined,
): Promise<boolean> {
  const credited = { ...entry, userId: user.id };
  const events = await creditedEvents(credited, now, paymentIntent);
  const done = await transactWallet(user, (account) => [
    event,
    ...completeTopUp(account, credited, now, paymentIntent),
    moveOrderStep(order, 'awaiting_payment', 'failed', now, { failureReason: SPENT_MEANWHILE }),
    ...events.steps,
  ]);
  if (done.ok) await sendWritten(events, logger);
  return done.ok;
}
