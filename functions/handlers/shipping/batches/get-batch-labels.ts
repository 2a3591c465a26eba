/**
 * GET /shipping/batches/{batchId}/labels.pdf?format=: every bought label in row order, one 4x6 page
 * each (`pdf`, the default) or two to a letter page (`letter`), merged once when the batch finished
 * (functions/batches/labels-pdf.ts), without the labels refunded or being refunded since. 409 while
 * the batch is not done, or when no label of it may be printed.
 */
import { ownBatch } from '../../../batches/batches';
import { batchLabelsPdf } from '../../../batches/labels-pdf';
import { getBatchRows } from '../../../data/batches';
import { Conflict } from '../../../errors';
import { api, Reply } from '../../../http/handler';
import * as route from '../../../../domain/api/route-table';
import { config } from '../../../config';

/** The largest PDF a Lambda can answer: 6 MB less headroom for headers, before base64's 4/3. */
export const LAMBDA_PDF_MAX_BYTES = Math.floor(((6 * 1024 * 1024 - 16 * 1024) * 3) / 4);
export const TOO_LARGE_FOR_ONE_FILE =
  "This batch's labels are too large to download as one file. Download them one by one from the shipments list, or buy smaller batches.";

export const handler = api(route.getBatchLabels, async function getBatchLabels({ auth, params, query, log }) {
  const batch = await ownBatch(auth.userId, params.batchId ?? '');
  if (batch.status !== 'done') throw new Conflict('The labels can be downloaded once the batch is bought.');
  if (!batch.pdfKey) throw new Conflict('No label of this batch was bought.');
  const format = query.format ?? 'pdf';
  const pdf = await batchLabelsPdf({ ...batch, pdfKey: batch.pdfKey }, await getBatchRows(batch.id), log, format);
  if (!pdf) throw new Conflict('Every label of this batch was refunded or is being refunded: none can be printed.');
  // Lambda answers at most 6 MB, and the PDF goes base64-encoded (4/3): refuse clearly rather than fail as a 5xx.
  if (config().AWS_LAMBDA_FUNCTION_NAME && pdf.byteLength > LAMBDA_PDF_MAX_BYTES) {
    throw new Conflict(TOO_LARGE_FOR_ONE_FILE);
  }
  return Reply.binary(pdf, 'application/pdf', {
    'content-disposition': `attachment; filename="prepaidship-batch-${batch.id}${format === 'letter' ? '-letter' : ''}.pdf"`,
  });
});
