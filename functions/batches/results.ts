/** A batch's result CSV: one line per row, written by the shared CSV writer (BOM, CRLF, formula-like text neutralised). */
import type { StoredRow } from '../data/batches';
import { dollars, toCsv, type CsvColumn } from '../exports/csv';

/** Why a row was not bought, in one cell: its failure, or its first validation error. */
const errorOf = (r: StoredRow): string | null =>
  r.error ?? (r.errors.length ? r.errors.map((e) => (e.column === 'row' ? e.message : `${e.column}: ${e.message}`)).join('; ') : null);

const COLUMNS: readonly CsvColumn<StoredRow>[] = [
  { header: 'row', cell: (r) => r.row },
  { header: 'status', cell: (r) => r.status },
  { header: 'trackingNumber', cell: (r) => r.tracking },
  { header: 'price', cell: (r) => (r.priceCents === null ? null : dollars(r.priceCents)) },
  { header: 'error', cell: errorOf },
];

export const batchResultsCsv = (rows: readonly StoredRow[]): string => toCsv(COLUMNS, rows);
