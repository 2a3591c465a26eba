/** DELETE /shipping/batches/{batchId}/rows/{row}: the row is left out of the purchase (409 once the batch is being bought). */
import { dropRow } from '../../../batches/batches';
import { api } from '../../../http/handler';
import * as route from '../../../../domain/api/route-table';

export const handler = api(route.dropBatchRow, async function dropBatchRow({ auth, params }) {
  return dropRow(auth.accountId, params.batchId ?? '', params.row ?? '');
});
