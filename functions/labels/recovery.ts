/**
 * Recovery of purchases cut short. A purchase owns its processing order for a lease
 * (functions/data/orders.ts); when the process running it dies or times out between the payment and
 * recording the carrier's answer, the lease expires with the order still processing and its price
 * paid. The scheduled work (functions/jobs/) then takes the lease over and asks the carrier whether
 * a label was bought for that order: if so the label is recorded as if the purchase had finished,
 * otherwise the order fails and its price goes back to the wallet. Either way exactly once: both
 * outcomes require the order to be processing, and taking the lease over requires the lease seen.
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
import { failAndRefund, finishOrder, keepLabel, labelRequestOf } from './buy-label';

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
 * request took it first, or the carrier could not answer (the new lease expires and a later run asks
 * again).
 */
export async function recoverOrder(order: Order, log: Logger, now = new Date()): Promise<RecoveryOutcome> {
  if (!leaseExpired(order, now) || !(await takeOverLease(order, order.leaseUntil!, now))) return 'skipped';
  const user = await getUserById(order.userId, { consistent: true });
  if (!user) {
    log.error('processing order of a missing account; left for an operator', { orderId: order.id, userId: order.userId });
    return 'skipped';
  }
  let bought;
  try {
    bought = await getCarrier().findLabel(labelRequestOf(order));
  } catch (err) {
    log.warn('the carrier could not say whether the label was bought; asking again later', {
      orderId: order.id,
      detail: err instanceof ProviderUnavailable ? err.detail : String(err),
    });
    return 'skipped';
  }
  if (bought) {
    await finishOrder(order, await keepLabel(order, bought), log);
    log.info('recovered an interrupted purchase: the label had been bought', { orderId: order.id });
    return 'created';
  }
  await failAndRefund(user, order, INTERRUPTED, log);
  log.info('recovered an interrupted purchase: no label, price refunded', { orderId: order.id });
  return 'refunded';
}

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
