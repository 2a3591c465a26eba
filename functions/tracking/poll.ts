/**
 * The scheduled tracking poll: labels whose carrier events stopped arriving. Each label with a
 * tracking number has a poll in the work index's `track` queue (data/orders.ts), due
 * TRACKING_POLL_MINUTES after its label; a run reads only what is due (at most POLL_LIMIT, the
 * earliest first), takes each label's poll with a conditional write (so two runs at once never both
 * ask), and asks the tracker. Carrier events do not move a poll (that would write the shared queue
 * once per event): a poll that comes due within an interval of the label's last event waits on
 * until an interval after it, without asking.
 *
 * With AfterShip the latest checkpoint goes through applyTrackingUpdate (source `poll`, no event id:
 * an event already applied is stale). With the sandbox tracker, every checkpoint of the label's
 * timeline that has happened since its last event is emitted as a signed EasyPost event through the
 * webhook path (sandbox-emitter.ts), so the local table moves the way webhooks would move it.
 *
 * A label in a final status, or refunded, leaves the queue; a tracker failure leaves the label for
 * its next turn (the claim already moved it one interval on).
 */
import { shipmentStatusOf, FINAL_SHIPMENT_STATUSES } from '../../domain/shipment-statuses';
import { claimTrackingPoll, dueTrackingPolls, nextTrackingPoll } from '../data/orders';
import type { Logger } from '../observability/logger';
import { getPackageTracker } from '../providers/registry/tracking';
import { applyTrackingUpdate } from './apply-update';
import { emitSandboxEvents, usingSandboxTracking } from './sandbox-emitter';

/** Most labels one run asks about; the rest are due again at the next run (a minute later in AWS). */
export const POLL_LIMIT = 50;

/** The JOBS entry: polls the due labels; counts by outcome. */
export async function pollTrackers(log: Logger, now: Date): Promise<Record<string, number>> {
  const counts = { polled: 0, applied: 0, dropped: 0, waiting: 0, skipped: 0, failed: 0 };
  for (const order of await dueTrackingPolls(now, POLL_LIMIT)) {
    const finished = order.status === 'refunded' || (order.trackingStatus !== undefined && FINAL_SHIPMENT_STATUSES.includes(order.trackingStatus));
    if (finished || !order.tracking) {
      if (await claimTrackingPoll(order, order.pollKey, undefined)) counts.dropped += 1;
      continue;
    }
    // Events are arriving: the next question waits an interval from the newest one.
    const fromEvent = order.lastEventAt ? nextTrackingPoll(new Date(order.lastEventAt)) : undefined;
    if (fromEvent && fromEvent > now) {
      if (await claimTrackingPoll(order, order.pollKey, fromEvent)) counts.waiting += 1;
      continue;
    }
    if (!(await claimTrackingPoll(order, order.pollKey, nextTrackingPoll(now)))) {
      counts.skipped += 1;
      continue;
    }
    counts.polled += 1;
    try {
      const tracking = await getPackageTracker().track(order.tracking, order);
      if (!tracking) continue;
      if (usingSandboxTracking()) {
        counts.applied += await emitSandboxEvents(order, tracking.checkpoints, tracking.checkpoints.length, log);
        continue;
      }
      const latest = tracking.checkpoints.at(-1);
      if (!latest) continue;
      const { outcome } = await applyTrackingUpdate(
        {
          trackingNumber: order.tracking,
          status: shipmentStatusOf(tracking.tag),
          lastEvent: { status: shipmentStatusOf(latest.tag), time: latest.checkpoint_time, message: latest.message, city: latest.city, state: latest.state },
          source: 'poll',
        },
        log,
        now,
      );
      if (outcome === 'applied') counts.applied += 1;
    } catch (err) {
      counts.failed += 1;
      log.warn('tracking poll failed; the label is asked again next time', { orderId: order.id, error: err as Error });
    }
  }
  return counts;
}
