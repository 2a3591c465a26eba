/** PUT /shipping/batches/{batchId}/rows/{row}: a row's cells fixed in place, judged and priced again (409 while its rows are priced or once it is being bought; 429 beyond the batch quotes' rate). */
import { fixRow } from '../../../batches/batches';
import { api } from '../../../http/handler';
import * as route from '../../../../domain/api/route-table';

export const handler = api(route.updateBatchRow, async function updateBatchRow({ auth, params, body, sourceIp }) {
  return fixRow(auth.accountId, params.batchId ?? '', params.row ?? '', body.fields, sourceIp);
});
