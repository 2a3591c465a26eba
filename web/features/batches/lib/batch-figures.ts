/**
 * What the Batch Labels page says about a batch, worked out from the server's answer alone: the
 * rows a purchase would buy, what they cost, the rows left out, and how far a purchase has got.
 * Prices and totals are the server's (integer cents); nothing here prices a row.
 */
import type { ApiBatch, ApiBatchRow, BatchRowError } from '@domain/api/batches';

export interface BatchSummary {
  /** Rows a purchase would buy now (valid, not dropped, not yet bought). */
  ready: number;
  /** Rows that fail validation: they are not bought unless fixed. */
  invalid: number;
  dropped: number;
  /** The server's total of the valid rows. */
  totalCents: number;
}

/** The figures under the preview: "N valid rows, total $X.XX, M invalid". */
export function summarizeBatch(batch: Pick<ApiBatch, 'rows' | 'totalCents'>): BatchSummary {
  const count = (status: ApiBatchRow['status']) => batch.rows.filter((r) => r.status === status).length;
  return { ready: count('ready'), invalid: count('invalid'), dropped: count('dropped'), totalCents: batch.totalCents };
}

export interface BatchProgress {
  done: number;
  toBuy: number;
  bought: number;
  failed: number;
}

/** A purchase's progress: rows done (bought or failed) of those it covers. */
export function batchProgress({ counts }: Pick<ApiBatch, 'counts'>): BatchProgress {
  return { done: counts.bought + counts.failed, toBuy: counts.toBuy, bought: counts.bought, failed: counts.failed };
}

/** A batch whose rows may still be fixed, dropped and bought: a draft, or one whose card payment did not complete. */
export const isEditable = (batch: Pick<ApiBatch, 'status'>): boolean => batch.status === 'draft' || batch.status === 'cancelled';

/** A batch the server is still working on: the page polls it. */
export const isInProgress = (batch: Pick<ApiBatch, 'status'>): boolean =>
  batch.status === 'pricing' || batch.status === 'running' || batch.status === 'awaiting_payment';

/** While the worker prices a batch: rows priced (or found unpriceable) of those it prices. */
export function pricingProgress({ rows }: Pick<ApiBatch, 'rows'>): { priced: number; toPrice: number } {
  const waiting = rows.filter((r) => r.status === 'pricing').length;
  const toPrice = rows.filter((r) => r.valid || r.status === 'pricing').length;
  return { priced: toPrice - waiting, toPrice };
}

/** How a row's error reads in the preview: `toZip: ZIP must be 5 digits`, or the message alone for the row as a whole. */
export const formatRowError = ({ column, message }: BatchRowError): string => (column === 'row' ? message : `${column}: ${message}`);

/**
 * A row's errors by the column they are about, for the fix dialog: each column's messages go under
 * its input; `row` holds those about the row as a whole (and any naming a column the dialog has no
 * input for), shown above the inputs.
 */
export function errorsByColumn(errors: readonly BatchRowError[], columns: readonly string[]): Record<string, string[]> {
  const known = new Set(columns);
  const byColumn: Record<string, string[]> = {};
  for (const { column, message } of errors) {
    const key = known.has(column) ? column : 'row';
    const text = key === column ? message : formatRowError({ column, message });
    (byColumn[key] ??= []).push(text);
  }
  return byColumn;
}
