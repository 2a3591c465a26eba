/**
 * THE CSV writer of every file the API hands out (the orders and transactions exports, the batch
 * result CSV): one place that decides the encoding and the defence against CSV injection, so no
 * export can forget either.
 *
 * - UTF-8 with a byte order mark, so Excel opens accents and emoji right instead of guessing a code
 *   page; CRLF line ends (RFC 4180); a header row; quoting by csv-stringify.
 * - Text cells that a spreadsheet would read as a formula are neutralised with a leading `'`
 *   (OWASP "CSV Injection": cells beginning with `=`, `+`, `-`, `@`, tab or carriage return).
 *   A name like `=HYPERLINK(...)` or `-2+3` arrives as text, not as a formula.
 * - Numeric cells stay numbers: a refund of `-5.00` must sum in a spreadsheet, and a value built
 *   here from an integer (never from the user's text) cannot carry a formula. That is why a cell is
 *   typed: only a JS number or a `dollars()` value is written bare; every string is text.
 */
import { stringify } from 'csv-stringify/sync';

/** A numeric cell made here from integers (see dollars()); written bare, never neutralised. */
export class CsvNumber {
  private constructor(readonly text: string) {}

  /** Integer cents as dollars with two decimals: 1234 → `12.34`, -500 → `-5.00`. */
  static dollars(cents: number): CsvNumber {
    if (!Number.isSafeInteger(cents)) throw new Error(`cents must be an integer, got ${cents}`);
    const sign = cents < 0 ? '-' : '';
    const abs = Math.abs(cents);
    return new CsvNumber(`${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`);
  }
}

/** Integer cents as a dollars cell with two decimals (`-5.00`). */
export const dollars = (cents: number): CsvNumber => CsvNumber.dollars(cents);

/** What a cell may hold: text (neutralised), a finite number or a dollars value (bare), or nothing (empty). */
export type CsvCell = string | number | CsvNumber | null | undefined;

/** One column of a CSV file: its header and how a row fills it. */
export interface CsvColumn<Row> {
  header: string;
  cell: (row: Row) => CsvCell;
}

/** The byte order mark every file starts with. */
export const BOM = '\uFEFF';

/** The media type of the files this module writes. */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** The first characters that make a spreadsheet read a cell as a formula (OWASP). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell as it is safe to hand to a spreadsheet: `'` put before a formula-like start. */
export function neutraliseText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A cell's text in the file. */
function cellText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof CsvNumber) return cell.text;
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) throw new Error(`a CSV number must be finite, got ${cell}`);
    return String(cell);
  }
  return neutraliseText(cell);
}

/**
 * The whole file as text: BOM, header row, one line per row, CRLF line ends. Send it as UTF-8
 * bytes (`Buffer.from(text, 'utf8')`) with CSV_CONTENT_TYPE.
 */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const records = [columns.map((c) => neutraliseText(c.header)), ...rows.map((row) => columns.map((c) => cellText(c.cell(row))))];
  return BOM + stringify(records, { record_delimiter: 'windows' });
}
