/**
 * A batch's labels as one PDF: every bought label's page, in row order, copied with
 * pdf-lib into one document. It is made once, when the batch is done (./run.ts), and kept in the
 * label store beside the labels, so a download is one read of finished bytes, never 500 reads and
 * a merge inside a request's time limit.
 *
 * A label refunded (or being refunded) after that must not be printable from the batch either: its
 * postage went back, and a package shipped with it would be unpaid. So a download reads the bought
 * rows' orders first (batchLabelsPdf): while every label is still printable it answers the stored
 * PDF; otherwise it merges the printable labels afresh for that answer. The stored PDF is never
 * rewritten: a rejected refund gives its label back, and the stored PDF is then right again. (A
 * label whose price went back to the wallet when its refund was asked stays out for good.)
 *
 * The letter layout (two labels a letter page, functions/labels/letter-layout.ts) is made from the
 * merged PDF: from the stored one on its first download, then kept beside it (batchLetterKey), so
 * later downloads are one read; from a fresh merge, without the refunded labels, otherwise.
 */
import { createHash } from 'node:crypto';
import { getOrders, isPrintable, ordersToServe } from '../data/orders';
import type { StoredBatch, StoredRow } from '../data/batches';
import type { Order } from '../../domain/api/orders';
import type { Logger } from '../observability/logger';
import { getLabelStore } from '../providers/registry/blobs';
import { inGroups } from '../data/in-groups';
import type { BatchLabelFormat } from '../../domain/label-formats';
import { letterLayout } from '../labels/letter-layout';

export const batchPdfKey = (batch: Pick<StoredBatch, 'id' | 'userId'>): string => `labels/${batch.userId}/batch-${batch.id}.pdf`;
/** Where the letter layout of the stored merged PDF is kept once made. */
export const batchLetterKey = (batch: Pick<StoredBatch, 'id' | 'userId'>): string => `labels/${batch.userId}/batch-${batch.id}.letter.pdf`;

/** Label PDFs read from the store at once while merging: a 500-label merge is not 500 reads in a row. */
const READS_AT_ONCE = 16;

/** The bought rows, in row order. */
const boughtRows = (rows: readonly StoredRow[]) => rows.filter((r) => r.status === 'bought' && r.shipOrderId).sort((a, b) => a.row - b.row);

/** Merges the labels of `orders`, in that order; the merged PDF's bytes, or undefined when no page was found. */
async function mergeOrders(orders: readonly Order[], log: Logger): Promise<Uint8Array | undefined> {
  const store = getLabelStore();
  const labels = await inGroups(orders, READS_AT_ONCE, async (o) => (o.labelKey ? store.get(o.labelKey) : undefined));
  // Imported here, not at the top: the Lambda ships pdf-lib beside its bundle, and esbuild hoists an
  // external package's static import to the bundle's top (functions/providers/carrier/sandbox-label.ts).
  const { PDFDocument } = await import('pdf-lib');
  const merged = await PDFDocument.create();
  for (const [i, bytes] of labels.entries()) {
    if (!bytes) {
      // A bought label always has its PDF; a missing one is an operations problem, not a reason to withhold the rest.
      log.error('bought label missing from the batch PDF', { shipOrderId: orders[i]?.id });
      continue;
    }
    const source = await PDFDocument.load(bytes);
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return merged.getPageCount() > 0 ? merged.save() : undefined;
}

/** Merges the bought rows' labels, in row order; the merged PDF's bytes, or undefined when none was bought. */
export async function mergeLabels(userId: string, rows: readonly StoredRow[], log: Logger): Promise<Uint8Array | undefined> {
  const bought = boughtRows(rows);
  if (bought.length === 0) return undefined;
  const orders = await getOrders(
    userId,
    bought.map((r) => r.shipOrderId as string),
  );
  return mergeOrders(
    bought.map((r) => orders.get(r.shipOrderId as string) ?? ({ id: r.shipOrderId } as Order)),
    log,
  );
}

/** Makes and stores the batch's merged PDF; its label store key, or undefined when nothing was bought. */
export async function mergeBatchLabels(batch: StoredBatch, rows: readonly StoredRow[], log: Logger): Promise<string | undefined> {
  const pdf = await mergeLabels(batch.userId, rows, log);
  if (!pdf) return undefined;
  const key = batchPdfKey(batch);
  await getLabelStore().put(key, pdf, 'application/pdf');
  return key;
}

/**
 * A batch file to answer: its bytes, and either the label store key they are kept under or, for a
 * file merged for this answer alone, the key to keep it under should it need a link (keepBatchFile).
 */
export type BatchFile = { bytes: Uint8Array; key: string } | { bytes: Uint8Array; keepAs: string };

/** A merge without refunded labels is named by the labels it holds and its layout: the same set asked again is the same file. */
const printableKey = (batch: Pick<StoredBatch, 'id' | 'userId'>, orders: readonly Order[], format: BatchLabelFormat): string =>
  `labels/${batch.userId}/batch-${batch.id}-${createHash('sha256')
    .update(orders.map((o) => o.id).join(','))
    .digest('hex')
    .slice(0, 32)}.${format}.pdf`;

/**
 * The PDF a download of a done batch answers: the stored one while every bought label may still be
 * printed, else the printable labels merged now (without the refunded ones); undefined when no
 * label of the batch may be printed. Every label it holds is recorded as served first
 * (ordersToServe), like a label downloaded alone: none of them is credited early any more.
 */
export async function batchLabelsPdf(
  batch: StoredBatch & { pdfKey: string },
  rows: readonly StoredRow[],
  log: Logger,
  format: BatchLabelFormat = 'pdf',
): Promise<BatchFile | undefined> {
  const bought = boughtRows(rows);
  const orders = await ordersToServe(
    batch.userId,
    bought.map((r) => r.shipOrderId as string),
  );
  const printable = bought.map((r) => orders.get(r.shipOrderId as string)).filter((o): o is Order => !!o && isPrintable(o));
  if (printable.length === 0) return undefined;
  const store = getLabelStore();
  if (printable.length === bought.length) {
    const letterKey = batchLetterKey(batch);
    if (format === 'letter') {
      const kept = await store.get(letterKey);
      if (kept) return { bytes: kept, key: letterKey };
    }
    const stored = await store.get(batch.pdfKey);
    if (!stored) throw new Error(`batch PDF ${batch.pdfKey} missing from the store`);
    if (format === 'pdf') return { bytes: stored, key: batch.pdfKey };
    const letter = await letterLayout(stored);
    await store.put(letterKey, letter, 'application/pdf');
    return { bytes: letter, key: letterKey };
  }
  log.info('batch PDF merged without its refunded labels', { batchId: batch.id, printable: printable.length, bought: bought.length });
  const merged = await mergeOrders(printable, log);
  if (!merged) return undefined;
  return { bytes: format === 'letter' ? await letterLayout(merged) : merged, keepAs: printableKey(batch, printable, format) };
}

/** The key `file` is kept under in the label store, putting it there first when it was merged for one answer. */
export async function keepBatchFile(file: BatchFile, store = getLabelStore()): Promise<string> {
  if ('key' in file) return file.key;
  await store.put(file.keepAs, file.bytes, 'application/pdf');
  return file.keepAs;
}
