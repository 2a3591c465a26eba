/**
 * The offline ZIP table (zip-table.json, written by infra/build/zip-table.ts from the `zipcodes`
 * package): ZIP -> primary city and state. The browser fetches it to fill the address forms
 * (web/components/zip-lookup.ts); the local address check bundles it
 * (functions/providers/address/zip-address-verifier.ts). Both read it through this one index.
 */

/** A ZIP's place: its city (Title Case) and two-letter state. */
export interface ZipPlace {
  city: string;
  state: string;
}

/** zip-table.json: state -> city -> that city's ZIPs. */
export type ZipTable = Record<string, Record<string, string[]>>;

/** The table as a lookup: a five-digit ZIP's place, or undefined for a ZIP it does not list. */
export function indexZipTable(byState: ZipTable): (zip: string) => ZipPlace | undefined {
  const places = new Map<string, ZipPlace>();
  for (const [state, cities] of Object.entries(byState)) {
    for (const [city, zips] of Object.entries(cities)) {
      const place = { city, state };
      for (const zip of zips) places.set(zip, place);
    }
  }
  return (zip) => places.get(zip);
}
