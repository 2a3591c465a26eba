/**
 * The offline ZIP table's text format, written at build time (infra/build/zip-table-plugin.ts) and
 * read in the browser (zip-lookup.ts). About 42,500 ZIPs fit in ~123 kB gzip because the format
 * spends its bytes where the information is, the city names:
 *
 * - `names`: every distinct city name once, sorted, front-coded: each entry is one digit of
 *   `DIGITS` saying how many leading characters it shares with the entry before, then the rest;
 *   entries are separated by `|`.
 * - `rows`: one token per ZIP, in ascending order. Its value is `gap * 2 + newCity`: `gap` is how
 *   many ZIP numbers were skipped since the previous row, `newCity` 1 when the city differs from the
 *   previous row's. Small values are one digit; a larger gap is written `~<gap in base 36>` then
 *   `+` (new city) or `=` (same city).
 * - `refs`: for each row with a new city, its index in `names`, `REF_WIDTH` digits of base
 *   `REF_BASE` (base 28 compressed best: gzip's Huffman codes fit its spread of digits).
 * - `states`: where the state changes, `<row index in base 36><two-letter code>`, comma-separated
 *   (ZIPs are grouped by state, so there are only a few dozen changes).
 *
 * Measured with gzip -9 on the same data: a JSON map 266 kB; `zip,cityIndex,stateIndex` rows with
 * a sorted name list 246 kB (the ZIPs and indices cost more than the names); names written inline
 * in ZIP order 136 kB; this format 123 kB. Names grouped by state sort less well and came out larger.
 */

/** A ZIP's place, as the address forms fill it in. */
export interface ZipPlace {
  city: string;
  state: string;
}

export interface ZipEntry extends ZipPlace {
  /** Five digits. */
  zip: string;
}

/** The four strings the virtual module exports. */
export interface EncodedZipTable {
  names: string;
  rows: string;
  refs: string;
  states: string;
}

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_';
const SMALL_ROW_LIMIT = 64;
const REF_BASE = 28;
const REF_WIDTH = 3;
const MAX_SHARED_PREFIX = DIGITS.length - 1;

const digitValue = (char: string): number => DIGITS.indexOf(char);

/** Writes the table; entries may come in any order, one per ZIP. */
export function encodeZipTable(entries: readonly ZipEntry[]): EncodedZipTable {
  const sorted = [...entries].sort((a, b) => Number(a.zip) - Number(b.zip));
  const names = [...new Set(sorted.map((e) => e.city))].sort();
  if (names.length > REF_BASE ** REF_WIDTH) throw new Error(`Too many city names for the ZIP table: ${names.length}`);
  if (names.some((n) => n.includes('|'))) throw new Error('A city name contains "|"');
  const nameIndex = new Map(names.map((name, i) => [name, i]));

  let previous = '';
  const frontCoded = names.map((name) => {
    let shared = 0;
    while (shared < MAX_SHARED_PREFIX && shared < previous.length && previous[shared] === name[shared]) shared++;
    previous = name;
    return DIGITS[shared] + name.slice(shared);
  });

  let rows = '';
  let refs = '';
  const states: string[] = [];
  let previousZip = -1;
  let previousName = -1;
  let previousState = '';
  sorted.forEach(({ zip, city, state }, row) => {
    const number = Number(zip);
    const name = nameIndex.get(city) as number;
    const gap = number - previousZip - 1;
    const newCity = name !== previousName ? 1 : 0;
    if (gap < 0) throw new Error(`ZIP ${zip} is listed twice`);
    if (state !== previousState) states.push(row.toString(36) + state);
    const value = gap * 2 + newCity;
    rows += value < SMALL_ROW_LIMIT ? DIGITS[value] : `~${gap.toString(36)}${newCity ? '+' : '='}`;
    if (newCity) {
      let ref = '';
      for (let i = 0, v = name; i < REF_WIDTH; i++, v = Math.floor(v / REF_BASE)) ref = DIGITS[v % REF_BASE] + ref;
      refs += ref;
    }
    previousZip = number;
    previousName = name;
    previousState = state;
  });

  return { names: frontCoded.join('|'), rows, refs, states: states.join(',') };
}

/** Reads the table once; the answer finds a five-digit ZIP's place by binary search. */
export function decodeZipTable({ names: namesText, rows, refs, states: statesText }: EncodedZipTable): (zip: string) => ZipPlace | undefined {
  let previous = '';
  const names = namesText.split('|').map((entry) => (previous = previous.slice(0, digitValue(entry[0] as string)) + entry.slice(1)));

  const stateChanges = new Map(
    statesText
      .split(',')
      .filter(Boolean)
      .map((change) => [Number.parseInt(change.slice(0, -2), 36), change.slice(-2)] as const),
  );
  const stateCodes: string[] = [];

  const zips: number[] = [];
  const nameOf: number[] = [];
  const stateOf: number[] = [];
  let zip = -1;
  let name = -1;
  let at = 0;
  let refAt = 0;
  while (at < rows.length) {
    let gap: number;
    let newCity: boolean;
    if (rows[at] === '~') {
      let end = at + 1;
      while (rows[end] !== '+' && rows[end] !== '=') end++;
      gap = Number.parseInt(rows.slice(at + 1, end), 36);
      newCity = rows[end] === '+';
      at = end + 1;
    } else {
      const value = digitValue(rows[at] as string);
      gap = value >> 1;
      newCity = (value & 1) === 1;
      at++;
    }
    zip += gap + 1;
    if (newCity) {
      name = 0;
      for (let i = 0; i < REF_WIDTH; i++) name = name * REF_BASE + digitValue(refs[refAt++] as string);
    }
    const stateChange = stateChanges.get(zips.length);
    if (stateChange !== undefined) stateCodes.push(stateChange);
    zips.push(zip);
    nameOf.push(name);
    stateOf.push(stateCodes.length - 1);
  }

  return (text) => {
    if (!/^\d{5}$/.test(text)) return undefined;
    const target = Number(text);
    let low = 0;
    let high = zips.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const value = zips[mid] as number;
      if (value === target) return { city: names[nameOf[mid] as number] as string, state: stateCodes[stateOf[mid] as number] as string };
      if (value < target) low = mid + 1;
      else high = mid - 1;
    }
    return undefined;
  };
}
