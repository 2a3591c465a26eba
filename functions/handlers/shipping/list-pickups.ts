/** GET /shipping/pickups: the caller's pickups, newest first, with status and confirmation. */
import { listPickups } from '../../data/pickups';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { toApiPickup } from '../../shipping-day/pickups';

export const handler = api(route.listPickups, async function listCallerPickups({ auth, query }) {
  const found = await listPickups(auth.accountId, query);
  return { pickups: found.items.map(toApiPickup), nextCursor: found.nextCursor };
});
