/**
 * The sweep of closed purchases: a sale the carrier completed after the order was refunded, that no
 * purchase received. A purchase refunds only when the carrier refused or said it holds nothing, and
 * recovery only once a shipment is past any lease (./buy-label.ts, ./recovery.ts); still, a buy call
 * can outrun our client and complete at the carrier after all, and the process that made it can die
 * before any answer. So every paid order that failed is asked about again (functions/data/
 * purchase-rechecks.ts): first two lease renewals after it failed, then at gaps four times as long,
 * until RECHECK_WINDOW_MS after it failed. A label found is refunded at the carrier at once, logged
 * as an error and counted (LabelsSoldForClosedOrders, which the stack alarms on), as the purchase
 * does for a label it receives too late; a label whose refund was asked already (one the purchase
 * refused) is left as it is.
 *
 * Reads stay bounded: one Query of the work index's recheck queue a run (BATCH items at most), and
 * one carrier lookup per due order. A check the carrier could not answer, or whose refund could not
 * be asked, is due again a renewal later.
 */
import { getOrder } from '../data/orders';
import { dueRechecks, dueTimeOf, endRecheck, moveRecheck, type PurchaseRecheck } from '../data/purchase-rechecks';
import { ProviderUnavailable } from '../errors';
import type { Logger } from '../observability/logger';
import type { Carrier } from '../providers/carrier/carrier';
import { getCarrier } from '../providers/registry/carrier';
import { firstRecheckMs, labelRequestOf, RECHECK_WINDOW_MS, refundSoldLabel } from './buy-label';

/** Orders one run asks about, at most: a backlog is worked through over the following runs. */
const BATCH = 25;
/** Each gap between two checks of one order is this many times the one before. */
const GAP_FACTOR = 4;

export type RecheckOutcome = 'refundedAtCarrier' | 'nothingSold' | 'skipped';

/** When an order closed at `closedAt` and checked as due at `due` is checked next; undefined when that was its last check. */
export function nextCheck(closedAt: string, due: string, first: number): Date | undefined {
  const closed = Date.parse(closedAt);
  const end = closed + RECHECK_WINDOW_MS;
  const checked = Date.parse(due);
  if (checked >= end) return undefined;
  return new Date(Math.min(end, closed + Math.max(first, GAP_FACTOR * (checked - closed))));
}

/** Asks the carrier about one closed order, once; what it found. */
export async function recheckClosedPurchase(recheck: PurchaseRecheck, carrier: Carrier, log: Logger, now: Date): Promise<RecheckOutcome> {
  const first = firstRecheckMs(carrier);
  if (now.getTime() >= recheck.expiresAt * 1000) {
    // Past its time to live (TTL deletion lags): a carrier that never answered its last checks.
    log.warn('a failed order could not be rechecked at the carrier before its recheck expired', { orderId: recheck.orderId });
    await endRecheck(recheck);
    return 'skipped';
  }
  // Taken for a while first: another run skips it, and a check that fails here is due again then.
  const taken = await moveRecheck(recheck, new Date(now.getTime() + first));
  if (!taken) return 'skipped';
  const order = await getOrder(recheck.userId, recheck.orderId);
  // Only a failed order is closed for good; nothing else ever enters the queue.
  if (order?.status !== 'failed') {
    await endRecheck(recheck);
    return 'nothingSold';
  }
  let found;
  try {
    found = await carrier.findPurchase(labelRequestOf(order));
  } catch (err) {
    log.warn('the carrier could not say whether it sold a label for a failed order; asking again later', {
      orderId: order.id,
      detail: err instanceof ProviderUnavailable ? err.detail : String(err),
    });
    return 'skipped';
  }
  if (found.state === 'bought') {
    const label = found.label;
    const asked = await carrier.refundStatus({ ...order, carrierRef: label.carrierRef, tracking: label.tracking });
    if (asked) {
      // The purchase refused this label and asked its refund itself: nothing more to do.
      await endRecheck(recheck);
      return 'nothingSold';
    }
    if (!(await refundSoldLabel(order, label, log))) return 'skipped';
    await endRecheck(recheck);
    return 'refundedAtCarrier';
  }
  const next = nextCheck(recheck.closedAt, dueTimeOf(recheck), first);
  if (!next) await endRecheck(recheck);
  else await moveRecheck(taken, next);
  return 'nothingSold';
}

/** One scheduled pass: every closed order due for a check, up to BATCH, asked about once. */
export async function recheckClosedPurchases(log: Logger, now = new Date()): Promise<Record<RecheckOutcome, number>> {
  const counts: Record<RecheckOutcome, number> = { refundedAtCarrier: 0, nothingSold: 0, skipped: 0 };
  const carrier = getCarrier();
  for (const recheck of await dueRechecks(now, BATCH)) {
    try {
      counts[await recheckClosedPurchase(recheck, carrier, log, now)]++;
    } catch (err) {
      // One order's trouble never stops the others; it is due again once its taking runs out.
      log.error('rechecking a failed order at the carrier failed; it is tried again on a later run', { orderId: recheck.orderId, error: err as Error });
      counts.skipped++;
    }
  }
  return counts;
}
