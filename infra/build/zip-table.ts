/**
 * Writes domain/zip-table.json, the offline ZIP -> city and state table the address forms
 * autofill from and the local address check reads, from the `zipcodes` package's data:
 *
 *   npx tsx infra/build/zip-table.ts
 *
 * The file is committed, so a build needs neither this script nor the package; a unit test checks
 * that it still matches the package (test/unit/web/zip-autofill.test.tsx). Run it again after
 * upgrading `zipcodes` or changing US_STATES. Plain JSON was chosen over a custom compact format
 * (docs/decisions/0055-zip-table-and-address-forms.md): about twice the gzip bytes, fetched once, lazily, by the first ZIP keystroke.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { US_STATES } from '../../domain/schemas/addresses';

export const ZIP_TABLE_FILE = resolve(import.meta.dirname, '../../domain/zip-table.json');

/** One entry of `zipcodes/lib/codes.js` (latitude and longitude are not used). */
interface ZipcodesEntry {
  zip: string;
  city: string;
  state: string;
  country: string;
}

export interface ZipEntry {
  /** Five digits. */
  zip: string;
  city: string;
  state: string;
}

/** "NEW YORK" -> "New York"; names already in mixed case ("McAllen") are kept as they are. */
export function titleCaseCity(city: string): string {
  const trimmed = city.trim().replace(/\s+/g, ' ');
  if (trimmed !== trimmed.toUpperCase()) return trimmed;
  return trimmed.toLowerCase().replace(/(^|[\s\-/.'(])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/**
 * The US ZIPs of the `zipcodes` package whose state the address forms accept (US_STATES: the
 * Freely Associated States' FM, MH and PW are left out), with Title Case city names.
 */
export function readZipEntries(): ZipEntry[] {
  const { codes } = createRequire(import.meta.url)('zipcodes/lib/codes.js') as { codes: Record<string, ZipcodesEntry> };
  const states = new Set<string>(US_STATES);
  return Object.values(codes)
    .filter((e) => e.country === 'US' && /^\d{5}$/.test(e.zip) && states.has(e.state) && e.city.trim() !== '')
    .map((e) => ({ zip: e.zip, city: titleCaseCity(e.city), state: e.state }));
}

/**
 * The file's text: `{ "TX": { "Austin": ["73301", "78701", ...], ... }, ... }`, states, cities and
 * ZIPs sorted, one city a line so a data update reads as a diff. Grouping by state and city writes
 * each name once; the browser turns it into a ZIP -> place map (web/components/zip-lookup.ts).
 */
export function zipTableJson(entries: readonly ZipEntry[] = readZipEntries()): string {
  const byState = new Map<string, Map<string, string[]>>();
  for (const { zip, city, state } of entries) {
    let cities = byState.get(state);
    if (!cities) byState.set(state, (cities = new Map<string, string[]>()));
    let zips = cities.get(city);
    if (!zips) cities.set(city, (zips = []));
    zips.push(zip);
  }
  const sorted = <T>(map: Map<string, T>) => [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const states = sorted(byState).map(([state, cities]) => {
    const lines = sorted(cities).map(([city, zips]) => `    ${JSON.stringify(city)}: ${JSON.stringify(zips.sort())}`);
    return `  ${JSON.stringify(state)}: {\n${lines.join(',\n')}\n  }`;
  });
  return `{\n${states.join(',\n')}\n}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(ZIP_TABLE_FILE, zipTableJson());
  console.log(`wrote ${ZIP_TABLE_FILE}`);
}
