/**
 * The statuses of a label order and of its package, without their zod schemas: the dashboard's
 * filters and live tracking read them on the first load, where zod is not loaded (it comes with the
 * forms, docs/performance.md). domain/api/orders.ts and domain/api/tracking.ts re-export them.
 */

/**
 * `refund_pending`, `refunded` and `refund_rejected` follow `created` when the shipper (or the
 * scheduled auto-refund) asks for an unused label's price back (functions/labels/label-refunds.ts).
 */
export const ORDER_STATUSES = ['awaiting_payment', 'processing', 'created', 'failed', 'refund_pending', 'refunded', 'refund_rejected'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * A shipment's status as its carrier events move it (issue 18): what the shipments table shows,
 * what the search filters by and what the notices react to. EasyPost's tracker statuses, the seven
 * the issue names; every checkpoint tag maps to one (shipmentStatusOf in domain/api/tracking.ts).
 */
export const SHIPMENT_STATUSES = ['pre_transit', 'in_transit', 'out_for_delivery', 'delivered', 'available_for_pickup', 'return_to_sender', 'failure'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** Statuses after which no carrier event is expected: the scheduled poll stops asking. */
export const FINAL_SHIPMENT_STATUSES: readonly ShipmentStatus[] = ['delivered', 'return_to_sender', 'failure'];
