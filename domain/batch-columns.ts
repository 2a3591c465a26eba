/**
 * The columns of a batch CSV: the template's header row and which label form field each
 * column fills. Apart from the batch routes' zod schemas (domain/schemas/batches.ts, which re-exports
 * these) so that a Lambda reading or writing batch rows without validating a body bundles no zod
 * (GET /shipping/batches/{batchId} and the other body-less batch routes).
 */
import { PACKAGE_NAME_MAX } from './package-name';

/** The template's header row, in order. Names are matched case-insensitively; any other column is refused. */
export const BATCH_COLUMNS = [
  'labelType',
  'service',
  'package',
  'weight',
  'length',
  'width',
  'height',
  'shipDate',
  'fromName',
  'fromCompany',
  'fromStreet',
  'fromStreet2',
  'fromCity',
  'fromState',
  'fromZip',
  'fromCountry',
  'fromPhone',
  'toName',
  'toCompany',
  'toStreet',
  'toStreet2',
  'toCity',
  'toState',
  'toZip',
  'toCountry',
  'toPhone',
  'toEmail',
  'labelText1',
  'labelText2',
  'signature',
  'insuredValueCents',
] as const;
export type BatchColumn = (typeof BATCH_COLUMNS)[number];

/**
 * The longest a cell of each column may be: what the label form's field allows (domain/schemas/
 * labels.ts and addresses.ts), and for the number columns more than any number it takes needs. A
 * longer cell could never become a label, so the file (or the row edit) is refused whole and
 * nothing of it is stored: a batch's storage stays bounded by its rows, not by what a file carries.
 */
export const COLUMN_MAX_LENGTH: Record<BatchColumn, number> = {
  labelType: 64,
  service: 64,
  package: PACKAGE_NAME_MAX,
  weight: 20,
  length: 20,
  width: 20,
  height: 20,
  shipDate: 10,
  fromName: 100,
  fromCompany: 100,
  fromStreet: 200,
  fromStreet2: 100,
  fromCity: 100,
  fromState: 30,
  fromZip: 10,
  fromCountry: 56,
  // A phone as people write it, before it becomes ten digits (domain/schemas/fields.ts).
  fromPhone: 30,
  toName: 100,
  toCompany: 100,
  toStreet: 200,
  toStreet2: 100,
  toCity: 100,
  toState: 30,
  toZip: 10,
  toCountry: 56,
  // A phone as people write it, before it becomes ten digits (domain/schemas/fields.ts).
  toPhone: 30,
  toEmail: 254,
  // Room for spaces around a line the form trims; its own limit (25) is the row's error.
  labelText1: 64,
  labelText2: 64,
  signature: 16,
  insuredValueCents: 20,
};

/**
 * Columns a CSV may leave out: the USPS service (read in rates mode only; blank or missing: the
 * cheapest), a saved package's name, the ship date (today), the recipient's email, each side's
 * company, second street line and phone, the label's extras (text lines, signature, insured value)
 * (files made before those columns existed keep working), and the sender when a saved address fills it.
 */
export const OPTIONAL_COLUMNS: readonly BatchColumn[] = [
  'service',
  'package',
  'shipDate',
  'toEmail',
  'fromCompany',
  'fromStreet2',
  'fromPhone',
  'toCompany',
  'toStreet2',
  'toPhone',
  'labelText1',
  'labelText2',
  'signature',
  'insuredValueCents',
];
/** The parcel's columns, which a saved package fills (functions/batches/rows.ts fillParcel). */
export const PARCEL_COLUMNS = ['weight', 'length', 'width', 'height'] as const satisfies readonly BatchColumn[];
/** The sender's required columns, which a saved address may fill. */
export const SENDER_COLUMNS: readonly BatchColumn[] = ['fromName', 'fromStreet', 'fromCity', 'fromState', 'fromZip', 'fromCountry'];
/** The sender's optional columns: a saved address fills them only where it fills the street too (functions/batches/rows.ts fillSender). */
export const SENDER_OPTIONAL_COLUMNS: readonly BatchColumn[] = ['fromCompany', 'fromStreet2', 'fromPhone'];

/**
 * The label form's field path each column fills (`from.zip` for `fromZip`, `to.email` for `toEmail`,
 * `labelText.0` for `labelText1`): how a row's errors name their column.
 */
export const COLUMN_FIELD: Record<BatchColumn, string> = Object.fromEntries(
  BATCH_COLUMNS.map((c) => {
    const side = /^(from|to)([A-Z]\w*)$/.exec(c);
    const line = /^labelText(\d)$/.exec(c);
    return [c, side ? `${side[1]}.${side[2]!.charAt(0).toLowerCase()}${side[2]!.slice(1)}` : line ? `labelText.${Number(line[1]) - 1}` : c];
  }),
) as Record<BatchColumn, string>;
