/**
 * Package tracking: where a USPS package is. `sandbox` (default) derives a believable, deterministic
 * timeline from our own label (its creation time and addresses); `aftership` asks AfterShip's
 * Tracking API, creating the tracking there the first time a number is asked about.
 * Both answer the same TrackingResult, with the field names of SPEC.md section 3, or undefined for a
 * number they know nothing about (the handler answers 404).
 *
 * Handlers call getPackageTracker().track(number, order) (providers/registry/tracking.ts chooses) and never
 * know which one runs. The order found by tracking number (gsi2) can be passed as the label as it
 * is: an Order has every field TrackedLabel asks for.
 *
 * Checkpoints are oldest first (chronological), the order AfterShip lists them in, so the last one
 * is the latest and its tag is the result's tag.
 */

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

/** What POST /shipping/track answers in `tracking` (SPEC.md section 3 names, plus `service`). */
export interface TrackingResult {
  tracking_number: string;
  slug: 'usps';
  /** The latest status; pre_transit while nothing has been scanned. */
  tag: TrackingTag;
  /** The carrier's planned delivery date (YYYY-MM-DD, or a local date-time when the carrier gives one). */
  expected_delivery: string | null;
  /** AfterShip's own predicted delivery date (YYYY-MM-DD); null in the sandbox. */
  aftership_estimated_delivery_date: string | null;
  /** USPS's public tracking page for the number. */
  courier_tracking_link: string;
  /** The USPS service, e.g. "USPS Priority Mail"; null when unknown. */
  service: string | null;
  /** Oldest first. */
  checkpoints: Checkpoint[];
}

/** Where a label ships from or to, as far as tracking cares. */
export interface TrackedPlace {
  city: string;
  state: string;
  zip: string;
}

/** What the trackers use of our order: an Order (functions/data/orders.ts) fits as it is. */
export interface TrackedLabel {
  /** ISO time the label was bought (the order's createdAt). */
  createdAt: string;
  /** One of domain/pricing.ts LABEL_TYPES' uids. */
  labelType: string;
  /** The service bought, e.g. "USPS Priority Mail" (the order's service). */
  service?: string | null;
  from: TrackedPlace;
  to: TrackedPlace;
}

export interface PackageTracker {
  /**
   * The package's status and checkpoints; undefined when the number is unknown (the sandbox: no
   * label given; AfterShip: it refuses the number as not a USPS one). Throws ProviderUnavailable
   * (functions/errors.ts) when the tracking service fails.
   */
  track(trackingNumber: string, label?: TrackedLabel): Promise<TrackingResult | undefined>;
}

// ---------------------------------------------------------------------------------------------
// Settings (providers/registry/tracking.ts reads them and chooses)
// ---------------------------------------------------------------------------------------------

export const TRACKING_PROVIDERS = ['sandbox', 'aftership'] as const;
export type TrackingProvider = (typeof TRACKING_PROVIDERS)[number];

export interface TrackingSettings {
  /** `sandbox` (default) or `aftership` (needs AFTERSHIP_API_KEY). */
  TRACKING_PROVIDER: TrackingProvider;
  AFTERSHIP_API_KEY?: string;
  /** AfterShip's API origin, without the /tracking/<version> path: https://api.aftership.com by default. */
  AFTERSHIP_API_URL: string;
}
