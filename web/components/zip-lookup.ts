/**
 * ZIP -> city and state from the offline table shipped with the app (no network call to any ZIP
 * service). The table, zip-table.json (written by infra/build/zip-table.ts), is a content-hashed
 * file of the build, fetched as plain JSON on the first call and read into a map once.
 */
import zipTableUrl from './zip-table.json?url';

/** A ZIP's place, as the address forms fill it in. */
export interface ZipPlace {
  city: string;
  state: string;
}

/** zip-table.json: state -> city -> that city's ZIPs. */
type ZipTable = Record<string, Record<string, string[]>>;

function indexByZip(byState: ZipTable): (zip: string) => ZipPlace | undefined {
  const places = new Map<string, ZipPlace>();
  for (const [state, cities] of Object.entries(byState)) {
    for (const [city, zips] of Object.entries(cities)) {
      const place = { city, state };
      for (const zip of zips) places.set(zip, place);
    }
  }
  return (zip) => places.get(zip);
}

let table: Promise<(zip: string) => ZipPlace | undefined> | undefined;

/** Starts fetching the table (an address form calls this as soon as a ZIP is typed). */
export function loadZipTable(): Promise<(zip: string) => ZipPlace | undefined> {
  table ??= fetch(zipTableUrl)
    .then(async (response) => {
      if (!response.ok) throw new Error(`The ZIP table answered ${response.status}`);
      return indexByZip((await response.json()) as ZipTable);
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
