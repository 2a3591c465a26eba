/**
 * ZIP -> city and state from the offline table shipped with the app (no network call to any ZIP
 * service). The table, domain/zip-table.json (written by infra/build/zip-table.ts), is a content-hashed
 * file of the build, fetched as plain JSON on the first call and read into a map once.
 */
import zipTableUrl from '@domain/zip-table.json?url';
import { indexZipTable, type ZipPlace, type ZipTable } from '@domain/zip-places';

export type { ZipPlace };

let table: Promise<(zip: string) => ZipPlace | undefined> | undefined;

/** Starts fetching the table (an address form calls this as soon as a ZIP is typed). */
export function loadZipTable(): Promise<(zip: string) => ZipPlace | undefined> {
  table ??= fetch(zipTableUrl)
    .then(async (response) => {
      if (!response.ok) throw new Error(`The ZIP table answered ${response.status}`);
      return indexZipTable((await response.json()) as ZipTable);
    })
    .catch((error: unknown) => {
      table = undefined; // offline: tried again next time
      throw error;
    });
  return table;
}

/** The city (Title Case) and two-letter state of a five-digit ZIP, or undefined for an unknown one. */
export async function lookupZip(zip: string): Promise<ZipPlace | undefined> {
  return (await loadZipTable())(zip);
}
