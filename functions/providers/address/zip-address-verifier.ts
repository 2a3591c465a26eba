/**
 * The local address check: city, state and ZIP must agree with the offline ZIP table
 * (domain/zip-table.json, one primary city per ZIP), compared without regard to case or spacing.
 * A disagreement answers the table's city and state as the suggestion (name, street and ZIP kept as
 * entered); a ZIP the table does not list is invalid with no suggestion. The street is not checked:
 * no offline table of streets exists.
 *
 * The table is about 0.9 MB of JSON: it is imported only here, and lazily, so a Lambda that checks
 * through EasyPost parses it never, and one that checks locally once per container.
 */
import type { AddressCheck } from '../../../domain/api/addresses';
import type { Address } from '../../../domain/schemas/addresses';
import { indexZipTable, type ZipPlace } from '../../../domain/zip-places';
import type { AddressVerifier } from './address-verifier';

type Lookup = (zip: string) => ZipPlace | undefined;

let lookup: Promise<Lookup> | undefined;
const loadTable = (): Promise<Lookup> => (lookup ??= import('../../../domain/zip-table.json').then((m) => indexZipTable(m.default)));

/** "  new   YORK " -> "NEW YORK": what "the same name" means here. */
const same = (a: string, b: string): boolean => a.trim().replace(/\s+/g, ' ').toUpperCase() === b.trim().replace(/\s+/g, ' ').toUpperCase();

export class ZipTableAddressVerifier implements AddressVerifier {
  constructor(private readonly table: () => Promise<Lookup> = loadTable) {}

  async verify(address: Address): Promise<AddressCheck> {
    const zip5 = address.zip.trim().slice(0, 5);
    const place = (await this.table())(zip5);
    if (!place) return { valid: false, suggestion: null, messages: [`ZIP ${zip5} is not a US ZIP code we know.`] };
    const cityAgrees = same(address.city, place.city);
    const stateAgrees = same(address.state, place.state);
    if (cityAgrees && stateAgrees) return { valid: true, suggestion: null, messages: [] };
    const messages = [
      ...(cityAgrees ? [] : [`ZIP ${zip5} belongs to ${place.city}, not ${address.city.trim()}.`]),
      ...(stateAgrees ? [] : [`ZIP ${zip5} is in ${place.state}, not ${address.state.trim()}.`]),
    ];
    return { valid: false, suggestion: { ...address, city: place.city, state: place.state }, messages };
  }
}
