/** Chooses the package tracker: AfterShip when TRACKING_PROVIDER=aftership, the sandbox otherwise. */
import { config } from '../../config';
import { forcedSteps } from '../../data/local-tracking';
import { AfterShipTracker } from '../tracking/aftership-tracker';
import { SandboxTracker } from '../tracking/sandbox-tracker';
import type { PackageTracker, TrackingSettings } from '../tracking/tracking';
import { provider } from './cache';

/** The tracking settings, from the one parsed configuration. */
export function trackingSettings(): TrackingSettings {
  const { TRACKING_PROVIDER, AFTERSHIP_API_KEY, AFTERSHIP_API_URL } = config();
  return { TRACKING_PROVIDER, AFTERSHIP_API_KEY, AFTERSHIP_API_URL };
}

/**
 * The configured tracker: AfterShip when TRACKING_PROVIDER is `aftership` (which then requires
 * AFTERSHIP_API_KEY), the sandbox otherwise.
 */
export function getPackageTracker(): PackageTracker {
  return provider('tracker', () => {
    const s = trackingSettings();
    // The sandbox honours the local advance control's forced steps, read per label.
    if (s.TRACKING_PROVIDER !== 'aftership') return new SandboxTracker(undefined, forcedSteps);
    if (!s.AFTERSHIP_API_KEY) throw new Error('TRACKING_PROVIDER=aftership needs AFTERSHIP_API_KEY');
    return new AfterShipTracker({ apiKey: s.AFTERSHIP_API_KEY, apiUrl: s.AFTERSHIP_API_URL });
  });
}
