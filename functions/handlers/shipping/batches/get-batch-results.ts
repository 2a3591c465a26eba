/** GET /shipping/batches/{batchId}/results.csv: one line per row (row, status, trackingNumber, price, error), by the shared CSV writer. */
import { ownBatch } from '../../../batches/batches';
import { batchResultsCsv } from '../../../batches/results';
import { getBatchRows } from '../../../data/batches';
import { CSV_CONTENT_TYPE } from '../../../exports/csv';
import { api, Reply } from '../../../http/handler';
import * as route from '../../../../domain/api/route-table';

export const handler = api(route.getBatchResults, async function getBatchResults({ auth, params }) {
  const batch = await ownBatch(auth.accountId, params.batchId ?? '');
  const csv = batchResultsCsv(await getBatchRows(batch.id));
  return Reply.binary(Buffer.from(csv, 'utf8'), CSV_CONTENT_TYPE, {
    'content-disposition': `attachment; filename="prepaidship-batch-${batch.id}-results.csv"`,
  });
});
