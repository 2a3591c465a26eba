/**
 * The local address check: city, state and ZIP must agree with the offline ZIP table
 * (domain/zip-table.json, one primary city per ZIP), compared without regard to case or spacing.
 * A disagreement answers the table's city and state as the suggestion (name, street and ZIP kept as
 * entered); a ZIP the table does not list is invalid with no suggestion. The street is not checked:
 * no offline table of streets exists.
 *
 * `residential` has no table behind it either, so it follows one fixed rule that tests and the
 * local app can count on: an address with a company is a business (false), any other a home
 * (true); null for a ZIP the table does not know, as nothing is known of that place.
 *
 * The table is a large JSON file: it is read only here, and lazily, so a Lambda that checks
 * through EasyPost parses it never, and one that checks locally once per container. It is read as a
 * file, not imported: esbuild would inline an imported JSON into the Lambda's bundle, where V8 would
 * compile its bytes at every cold start although most requests never look at it. The stack ships it
 * beside the bundle instead (infra/lambda-bundling.ts, ZIP_TABLE_BESIDE).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressCheck } from '../../../domain/api/addresses';
import type { Address } from '../../../domain/schemas/addresses';
import { indexZipTable, type ZipPlace, type ZipTable } from '../../../domain/zip-places';
import type { AddressVerifier } from './address-verifier';

type Lookup = (zip: string) => ZipPlace | undefined;

/** The table's file name beside a Lambda's bundle (the stack copies it there). */
export const ZIP_TABLE_FILE_NAME = 'zip-table.json';

/**
 * In a Lambda, the copy beside the bundle (LAMBDA_TASK_ROOT, which Lambda sets to the code's
 * directory); run from source (tests, the local front), domain/zip-table.json itself.
 */
const tableFile = (): string =>
  process.env.LAMBDA_TASK_ROOT
    ? join(process.env.LAMBDA_TASK_ROOT, ZIP_TABLE_FILE_NAME)
    : fileURLToPath(new URL('../../../domain/zip-table.json', import.meta.url));

let lookup: Promise<Lookup> | undefined;
const loadTable = (): Promise<Lookup> => (lookup ??= readFile(tableFile(), 'utf8').then((json) => indexZipTable(JSON.parse(json) as ZipTable)));

/** "  new   YORK " -> "NEW YORK": what "the same name" means here. */
const same = (a: string, b: string): boolean => a.trim().replace(/\s+/g, ' ').toUpperCase() === b.trim().replace(/\s+/g, ' ').toUpperCase();

export class ZipTableAddressVerifier implements AddressVerifier {
  constructor(private readonly table: () => Promise<Lookup> = loadTable) {}

  async verify(address: Address): Promise<AddressCheck> {
    const zip5 = address.zip.trim().slice(0, 5);
    const place = (await this.table())(zip5);
    if (!place) return { valid: false, suggestion: null, messages: [`ZIP ${zip5} is not a US ZIP code we know.`], residential: null };
    const residential = !address.company;
    const cityAgrees = same(address.city, place.city);
    const stateAgrees = same(address.state, place.state);
    if (cityAgrees && stateAgrees) return { valid: true, suggestion: null, messages: [], residential };
    const messages = [
      ...(cityAgrees ? [] : [`ZIP ${zip5} belongs to ${place.city}, not ${address.city.trim()}.`]),
      ...(stateAgrees ? [] : [`ZIP ${zip5} is in ${place.state}, not ${address.state.trim()}.`]),
    ];
    return { valid: false, suggestion: { ...address, city: place.city, state: place.state }, messages, residential };
  }
}
