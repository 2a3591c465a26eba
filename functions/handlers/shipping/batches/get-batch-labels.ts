/**
 * GET /shipping/batches/{batchId}/labels.pdf: every bought label in row order, one 4x6 page each,
 * merged once when the batch finished (functions/batches/labels-pdf.ts). 409 while the batch is not
 * done, or when it has no label.
 */
import { ownBatch } from '../../../batches/batches';
import { Conflict } from '../../../errors';
import { api, Reply } from '../../../http/handler';
import { getLabelStore } from '../../../providers/registry/blobs';

export const handler = api('GET /shipping/batches/{batchId}/labels.pdf', async function getBatchLabels({ auth, params }) {
  const batch = await ownBatch(auth.userId, params.batchId ?? '');
  if (batch.status !== 'done') throw new Conflict('The labels can be downloaded once the batch is bought.');
  if (!batch.pdfKey) throw new Conflict('No label of this batch was bought.');
  const pdf = await getLabelStore().get(batch.pdfKey);
  if (!pdf) throw new Error(`batch PDF ${batch.pdfKey} missing from the store`);
  return Reply.binary(pdf, 'application/pdf', { 'content-disposition': `attachment; filename="prepaidship-batch-${batch.id}.pdf"` });
});
