/**
 * How a tracking tag reads and its colour (SPEC section 4): delivered green, in transit blue (out
 * for delivery teal, the last step of it), failure red, pre_transit and anything unknown the neutral
 * gray; a failed attempt orange, pickup cyan.
 */
import type { TrackingTag } from '@domain/api/tracking';

export type TrackingPalette = 'green' | 'blue' | 'teal' | 'cyan' | 'orange' | 'red' | 'gray';

const statuses: Record<string, { label: string; palette: TrackingPalette }> = {
  pre_transit: { label: 'Pre-Transit', palette: 'gray' },
  in_transit: { label: 'In Transit', palette: 'blue' },
  out_for_delivery: { label: 'Out for Delivery', palette: 'teal' },
  available_for_pickup: { label: 'Available for Pickup', palette: 'cyan' },
  attempt_fail: { label: 'Delivery Attempted', palette: 'orange' },
  delivered: { label: 'Delivered', palette: 'green' },
  failure: { label: 'Failure', palette: 'red' },
  expired: { label: 'Expired', palette: 'gray' },
};

/** The tag's words and palette; an unknown tag reads as itself, in gray. */
export function trackingStatus(tag: TrackingTag): { label: string; palette: TrackingPalette } {
  return statuses[tag] ?? { label: tag.replaceAll('_', ' '), palette: 'gray' };
}
