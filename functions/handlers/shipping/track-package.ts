/**
 * POST /shipping/track: where a USPS package is. Sandbox: events derived from our own label (an
 * unknown but well-formed number is a 404); AfterShip: the carrier's real events, with our label's
 * details when the number is one of ours. A malformed number is a 400 before anything is asked.
 */
import { findOrderByTracking } from '../../data/orders';
import { InvalidRequest, NotFound } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { getPackageTracker, trackingSettings } from '../../providers/registry/tracking';

/** USPS numbers: 20-22 digit IMpb (92/93/94/95...), up to 34 digits with routing, or S10 like EA123456789US. */
const USPS_FORMAT = /^(\d{20,34}|[A-Z]{2}\d{9}US)$/;
const UNKNOWN = 'We could not find a package with that tracking number.';

export const handler = api(route.trackPackage, async function trackPackage({ body }) {
  const number = body.trackingNumber;
  if (!USPS_FORMAT.test(number)) throw new InvalidRequest('That is not a USPS tracking number.');
  const order = await findOrderByTracking(number);
  // The sandbox knows only our own labels; don't spend AfterShip quota on numbers it cannot know either.
  if (!order && trackingSettings().TRACKING_PROVIDER === 'sandbox') throw new NotFound(UNKNOWN);
  const tracking = await getPackageTracker().track(number, order?.status === 'created' ? order : undefined);
  if (!tracking) throw new NotFound(UNKNOWN);
  return { tracking };
});
