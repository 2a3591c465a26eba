/**
 * `virtual:zip-table`: the offline ZIP -> city and state table the address forms autofill from
 * (issue 6), built from the `zipcodes` package's data when Vite (or Vitest) first loads the module,
 * and written in the compact format of web/components/zip-table-codec.ts. Only the web module
 * web/components/zip-lookup.ts imports it, dynamically, so it is a chunk of its own that a browser
 * fetches when an address form is used, never with the landing page.
 */
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { US_STATES } from '../../domain/schemas/addresses';
import { encodeZipTable, type ZipEntry } from '../../web/components/zip-table-codec';

export const ZIP_TABLE_MODULE = 'virtual:zip-table';
const RESOLVED_ID = `\0${ZIP_TABLE_MODULE}`;

/** One entry of `zipcodes/lib/codes.js` (latitude and longitude are not used). */
interface ZipcodesEntry {
  zip: string;
  city: string;
  state: string;
  country: string;
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

/** The virtual module's source: the table's four strings as named exports. */
export function zipTableModuleSource(entries: readonly ZipEntry[] = readZipEntries()): string {
  const table = encodeZipTable(entries);
  return Object.entries(table)
    .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`)
    .join('\n');
}

export function zipTablePlugin(): Plugin {
  let source: string | undefined;
  return {
    name: 'prepaidship:zip-table',
    resolveId(id) {
      return id === ZIP_TABLE_MODULE ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      source ??= zipTableModuleSource();
      return source;
    },
  };
}
