/**
 * The statuses of a label order and of its package, without their zod schemas: the dashboard's
 * filters and live tracking read them on the first load, where zod is not loaded (it comes with the
 * forms, docs/performance.md), and the Lambdas that take carrier events bundle no zod for them.
 * domain/api/orders.ts and domain/api/tracking.ts re-export them.
 */

/**
 * `refund_pending`, `refunded` and `refund_rejected` follow `created` when the shipper (or the
 * scheduled auto-refund) asks for an unused label's price back (functions/labels/label-refunds.ts).
 */
export const ORDER_STATUSES = ['awaiting_payment', 'processing', 'created', 'failed', 'refund_pending', 'refunded', 'refund_rejected'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * A shipment's status as its carrier events move it: what the shipments table shows,
 * what the search filters by and what the notices react to. EasyPost's tracker statuses, the seven
 * the issue names; every checkpoint tag maps to one (shipmentStatusOf below).
 */
export const SHIPMENT_STATUSES = ['pre_transit', 'in_transit', 'out_for_delivery', 'delivered', 'available_for_pickup', 'return_to_sender', 'failure'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** Statuses after which no carrier event is expected: the scheduled poll stops asking. */
export const FINAL_SHIPMENT_STATUSES: readonly ShipmentStatus[] = ['delivered', 'return_to_sender', 'failure'];

/**
 * Status of a package or of one checkpoint: AfterShip's tags in lower snake_case (InTransit ->
 * in_transit, OutForDelivery -> out_for_delivery, AttemptFail -> attempt_fail, AvailableForPickup
 * -> available_for_pickup, Delivered -> delivered, Expired -> expired), except where SPEC.md section 4
 * names the status: AfterShip's Pending and InfoReceived are `pre_transit` (the default) and its
 * Exception is `failure`.
 */
export const TRACKING_TAGS = [
  'pre_transit',
  'in_transit',
  'out_for_delivery',
  'attempt_fail',
  'available_for_pickup',
  'delivered',
  'failure',
  'expired',
] as const;
export type TrackingTag = (typeof TRACKING_TAGS)[number];

/**
 * A checkpoint's tag as a shipment status: a failed delivery attempt is still on its way (USPS tries
 * again), an expired tracking is a failure; the others are the same word.
 */
export function shipmentStatusOf(tag: TrackingTag): ShipmentStatus {
  if (tag === 'attempt_fail') return 'in_transit';
  if (tag === 'expired') return 'failure';
  return tag;
}
