/** GET /shipping/adjustments: the caller's postage adjustments, newest first (functions/postage/adjustments.ts). */
import { listAdjustments } from '../../data/postage-adjustments';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { toApiAdjustment } from '../../data/postage-adjustments';

export const handler = api(route.listAdjustments, async function listPostageAdjustments({ auth, query }) {
  const found = await listAdjustments(auth.accountId, query);
  return { adjustments: found.items.map(toApiAdjustment), nextCursor: found.nextCursor };
});
