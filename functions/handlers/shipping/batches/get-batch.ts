/** GET /shipping/batches/{batchId}: the caller's batch with every row (another user's answers 404); the page polls it while it runs. */
import { readBatch } from '../../../batches/batches';
import { api } from '../../../http/handler';

export const handler = api('GET /shipping/batches/{batchId}', async function getBatch({ auth, params }) {
  return readBatch(auth.userId, params.batchId ?? '');
});
