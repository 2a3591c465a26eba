/** POST /shipping/pickups: books a USPS carrier pickup for the caller's labels (functions/shipping-day/pickups.ts). */
import { api, Reply } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { bookPickup, toApiPickup } from '../../shipping-day/pickups';

export const handler = api(route.bookPickup, async function bookCarrierPickup({ auth, body }) {
  return new Reply(201, toApiPickup(await bookPickup(auth.accountId, body)));
});
