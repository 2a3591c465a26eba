/**
 * Recovery of purchases cut short. A purchase owns its processing order for a lease
 * (functions/data/orders.ts), renewed before each carrier call (./buy-label.ts); when the process
 * running it dies or times out between the payment and recording the carrier's answer, the lease
 * expires with the order still processing and its price paid. The scheduled work (functions/jobs/)
 * then takes the lease over (so the purchase, were it still alive, stops before its next carrier
 * call) and asks the carrier what it holds for that order:
 * - a bought label: recorded as if the purchase had finished;
 * - a shipment created but not bought: the purchase may still be in its buy call, so the order is
 *   left for a later pass until the shipment is older than two renewals of the lease (the buy call's
 *   own lease, then as long again for a call that outran its timeout); then it is refunded;
 * - nothing: the order fails and its price goes back to the wallet.
 * Either way exactly once: both outcomes require the order to be processing, and taking the lease
 * over requires the lease seen. A label the carrier sells after all for an order refunded here is
 * refunded at the carrier by the purchase that receives it, or by the sweep of failed orders when
 * that purchase died (./closed-purchases.ts), and alarmed.
 *
 * A retried request (the same Idempotency-Key) and a replayed card payment event that find their
 * order processing with an expired lease recover it at once, instead of waiting for the schedule.
 */
import type { Order } from '../../domain/api/orders';
import { expiredPurchases, takeOverLease } from '../data/orders';
import { getUserById } from '../data/users';
import { ProviderUnavailable } from '../errors';
import type { Logger } from '../observability/logger';
import { getCarrier } from '../providers/registry/carrier';
import { failAndRefund, finishOrder, keepLabel, labelRequestOf, stepLeaseMs } from './buy-label';

/** Why a recovered order without a label failed, as the shipper sees it in their shipments. */
export const INTERRUPTED = 'The purchase was interrupted before the label was bought; its price went back to your wallet.';

/** Orders one run looks at, at most: a backlog is worked through over the following runs. */
const BATCH = 25;

export type RecoveryOutcome = 'created' | 'refunded' | 'skipped';

/** True when a processing order's lease has run out (the purchase that held it is gone). */
export const leaseExpired = (order: Order, now = new Date()): boolean =>
  order.status === 'processing' && !!order.leaseUntil && order.leaseUntil < now.toISOString();

/**
 * Finishes or refunds one processing order whose lease expired. `skipped` when another run or
 * request took it first, the carrier could not answer, or the carrier holds a shipment its purchase
 * may still be buying (the new lease expires and a later run asks again).
 */
export async function recoverOrder(order: Order, log: Logger, now = new Date()): Promise<RecoveryOutcome> {
  const carrier = getCarrier();
  const stepMs = stepLeaseMs(carrier);
  if (!leaseExpired(order, now) || !(await takeOverLease(order, order.leaseUntil!, now, { until: new Date(now.getTime() + stepMs) }))) return 'skipped';
  const user = await getUserById(order.userId, { consistent: true });
  if (!user) {
    log.error('processing order of a missing account; left for an operator', { orderId: order.id, userId: order.userId });
    return 'skipped';
  }
  let found;
  try {
    found = await carrier.findPurchase(labelRequestOf(order));
  } catch (err) {
    log.warn('the carrier could not say whether the label was bought; asking again later', {
      orderId: order.id,
      detail: err instanceof ProviderUnavailable ? err.detail : String(err),
    });
    return 'skipped';
  }
  if (found.state === 'bought') {
    await finishOrder(order, await keepLabel(order, found.label), log);
    log.info('recovered an interrupted purchase: the label had been bought', { orderId: order.id });
    return 'created';
  }
  // A quote's shipment was made before the purchase: its buy call began at the lease's last renewal.
  const startedAt =
    found.state === 'started' ? (found.startedAt ?? (order.quote ? new Date(Date.parse(order.leaseUntil!) - stepMs).toISOString() : undefined)) : undefined;
  if (found.state === 'started' && mayStillBuy(startedAt, now, stepMs)) {
    log.info('the carrier holds a shipment not bought yet, whose purchase may still buy it; asking again later', {
      orderId: order.id,
      startedAt,
    });
    return 'skipped';
  }
  await failAndRefund(user, order, INTERRUPTED, log);
  log.info('recovered an interrupted purchase: no label, price refunded', { orderId: order.id, carrier: found.state });
  return 'refunded';
}

/**
 * Whether a purchase that created its shipment at `startedAt` may still be in its buy call: within
 * two renewals of its lease (the buy call's own, then as long again for a call that outran its
 * timeout). A shipment of unknown date is past that: the lease that covered it has run out.
 */
const mayStillBuy = (startedAt: string | undefined, now: Date, stepMs: number): boolean =>
  startedAt !== undefined && now.getTime() - Date.parse(startedAt) < 2 * stepMs;

/** One scheduled pass: every processing order whose lease expired, up to BATCH, finished or refunded. */
export async function recoverExpiredPurchases(log: Logger, now = new Date()): Promise<Record<RecoveryOutcome, number>> {
  const counts: Record<RecoveryOutcome, number> = { created: 0, refunded: 0, skipped: 0 };
  for (const order of await expiredPurchases(now, BATCH)) {
    try {
      counts[await recoverOrder(order, log, now)]++;
    } catch (err) {
      // One order's trouble (DynamoDB throttling) never stops the others; its lease expires again.
      log.error('recovering an order failed; it is tried again on a later run', { orderId: order.id, error: err as Error });
      counts.skipped++;
    }
  }
  return counts;
}
