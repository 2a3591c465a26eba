/**
 * Reading an uploaded batch CSV into its rows' cells. The file as a whole must be
 * readable before anything is stored: UTF-8, at most BATCH_MAX_BYTES and BATCH_MAX_ROWS, a header
 * naming each known column once (case ignored), every row as long as the header, no cell longer
 * than its column allows (COLUMN_MAX_LENGTH). Anything else is
 * refused with a 400 saying what to fix; what a single row's cells mean is judged later, row by row
 * (./rows.ts), so one bad row never refuses the file.
 */
import { parse } from 'csv-parse/sync';
import { BATCH_MAX_BYTES, BATCH_MAX_ROWS } from '../../domain/constants';
import { BATCH_COLUMNS, COLUMN_MAX_LENGTH, OPTIONAL_COLUMNS, SENDER_COLUMNS, type BatchColumn } from '../../domain/batch-columns';
import type { BatchRowFields } from '../../domain/schemas/batches';
import { InvalidRequest } from '../errors';

/** One data row: its number as a spreadsheet shows it (the header is row 1) and its cells. */
export interface ParsedRow {
  row: number;
  fields: BatchRowFields;
}

const BY_LOWER = new Map<string, BatchColumn>(BATCH_COLUMNS.map((c) => [c.toLowerCase(), c]));

/** The file's text; a byte sequence that is not UTF-8 is refused rather than guessed at. */
function decode(bytes: Uint8Array): string {
  let text: string;
  try {
    // Strips a leading BOM (Excel's "CSV UTF-8" writes one).
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new InvalidRequest('The file is not UTF-8 text. In your spreadsheet, save it as "CSV UTF-8".');
  }
  // A front that decoded the body as text already replaced bad bytes with U+FFFD: still not UTF-8.
  if (text.includes('\uFFFD')) throw new InvalidRequest('The file is not UTF-8 text. In your spreadsheet, save it as "CSV UTF-8".');
  return text.replace(/^\uFEFF/, '');
}

/** The header's columns in file order; refuses unknown, repeated and missing ones. */
function headerColumns(header: string[], senderFromAddress: boolean): BatchColumn[] {
  const columns: BatchColumn[] = [];
  const unknown: string[] = [];
  const repeated: string[] = [];
  for (const name of header) {
    const column = BY_LOWER.get(name.toLowerCase());
    if (!column) unknown.push(name === '' ? '(a blank header cell)' : name);
    else if (columns.includes(column)) repeated.push(column);
    else columns.push(column);
  }
  if (unknown.length) throw new InvalidRequest(`Unknown column${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Use the template's columns.`);
  if (repeated.length) throw new InvalidRequest(`Column${repeated.length > 1 ? 's' : ''} given more than once: ${repeated.join(', ')}.`);
  const optional = new Set<BatchColumn>([...OPTIONAL_COLUMNS, ...(senderFromAddress ? SENDER_COLUMNS : [])]);
  const missing = BATCH_COLUMNS.filter((c) => !optional.has(c) && !columns.includes(c));
  if (missing.length) {
    const hint = missing.some((c) => SENDER_COLUMNS.includes(c)) && !senderFromAddress ? ' (or choose a saved sender address)' : '';
    throw new InvalidRequest(`Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}${hint}.`);
  }
  return columns;
}

interface CsvParseError {
  code?: string;
  records?: number;
  lines?: number;
  record?: unknown[];
}

/** csv-parse's error as a sentence naming the row (records parsed before it + 1 = its row number). */
function parseFailure(err: unknown, headerLength: number | undefined): InvalidRequest {
  const e = (err ?? {}) as CsvParseError;
  const row = (e.records ?? 0) + 1;
  if (e.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH') {
    const got = Array.isArray(e.record) ? e.record.length : undefined;
    return new InvalidRequest(`Row ${row} has ${got ?? 'a different number of'} cells; the header has ${headerLength ?? 'another number'}.`);
  }
  if (e.code === 'CSV_QUOTE_NOT_CLOSED') return new InvalidRequest(`Row ${row} opens a quote (") that is never closed.`);
  if (e.code?.startsWith('CSV_')) return new InvalidRequest(`Row ${row} cannot be read as CSV (line ${e.lines ?? row}).`);
  return new InvalidRequest('The file cannot be read as CSV.');
}

/** Refuses the file when any cell is longer than its column allows, naming the first few by row and column. */
function refuseLongCells(rows: readonly ParsedRow[]): void {
  const long: string[] = [];
  let count = 0;
  for (const { row, fields } of rows) {
    for (const column of BATCH_COLUMNS) {
      const length = fields[column]?.length ?? 0;
      if (length <= COLUMN_MAX_LENGTH[column]) continue;
      count++;
      if (long.length < 5) long.push(`row ${row}, column ${column}: at most ${COLUMN_MAX_LENGTH[column]} characters (it has ${length})`);
    }
  }
  if (count === 0) return;
  const more = count > long.length ? `, and ${count - long.length} more` : '';
  throw new InvalidRequest(
    `Cell${count > 1 ? 's' : ''} longer than the field allows: ${long.join('; ')}${more}. Shorten ${count > 1 ? 'them' : 'it'} and upload again.`,
  );
}

/**
 * The rows of an uploaded CSV, numbered as a spreadsheet shows them. `senderFromAddress`: a saved
 * address fills the sender, so the sender columns may be left out. Throws InvalidRequest (400).
 */
export function parseBatchCsv(bytes: Uint8Array, options: { senderFromAddress?: boolean } = {}): ParsedRow[] {
  if (bytes.length > BATCH_MAX_BYTES) throw new InvalidRequest(`The file is larger than ${BATCH_MAX_BYTES / (1024 * 1024)} MB. Split it into smaller batches.`);
  const text = decode(bytes);
  if (text.trim() === '') throw new InvalidRequest('The file is empty. Start from the template.');
  // The header's length, for the message about a ragged row (csv-parse only counts).
  const headerLength = (() => {
    try {
      const first: string[][] = parse(text, { trim: true, to_line: 1, relax_quotes: true });
      return first[0]?.length;
    } catch {
      return undefined;
    }
  })();
  let records: string[][];
  try {
    records = parse(text, { trim: true, skip_empty_lines: true, relax_column_count: false });
  } catch (err) {
    throw parseFailure(err, headerLength);
  }
  const [header, ...data] = records;
  if (!header) throw new InvalidRequest('The file is empty. Start from the template.');
  const columns = headerColumns(header, options.senderFromAddress === true);
  const rows: ParsedRow[] = [];
  data.forEach((cells, i) => {
    // A row with every cell blank (a spreadsheet's trailing ",,,,") is no label; the numbering keeps it.
    if (cells.every((c) => c === '')) return;
    const fields: BatchRowFields = {};
    columns.forEach((column, j) => {
      fields[column] = cells[j] ?? '';
    });
    rows.push({ row: i + 2, fields });
  });
  if (rows.length === 0) throw new InvalidRequest('The file has no label rows under its header.');
  if (rows.length > BATCH_MAX_ROWS)
    throw new InvalidRequest(`A batch holds at most ${BATCH_MAX_ROWS} labels; this file has ${rows.length}. Split it into smaller batches.`);
  refuseLongCells(rows);
  return rows;
}
