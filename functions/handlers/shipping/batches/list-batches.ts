/** GET /shipping/batches: the caller's batches, newest first, one Query of their pointers and one BatchGet per page. */
import type { ApiBatchSummary } from '../../../../domain/api/batches';
import { listUserBatches } from '../../../data/batches';
import { api } from '../../../http/handler';
import * as route from '../../../../domain/api/route-table';

export const handler = api(route.listBatches, async function listBatches({ auth, query }) {
  const page = await listUserBatches(auth.accountId, query);
  const batches: ApiBatchSummary[] = page.items.map(({ batch, rowCount }) => ({
    batchId: batch.id,
    status: batch.status,
    createdAt: batch.createdAt,
    rowCount,
    toBuy: batch.toBuy,
  }));
  return { batches, nextCursor: page.nextCursor };
});
