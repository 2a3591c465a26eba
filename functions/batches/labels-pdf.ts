/**
 * A batch's labels as one PDF: every bought label's page, in row order, copied with
 * pdf-lib into one document. It is made once, when the batch is done (./run.ts), and kept in the
 * label store beside the labels, so a download is one read of finished bytes, never 500 reads and
 * a merge inside a request's time limit.
 */
import { getOrder } from '../data/orders';
import type { StoredBatch, StoredRow } from '../data/batches';
import type { Logger } from '../observability/logger';
import { getLabelStore } from '../providers/registry/blobs';

export const batchPdfKey = (batch: Pick<StoredBatch, 'id' | 'userId'>): string => `labels/${batch.userId}/batch-${batch.id}.pdf`;

/** Merges the bought rows' labels, in row order; the merged PDF's bytes, or undefined when none was bought. */
export async function mergeLabels(userId: string, rows: readonly StoredRow[], log: Logger): Promise<Uint8Array | undefined> {
  const bought = rows.filter((r) => r.status === 'bought' && r.shipOrderId).sort((a, b) => a.row - b.row);
  if (bought.length === 0) return undefined;
  const store = getLabelStore();
  // Imported here, not at the top: the Lambda ships pdf-lib beside its bundle, and esbuild hoists an
  // external package's static import to the bundle's top (functions/providers/carrier/sandbox-label.ts).
  const { PDFDocument } = await import('pdf-lib');
  const merged = await PDFDocument.create();
  for (const row of bought) {
    const order = await getOrder(userId, row.shipOrderId as string);
    const bytes = order?.labelKey ? await store.get(order.labelKey) : undefined;
    if (!bytes) {
      // A bought label always has its PDF; a missing one is an operations problem, not a reason to withhold the rest.
      log.error('bought label missing from the batch PDF', { shipOrderId: row.shipOrderId, row: row.row });
      continue;
    }
    const source = await PDFDocument.load(bytes);
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return merged.getPageCount() > 0 ? merged.save() : undefined;
}

/** Makes and stores the batch's merged PDF; its label store key, or undefined when nothing was bought. */
export async function mergeBatchLabels(batch: StoredBatch, rows: readonly StoredRow[], log: Logger): Promise<string | undefined> {
  const pdf = await mergeLabels(batch.userId, rows, log);
  if (!pdf) return undefined;
  const key = batchPdfKey(batch);
  await getLabelStore().put(key, pdf, 'application/pdf');
  return key;
}
