/**
 * Where a refunded label's price goes (./label-refunds.ts completeRefund asks here): a label paid by
 * card goes back to that card, as a Stripe refund of its payment; one paid by credits to the wallet;
 * a credits order whose shortfall a card paid sends that payment back to its card and the rest of
 * the price to the wallet.
 *
 *   plan     the card part: min(the payment's unrefunded cents, the price); none when the payment
 *            is disputed (the wallet's credit is where the dispute's hold takes it), was refunded in
 *            full from Stripe's dashboard, or has no PaymentIntent. Recorded on the refund_pending
 *            order together with its reservation on the payment's top-up entry (`refundedCents`, as
 *            a withdrawal reserves: Stripe's `charge.refunded` for it then debits nothing), in one
 *            transaction, once.
 *   refund   at Stripe with the key `label-refund-<orderId>`: a repeat after a crash or a lost
 *            answer is the same one refund.
 *   settle   the caller's transaction that moves the order to refunded carries the wallet's steps:
 *            the refund of the price and a `card_refund` debit of the card part; or, when Stripe
 *            refuses for good (a disputed or too old payment), the whole price to the wallet with
 *            the reservation given back, and the shipper's mail says why.
 *
 * No money moves before Stripe has answered. While it cannot (an outage, a process that died after
 * the plan), the order stays refund_pending with its plan in the refund queue, and the scheduled
 * settlement resumes it without asking the carrier again.
 */
import type { Order } from '../../domain/api/orders';
import type { LedgerEntry } from '../../domain/api/wallet';
import { formatUsd } from '../../domain/money';
import { transact, type Step } from '../data/client';
import { cardRefundPlanStep, getOrder, type CardRefundPlan } from '../data/orders';
import type { StatsChange } from '../data/stats';
import { RefundRefused } from '../errors';
import type { Logger } from '../observability/logger';
import { getCardCheckout } from '../providers/registry/payments';
import { findOrderPayment, getEntry, releaseRefundStep, reserveRefundStep, unrefundedCents } from '../wallet/ledger';
import { refund, refundToCard, type WalletAccount } from '../wallet/wallet';

/** Tries of a plan whose order or payment changed between the read and the write (a re-read settles it). */
const RACE_TRIES = 3;

/** Where a refund's money goes, for the transaction that moves the order to refunded. */
export interface RefundMoney {
  /** What the order keeps of it with that move. */
  orderFields: Record<string, string | number>;
  /** The wallet's steps of that transaction; `also`: the admin figures the refund moves besides the balance. */
  steps(account: WalletAccount, also: StatsChange): Step[];
  /** What the shipper's mail says of where the money went. */
  told: string;
}

const BANK_DAYS = 'your bank shows it within 5 to 10 business days';

/** The whole price to the wallet, with `why` told first when there is a reason it did not go to a card. */
const toWallet = (order: Order, why?: string): RefundMoney => ({
  orderFields: {},
  steps: (user, also) => refund(user, { amountCents: order.priceCents, orderId: order.id }, also),
  told: `${why ? `${why} ` : ''}${formatUsd(order.priceCents)} is back in your PrepaidShip wallet.`,
});

/** A label whose price (all of it, or its shortfall) a card paid. */
const paidByCard = (order: Order) => order.paymentMethod === 'purchase' || order.shortfallCents !== undefined;

/** What of `payment` a refund may send back to its card now (0 when none may). */
const refundableCents = (payment: LedgerEntry | undefined, priceCents: number): number =>
  payment && payment.status === 'completed' && payment.provider === 'stripe' && payment.paymentIntent && !payment.disputeStatus
    ? Math.max(Math.min(unrefundedCents(payment), priceCents), 0)
    : 0;

/**
 * The refund_pending order with its card part planned and reserved, once (the plan a previous try
 * stored is kept); the payment read when nothing goes to the card.
 */
