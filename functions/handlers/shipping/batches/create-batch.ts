/**
 * POST /shipping/batches?fromAddressId=: the body is the CSV itself (text/csv). A file that cannot be
 * read as a whole is refused (400, nothing stored); otherwise every row is judged and the batch is
 * stored (201): `pricing` while the batch worker quotes its valid rows, then a draft; its invalid rows
 * carry their errors to be fixed or dropped.
 */
import { uploadBatch } from '../../../batches/upload';
import { api, Reply } from '../../../http/handler';
import * as route from '../../../../domain/api/route-table';

export const handler = api(route.createBatch, async function createBatch({ auth, body, query }) {
  return new Reply(201, await uploadBatch(auth.accountId, body, query.fromAddressId));
});
