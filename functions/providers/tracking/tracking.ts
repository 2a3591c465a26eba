/**
 * Package tracking: where a USPS package is. `sandbox` (default) derives a believable, deterministic
 * timeline from our own label (its creation time and addresses); `aftership` asks AfterShip's
 * Tracking API, creating the tracking there the first time one of our labels' numbers is asked
 * about; any other number is only read (docs/decisions/0195-rates-on-paid-calls-and-sign-ups.md).
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

import type { TrackingResult } from '../../../domain/api/tracking';

/** The answer's shapes are the API contract's (POST /shipping/track), whichever tracker runs. */
export type { Checkpoint, TrackingResult } from '../../../domain/api/tracking';
export { TRACKING_TAGS, type TrackingTag } from '../../../domain/shipment-statuses';

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
  /** One of domain/pricing.ts LABEL_TYPES' uids, or a service id. */
  labelType: string;
  /** The USPS service bought (domain/postage/services.ts); absent on older orders. */
  serviceId?: string | null;
  /** The service bought, e.g. "USPS Priority Mail" (the order's service). */
  service?: string | null;
  from: TrackedPlace;
  to: TrackedPlace;
}

/** How a number may be tracked. */
export interface TrackOptions {
  /**
   * Whether the tracking service may start tracking the number (AfterShip: create a tracking, which
   * it bills). True (the default) only for numbers of our own labels; false reads only what the
   * service already tracks, so any number typed into the tracking page costs us nothing.
   */
  create?: boolean;
}

export interface PackageTracker {
  /**
   * The package's status and checkpoints; undefined when the number is unknown (the sandbox: no
   * label given; AfterShip: it refuses the number as not a USPS one, or does not track it and may
   * not start to). Throws ProviderUnavailable (functions/errors.ts) when the tracking service fails.
   */
  track(trackingNumber: string, label?: TrackedLabel, options?: TrackOptions): Promise<TrackingResult | undefined>;
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
