/**
 * Buying a label by card: the order waits for its Stripe payment; the payment is a top-up entry tied
 * to the order, and when Stripe's webhook says it is paid, one transaction records the event,
 * settles the payment and spends it on the label (net zero for the wallet) and moves the order to
 * processing; then the label is bought. A carrier failure refunds the price into the wallet, where
 * the person can use it for the next label.
 */
import { findLabelType } from '../../domain/pricing';
import type { LabelOrderBody } from '../../domain/schemas/labels';
import { transact } from '../data/client';
import { failAwaitingOrder, getOrder, moveOrderStep, newOrder, putAwaitingOrder } from '../data/orders';
import { eventRecordStep } from '../data/payment-events';
import { getUserById } from '../data/users';
import { ProviderUnavailable } from '../errors';
import type { Logger } from '../observability/logger';
import { settleTopUp, startPayment } from '../payments/top-ups';
import { getEntry } from '../wallet/ledger';
import { settleAndSpend } from '../wallet/wallet';
import { fulfilOrder, priceOf } from './buy-label';
import { leaseExpired, recoverOrder } from './recovery';

/** Creates the order (awaiting payment) and its Stripe Checkout; a checkout that cannot start fails the order. */
export async function startCardOrder(userId: string, details: LabelOrderBody, appOrigin?: string): Promise<{ id: string; url: string }> {
  const body = { ...details, paymentMethod: 'purchase' as const };
  const price = priceOf(body);
  const order = newOrder(userId, body, price, 'awaiting_payment');
  await putAwaitingOrder(order);
  try {
    const { ref, url } = await startPayment({
      userId,
      amountCents: price,
      creditType: 'Card',
      purpose: 'label',
      orderId: order.id,
      description: `USPS label: ${findLabelType(body.labelType)?.name ?? body.labelType}`,
      appOrigin,
    });
    return { id: ref, url };
  } catch (err) {
    await failAwaitingOrder(userId, order.id, 'checkout could not start').catch(() => undefined);
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
  log: Logger;
}): Promise<string> {
  const entry = await getEntry(input.userId, input.entryId);
  const order = entry?.orderId ? await getOrder(input.userId, entry.orderId) : undefined;
  const user = await getUserById(input.userId);
  if (!entry || !order || !user) return 'rejected';
  if (input.outcome !== 'completed') {
    const result = await settleTopUp({ userId: user.id, entryId: entry.id, outcome: input.outcome, eventKey: input.eventKey });
    await failAwaitingOrder(user.id, order.id, input.outcome === 'cancelled' ? 'card payment cancelled' : 'card payment did not complete');
    return result;
  }
  if (input.paidCents !== order.priceCents) return 'duplicate-or-rejected';
  const now = new Date().toISOString();
  const settled = await transact([
    eventRecordStep(input.eventKey, { orderId: order.id, outcome: 'completed' }, now),
    ...settleAndSpend(user, entry.id, { amountCents: order.priceCents, orderId: order.id }, now),
    moveOrderStep(order, 'awaiting_payment', 'processing', now),
  ]).then(
    (r) => r.ok,
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
  if (!settled) {
    // A replay of an event already recorded: if the purchase it started died mid-way (its lease ran
    // out with the order still processing), finish or refund it now rather than at the next run.
    const stored = await getOrder(user.id, order.id);
    if (!stored || !leaseExpired(stored)) return 'duplicate-or-rejected';
    const outcome = await recoverOrder(stored, input.log);
    return outcome === 'created' ? 'applied' : outcome === 'refunded' ? 'refunded' : 'duplicate-or-rejected';
  }
  try {
    await fulfilOrder(user, { ...order, status: 'processing' }, input.log);
    return 'applied';
  } catch (err) {
    if (err instanceof ProviderUnavailable) return 'refunded';
    throw err;
  }
}
