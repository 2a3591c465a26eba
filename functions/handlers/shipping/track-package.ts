/**
 * POST /shipping/track: where a USPS package is. Sandbox: events derived from our own label (an
 * unknown but well-formed number is a 404); AfterShip: the carrier's real events, with our label's
 * details when the number is one of ours. Only our labels' numbers (any user's) become AfterShip
 * trackings, which it bills; any other number is read if AfterShip already tracks it, a 404 otherwise.
 * A malformed number is a 400 before anything is asked or counted; then 60 look-ups a minute per
 * user and 300 per address (functions/accounts/limits.ts RATES), 429 with Retry-After beyond.
 */
import { limitTracking } from '../../accounts/limits';
import { findOrderByTracking } from '../../data/orders';
import { InvalidRequest, NotFound } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { getPackageTracker, trackingSettings } from '../../providers/registry/tracking';

/** USPS numbers: 20-22 digit IMpb (92/93/94/95...), up to 34 digits with routing, or S10 like EA123456789US. */
const USPS_FORMAT = /^(\d{20,34}|[A-Z]{2}\d{9}US)$/;
const UNKNOWN = 'We could not find a package with that tracking number.';

export const handler = api(route.trackPackage, async function trackPackage({ auth, body, sourceIp }) {
  const number = body.trackingNumber;
  if (!USPS_FORMAT.test(number)) throw new InvalidRequest('That is not a USPS tracking number.');
  await limitTracking(auth.userId, sourceIp);
  const order = await findOrderByTracking(number);
  // The sandbox knows only our own labels: nothing to ask it about another number.
  if (!order && trackingSettings().TRACKING_PROVIDER === 'sandbox') throw new NotFound(UNKNOWN);
  const tracking = await getPackageTracker().track(number, order?.status === 'created' ? order : undefined, { create: Boolean(order) });
  if (!tracking) throw new NotFound(UNKNOWN);
  return { tracking };
});
