/** DELETE /shipping/pickups/{id}: cancels the caller's pickup at the carrier, then here. Another user's pickup is a 404. */
import { isValid as isUlid } from 'ulid';
import { NotFound } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { cancelPickup, PICKUP_NOT_FOUND, toApiPickup } from '../../shipping-day/pickups';

export const handler = api(route.cancelPickup, async function cancelCarrierPickup({ auth, params }) {
  const id = params.id ?? '';
  // Pickup ids are ulids; anything else names nothing (and would not fit a key).
  if (!isUlid(id)) throw new NotFound(PICKUP_NOT_FOUND);
  return toApiPickup(await cancelPickup(auth.accountId, id));
});
