/** POST /shipping/track's answer (SPEC.md section 3 names, plus `service`), whichever tracker runs. */

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

/** One scan event (SPEC.md section 3 names). */
export interface Checkpoint {
  /** Local time of the event with its offset when known, e.g. "2026-09-08T14:32:00-07:00". */
  checkpoint_time: string;
  tag: TrackingTag;
  /** Null when the carrier gives no place (USPS "In Transit to Next Facility"). */
  city: string | null;
  state: string | null;
  /** ISO 3166 alpha-3, "USA". */
  country_iso3: string | null;
  message: string;
}

/** Where a package is: the `tracking` of POST /shipping/track's answer. */
export interface TrackingResult {
  tracking_number: string;
  slug: 'usps';
  /** The latest status; pre_transit while nothing has been scanned. */
  tag: TrackingTag;
  /** The carrier's planned delivery date (YYYY-MM-DD, or a local date-time when the carrier gives one). */
  expected_delivery: string | null;
  /**
   * Present only when the delivery estimate is a range of days: its first and last day
   * (`expected_delivery` is then the last). Absent from every other answer, the sandbox's included.
   */
  expected_delivery_range?: { earliest: string; latest: string };
  /** AfterShip's own predicted delivery date (YYYY-MM-DD); null in the sandbox. */
  aftership_estimated_delivery_date: string | null;
  /** USPS's public tracking page for the number. */
  courier_tracking_link: string;
  /** The USPS service, e.g. "USPS Priority Mail"; null when unknown. */
  service: string | null;
  /** Oldest first. */
  checkpoints: Checkpoint[];
}

export interface TrackAnswer {
  tracking: TrackingResult;
}
