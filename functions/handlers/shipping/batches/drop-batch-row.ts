/** DELETE /shipping/batches/{batchId}/rows/{row}: the row is left out of the purchase (409 once the batch is being bought). */
import { dropRow } from '../../../batches/batches';
import { api } from '../../../http/handler';
import { shippingBatchesDropBatchRowRoute } from '../../../../domain/api/routes';

export const handler = api(shippingBatchesDropBatchRowRoute, async function dropBatchRow({ auth, params }) {
  return dropRow(auth.userId, params.batchId ?? '', params.row ?? '');
});
