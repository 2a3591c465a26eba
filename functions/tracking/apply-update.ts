/**
 * The one path a carrier event takes into our data, whoever brought it: the EasyPost and
 * AfterShip webhooks, the scheduled poll, the local sandbox emitter.
 *
 * One transaction records the provider's event id (data/payment-events.ts: a replay fails that step
 * and changes nothing) and moves the order's trackingStatus and lastEvent, only when the event is
 * newer than the stored one (instants compared; an older or equal event is stale, nothing changes:
 * webhooks arrive out of order and the poll may bring an event a webhook already did). The same
 * write leaves the label's poll alone: the poll waits on from the newest event, or ends at a final
 * status, when it comes due (./poll.ts).
 *
 * After it, whatever happened (applied, replay, stale): a label seen beyond pre_transit leaves the
 * unused-refund queue (the refund rule: it is in the mail), and queueTrackingNotices gets the order as
 * stored; both are idempotent, so a replay heals a process that died between the write and them.
 * An applied event is also written to the webhook outbox as `tracking.updated`, in the same
 * transaction (functions/webhooks/outbox.ts).
 */
import type { LastEvent } from '../../domain/api/tracking';
import type { ShipmentStatus } from '../../domain/shipment-statuses';
import type { Order } from '../../domain/api/orders';
import { transact } from '../data/client';
import { findOrderByTracking, getOrder, leaveUnusedQueue, trackingEventStep } from '../data/orders';
import { eventRecordStep } from '../data/payment-events';
import { queueTrackingNotices } from '../notifications/tracking-notices';
import type { Logger } from '../observability/logger';
import { trackingUpdated } from '../webhooks/events';
import { outboxWrite, sendWritten } from '../webhooks/outbox';

/** Where an update came from: a provider's webhook, the scheduled poll, or the local sandbox (EasyPost-format events). */
export type TrackingSource = 'easypost' | 'aftership' | 'poll';

export interface TrackingUpdate {
  trackingNumber: string;
  /** The shipment's status after this event. */
  status: ShipmentStatus;
  lastEvent: LastEvent;
  /** The provider's event id; absent for a poll (nothing to replay). */
  eventId?: string;
  source: TrackingSource;
}

/**
 * applied: the order moved; replay: this event id was applied before; stale: the order already holds
 * an event as new or newer; unknown: no label of ours has this number (acknowledged, nothing changes).
 */
export type TrackingOutcome = 'applied' | 'replay' | 'stale' | 'unknown';

/** `time` as a comparable instant (UTC ISO), or undefined when it is not a time. */
export function instantOf(time: string): string | undefined {
  const ms = Date.parse(time);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
}

/** Applies one carrier event (see the header); never throws for the event's content, only for DynamoDB failures. */
export async function applyTrackingUpdate(update: TrackingUpdate, log: Logger, now = new Date()): Promise<{ outcome: TrackingOutcome; order?: Order }> {
  const found = await findOrderByTracking(update.trackingNumber);
  if (!found?.tracking) {
    log.info('tracking event for no label of ours', { trackingNumber: update.trackingNumber, source: update.source });
    return { outcome: 'unknown' };
  }
  const at = instantOf(update.lastEvent.time);
  if (!at) {
    log.warn('tracking event without a readable time', { trackingNumber: update.trackingNumber, time: update.lastEvent.time });
    return { outcome: 'stale', order: found };
  }
  // The label's poll is not moved here: it waits on from this event, or ends at a final status (./poll.ts).
  const steps = [trackingEventStep(found, { status: update.status, lastEvent: update.lastEvent, at })];
  if (update.eventId) {
    steps.unshift(
      eventRecordStep(`${update.source}#${update.eventId}`, { trackingNumber: update.trackingNumber, trackingStatus: update.status }, now.toISOString()),
    );
  }
  // tracking.updated for the account's listening endpoints, in the same transaction: written only
  // when the event is applied, and in order with the label's other events (its subject is the order).
  const events = await outboxWrite(found.userId, trackingUpdated(found, update), now);
  const result = await transact([...steps, ...events.steps]);
  const outcome: TrackingOutcome = result.ok ? 'applied' : result.failed.has('event') ? 'replay' : 'stale';
  if (result.ok) await sendWritten(events, log);

  const order = (await getOrder(found.userId, found.id)) ?? found;
  if (order.status === 'created' && order.trackingStatus && order.trackingStatus !== 'pre_transit') await leaveUnusedQueue(order);
  await queueTrackingNotices(order, log);
  log.info('tracking event', { trackingNumber: update.trackingNumber, source: update.source, eventId: update.eventId, status: update.status, outcome });
  return { outcome, order };
}