async function plan(start: Order): Promise<{ order: Order; payment?: LedgerEntry }> {
  let order = start;
  for (let attempt = 1; ; attempt++) {
    if (order.cardRefundCents !== undefined || !paidByCard(order)) return { order };
    const payment = await findOrderPayment(order);
    const cents = refundableCents(payment, order.priceCents);
    if (!payment || cents === 0) return { order, payment };
    const planned: CardRefundPlan = { cardRefundCents: cents, cardRefundEntryId: payment.id, cardRefundIntent: payment.paymentIntent as string };
    const done = await transact([cardRefundPlanStep(order, planned), reserveRefundStep(payment, cents)]);
    if (done.ok) return { order: { ...order, ...planned } };
    // Another run planned it first or settled the order, or the payment changed (a dispute opened,
    // a dashboard refund): read both again.
    const now = await getOrder(order.userId, order.id);
    if (!now || now.status !== 'refund_pending') return { order: now ?? order };
    if (attempt >= RACE_TRIES) throw new Error(`the card refund of order ${order.id} could not be planned: ${[...done.failed].join(', ')}`);
    order = now;
  }
}

/**
 * Where `order`'s price goes, its card part refunded at Stripe first (see the header); undefined
 * when Stripe could not answer now: the order stays refund_pending with its plan, for the scheduled work.
 */
export async function refundMoney(order: Order, log: Logger): Promise<RefundMoney | undefined> {
  const { order: planned, payment } = await plan(order);
  const cents = planned.cardRefundCents;
  if (!cents || !planned.cardRefundIntent || !planned.cardRefundEntryId) {
    const disputed = payment?.disputeStatus
      ? 'The card payment for this label is disputed at your bank, so its refund went to your wallet instead.'
      : undefined;
    return toWallet(planned, disputed);
  }
  let refundId: string;
  try {
    ({ id: refundId } = await getCardCheckout().refund({
      paymentIntent: planned.cardRefundIntent,
      amountCents: cents,
      idempotencyKey: `label-refund-${planned.id}`,
      metadata: { userId: planned.userId, orderId: planned.id, topUpId: planned.cardRefundEntryId },
    }));
  } catch (err) {
    if (err instanceof RefundRefused) return refusedByStripe(planned, cents, planned.cardRefundEntryId, err, log);
    log.warn('the card refund of a label could not be made now; the scheduled work asks again', {
      orderId: planned.id,
      detail: err instanceof Error ? err.message : String(err),
    });
    return undefined;
  }
  const rest = planned.priceCents - cents;
  const reason = `Refund of your ${formatUsd(planned.priceCents)} label${planned.tracking ? ` (tracking ${planned.tracking})` : ''}: ${formatUsd(cents)} back to the card you paid with.`;
  return {
    orderFields: { cardRefundCents: cents, cardRefundEntryId: planned.cardRefundEntryId, cardRefundIntent: planned.cardRefundIntent, cardRefundId: refundId },
    steps: (user, also) => refundToCard(user, { amountCents: planned.priceCents, orderId: planned.id }, { cents, reason }, also),
    told:
      rest > 0
        ? `${formatUsd(cents)} was refunded to the card you paid with (${BANK_DAYS}), and ${formatUsd(rest)} is back in your PrepaidShip wallet.`
        : `${formatUsd(cents)} was refunded to the card you paid with; ${BANK_DAYS}.`,
  };
}

/**
 * Stripe will never make the card refund (the payment is disputed, or too old): the whole price
 * goes to the wallet (where a dispute's hold takes it) and the payment's reservation is given back.
 */
async function refusedByStripe(order: Order, cents: number, entryId: string, refused: RefundRefused, log: Logger): Promise<RefundMoney> {
  log.warn('card refund of a label refused for good; its price goes to the wallet', { orderId: order.id, amountCents: cents, detail: refused.detail });
  const payment = await getEntry(order.userId, entryId);
  if (!payment) throw new Error(`order ${order.id}: its card payment ${entryId} is gone`);
  const wallet = toWallet(
    order,
    `We could not refund ${formatUsd(cents)} to the card you paid with (${refused.reason}), so the whole price went to your wallet.`,
  );
  return {
    orderFields: { cardRefundCents: cents, cardRefundEntryId: entryId, cardRefundRefused: refused.reason },
    steps: (user, also) => [...wallet.steps(user, also), releaseRefundStep(payment, cents)],
    told: wallet.told,
  };
}
