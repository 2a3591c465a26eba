/**
 * The batch CSV template: every column in order and one example row that is valid as it is in the
 * configured pricing mode (table mode names a label type, rates mode a USPS service).
 */
import { BATCH_COLUMNS, type BatchColumn } from '../../domain/batch-columns';
import { config } from '../config';
import { toCsv } from '../exports/csv';

const EXAMPLE: Record<BatchColumn, string> = {
  labelType: 'usps_ground',
  // Rates mode only (below): a USPS service id; blank is the cheapest the row's quote offers.
  service: '',
  // Blank: the row's own weight and sizes, or the default package when they are blank too. A saved
  // package's name (case ignored) fills the blank ones.
  package: '',
  weight: '2',
  length: '10',
  width: '8',
  height: '4',
  // Blank: today (US Eastern time). A date is YYYY-MM-DD, up to 7 days ahead.
  shipDate: '',
  fromName: 'Jane Sender',
  // Company, second street line and phone are optional on either side.
  fromCompany: 'Springfield Crafts',
  fromStreet: '1 Main St',
  fromStreet2: 'Suite 200',
  fromCity: 'Springfield',
  fromState: 'IL',
  fromZip: '62701',
  fromCountry: 'US',
  fromPhone: '217-555-0100',
  toName: 'John Receiver',
  toCompany: '',
  toStreet: '350 5th Ave',
  toStreet2: 'Floor 12',
  toCity: 'New York',
  toState: 'NY',
  toZip: '10118',
  toCountry: 'US',
  toPhone: '',
  toEmail: 'john@example.com',
  // Up to 25 characters each, printed on the label; blank: none.
  labelText1: 'Order 1042',
  labelText2: '',
  // Blank or none; signature (Signature Confirmation) or adult (Adult Signature Required), priced in the row.
  signature: '',
  // Whole cents to insure, at most 500000 ($5,000); blank: not insured.
  insuredValueCents: '',
};

/** The example in rates mode: the same parcel as USPS Ground Advantage, the label type left blank (not read). */
const RATES_EXAMPLE: Record<BatchColumn, string> = { ...EXAMPLE, labelType: '', service: 'usps_ground_advantage' };

export const batchTemplateCsv = (): string =>
  toCsv(
    BATCH_COLUMNS.map((c) => ({ header: c, cell: (row: Record<BatchColumn, string>) => row[c] })),
    [config().PRICING_MODE === 'rates' ? RATES_EXAMPLE : EXAMPLE],
  );
