/** GET /shipping/batches/{batchId}: the caller's batch with every row (another user's answers 404); the page polls it while it runs. */
import { readBatch } from '../../../batches/batches';
import { api } from '../../../http/handler';
import * as route from '../../../../domain/api/route-table';

export const handler = api(route.getBatch, async function getBatch({ auth, params }) {
  return readBatch(auth.accountId, params.batchId ?? '');
});
