/**
 * GET /shipping/batches/{batchId}/labels.pdf?format=: every bought label in row order, one 4x6 page
 * each (`pdf`, the default) or two to a letter page (`letter`), merged once when the batch finished
 * (functions/batches/labels-pdf.ts), without the labels refunded or being refunded since. 409 while
 * the batch is not done, or when no label of it may be printed.
 *
 * A Lambda answers at most 6 MB, base64-encoded: a larger file is kept in the label store and
 * answered with 303 See Other to a link that fetches it from there for a few minutes (the browser's
 * fetch follows it, dropping the token, which the link does not need).
 */
import { ownBatch } from '../../../batches/batches';
import { batchLabelsPdf, keepBatchFile, type BatchFile } from '../../../batches/labels-pdf';
import type { BlobStore } from '../../../providers/blobs/blob-store';
import { getBatchRows } from '../../../data/batches';
import { Conflict } from '../../../errors';
import { api, Reply } from '../../../http/handler';
import * as route from '../../../../domain/api/route-table';
import { config } from '../../../config';
import { getLabelStore } from '../../../providers/registry/blobs';

/** The largest PDF a Lambda can answer: 6 MB less headroom for headers, before base64's 4/3. */
export const LAMBDA_PDF_MAX_BYTES = Math.floor(((6 * 1024 * 1024 - 16 * 1024) * 3) / 4);
/** How long a link to a large batch file works: long enough to start the download, short enough not to be shared. */
export const BATCH_LINK_SECONDS = 300;
export const TOO_LARGE_FOR_ONE_FILE =
  "This batch's labels are too large to download as one file. Download them one by one from the shipments list, or buy smaller batches.";

export const handler = api(route.getBatchLabels, async function getBatchLabels({ auth, params, query, log }) {
  const batch = await ownBatch(auth.accountId, params.batchId ?? '');
  if (batch.status !== 'done') throw new Conflict('The labels can be downloaded once the batch is bought.');
  if (!batch.pdfKey) throw new Conflict('No label of this batch was bought.');
  const format = query.format ?? 'pdf';
  const file = await batchLabelsPdf({ ...batch, pdfKey: batch.pdfKey }, await getBatchRows(batch.id), log, format);
  if (!file) throw new Conflict('Every label of this batch was refunded or is being refunded: none can be printed.');
  const fileName = `prepaidship-batch-${batch.id}${format === 'letter' ? '-letter' : ''}.pdf`;
  return answerBatchFile(file, fileName, { inLambda: !!config().AWS_LAMBDA_FUNCTION_NAME, store: getLabelStore() });
});

/** The file itself when it fits the answer; in a Lambda, a larger one kept and linked (303), or 409 where no link can be made. */
export async function answerBatchFile(file: BatchFile, fileName: string, { inLambda, store }: { inLambda: boolean; store: BlobStore }): Promise<Reply<Blob>> {
  if (!inLambda || file.bytes.byteLength <= LAMBDA_PDF_MAX_BYTES) {
    return Reply.binary(file.bytes, 'application/pdf', { 'content-disposition': `attachment; filename="${fileName}"` });
  }
  // A store no browser can reach has no links: refuse clearly rather than fail as a 5xx.
  if (!store.linkTo) throw new Conflict(TOO_LARGE_FOR_ONE_FILE);
  const key = await keepBatchFile(file, store);
  return Reply.seeOther(await store.linkTo(key, { fileName, contentType: 'application/pdf', seconds: BATCH_LINK_SECONDS }));
}
