/**
 * What "USPS has the package" means for a refund: an acceptance scan is any carrier event
 * beyond the label's own creation, that is any checkpoint whose tag is not `pre_transit` (AfterShip's
 * Pending and InfoReceived, the sandbox's "Shipping Label Created"). Once there is one the label has
 * been used and USPS refuses its refund, so we refuse to ask, and the auto-refund leaves it alone.
 * A tracker that knows nothing of the number has seen no scan.
 */
import type { Checkpoint, TrackingResult } from '../../../domain/api/tracking';

/** The first checkpoint that shows the package in USPS's hands, or undefined when there is none. */
export function acceptanceScan(tracking: TrackingResult | undefined): Checkpoint | undefined {
  return tracking?.checkpoints.find((c) => c.tag !== 'pre_transit');
}
