/**
 * ZIP -> city and state from the offline table shipped with the app (no network call to any ZIP
 * service). The table is its own chunk, fetched on the first call and decoded once.
 */
import { decodeZipTable, type ZipPlace } from './zip-table-codec';

export type { ZipPlace };

let table: Promise<(zip: string) => ZipPlace | undefined> | undefined;

/** Starts fetching the table (an address form calls this as soon as a ZIP is typed). */
export function loadZipTable(): Promise<(zip: string) => ZipPlace | undefined> {
  table ??= import('virtual:zip-table').then(decodeZipTable, (error: unknown) => {
    table = undefined; // a failed chunk load (offline) is tried again next time
    throw error;
  });
  return table;
}

/** The city (Title Case) and two-letter state of a five-digit ZIP, or undefined for an unknown one. */
export async function lookupZip(zip: string): Promise<ZipPlace | undefined> {
  return (await loadZipTable())(zip);
}
