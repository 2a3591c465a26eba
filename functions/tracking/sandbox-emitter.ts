/**
 * The local sandbox's carrier events (TRACKING_PROVIDER=sandbox): each checkpoint of a
 * label's sandbox timeline (providers/tracking/sandbox-tracker.ts) that has happened -- by the clock,
 * or forced by the local advance control -- becomes an EasyPost `tracker.updated` Event (index 0:
 * `tracker.created`), signed with the webhook secret, and goes to the SAME function the
 * /easypost/webhook route runs (verify, read, apply). Event ids are deterministic,
 * `<tracking number>-<checkpoint index>`, so emitting a checkpoint twice is a replay that changes
 * nothing, and a newcomer's table moves the way a real EasyPost account's would.
 */
import type { Checkpoint } from '../../domain/api/tracking';
import { shipmentStatusOf } from '../../domain/shipment-statuses';
import type { Order } from '../../domain/api/orders';
import { findOrderByTracking, getOrder } from '../data/orders';
import { forcedSteps, setForcedSteps } from '../data/local-tracking';
import type { Logger } from '../observability/logger';
import { trackingSettings } from '../providers/registry/tracking';
import { sandboxJourney } from '../providers/tracking/sandbox-tracker';
import { uspsTrackingLink } from '../providers/tracking/usps-network';
import { easyPostSignature } from './easypost-events';
import { receiveEasyPostWebhook, type WebhookOutcome } from './receive-webhook';
import { easyPostWebhookSecret } from './webhook-secrets';

/** True when carrier events come from the local sandbox (no AfterShip): the poll emits, the advance control exists. */
export const usingSandboxTracking = (): boolean => trackingSettings().TRACKING_PROVIDER !== 'aftership';

const detail = (c: Checkpoint) => ({
  object: 'TrackingDetail',
  message: c.message,
  description: c.message,
  status: shipmentStatusOf(c.tag),
  // The checkpoint's local time with its offset, so the table shows the time where it happened.
  datetime: c.checkpoint_time,
  source: 'USPS',
  tracking_location: { object: 'TrackingLocation', city: c.city, state: c.state, country: 'US', zip: null },
});

/** The EasyPost Event for checkpoint `index` of `checkpoints` (the tracker as it stood then), its raw body and signature. */
export function sandboxEasyPostEvent(trackingNumber: string, checkpoints: readonly Checkpoint[], index: number): { rawBody: string; signature: string } {
  const shown = checkpoints.slice(0, index + 1);
  const latest = shown.at(-1);
  if (!latest) throw new Error(`no checkpoint ${index} for ${trackingNumber}`);
  const at = new Date(Date.parse(latest.checkpoint_time)).toISOString();
  const event = {
    id: `${trackingNumber}-${index}`,
    object: 'Event',
    mode: 'test',
    description: index === 0 ? 'tracker.created' : 'tracker.updated',
    created_at: at,
    updated_at: at,
    result: {
      id: `trk_sandbox_${trackingNumber}`,
      object: 'Tracker',
      mode: 'test',
      tracking_code: trackingNumber,
      status: shipmentStatusOf(latest.tag),
      carrier: 'USPS',
      tracking_details: shown.map(detail),
      public_url: uspsTrackingLink(trackingNumber),
    },
  };
  const rawBody = JSON.stringify(event);
  return { rawBody, signature: easyPostSignature(rawBody, easyPostWebhookSecret()) };
}

/**
 * Emits, oldest first, the checkpoints among the first `upTo` of `checkpoints` that are newer than the
 * order's stored last event; answers how many were applied.
 */
export async function emitSandboxEvents(
  order: Pick<Order, 'tracking' | 'lastEvent'>,
  checkpoints: readonly Checkpoint[],
  upTo: number,
  log: Logger,
): Promise<number> {
  if (!order.tracking) return 0;
  const stored = order.lastEvent ? Date.parse(order.lastEvent.time) : -Infinity;
  let applied = 0;
  for (let i = 0; i < Math.min(upTo, checkpoints.length); i++) {
    if (Date.parse(checkpoints[i]!.checkpoint_time) <= stored) continue;
    const { rawBody, signature } = sandboxEasyPostEvent(order.tracking, checkpoints, i);
    const outcome: WebhookOutcome = await receiveEasyPostWebhook(rawBody, signature, log);
    if (outcome === 'applied') applied += 1;
  }
  return applied;
}

export type AdvanceResult =
  { status: 200; order: Order; step: number; steps: number } | { status: 404; message: string } | { status: 409; message: string; order: Order };

/**
 * The local advance control: moves one sandbox label to its next planned event now (the count of
 * forced steps goes up by one, so the Track Package page shows it too) and emits it, and any
 * earlier one not yet applied, through the signed webhook path. 404 for a number that is not a
 * label of ours (or with AfterShip tracking), 409 when the label already shows its last event.
 */
export async function advanceSandboxLabel(trackingNumber: string, log: Logger, now = new Date()): Promise<AdvanceResult> {
  if (!usingSandboxTracking()) return { status: 404, message: 'The advance control exists only with the sandbox tracker' };
  const order = await findOrderByTracking(trackingNumber);
  if (!order?.tracking) return { status: 404, message: 'No label with this tracking number' };
  const journey = sandboxJourney(order, order.tracking);
  const byClock = journey.filter((c) => Date.parse(c.checkpoint_time) <= now.getTime()).length;

  for (let attempt = 0; attempt < 3; attempt++) {
    const forced = await forcedSteps(order.tracking);
    const shown = Math.max(byClock, forced);
    const last = journey.at(-1)!;
    if (shown >= journey.length) {
      // Already at its last event by the clock; emit it if the table has not seen it yet.
      const caughtUp = order.lastEvent && Date.parse(order.lastEvent.time) >= Date.parse(last.checkpoint_time);
      if (caughtUp) return { status: 409, message: 'This label is already at its last event', order };
      await emitSandboxEvents(order, journey, journey.length, log);
      return { status: 200, order: (await getOrder(order.userId, order.id)) ?? order, step: journey.length, steps: journey.length };
    }
    if (!(await setForcedSteps(order.tracking, forced, shown + 1))) continue;
    await emitSandboxEvents(order, journey, shown + 1, log);
    return { status: 200, order: (await getOrder(order.userId, order.id)) ?? order, step: shown + 1, steps: journey.length };
  }
  return { status: 409, message: 'Another advance of this label is under way', order };
}
