/** The batch CSV template: every column in order and one example row that is valid as it is. */
import { BATCH_COLUMNS, type BatchColumn } from '../../domain/batch-columns';
import { toCsv } from '../exports/csv';

const EXAMPLE: Record<BatchColumn, string> = {
  labelType: 'usps_ground',
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
};

export const batchTemplateCsv = (): string =>
  toCsv(
    BATCH_COLUMNS.map((c) => ({ header: c, cell: (row: Record<BatchColumn, string>) => row[c] })),
    [EXAMPLE],
  );
