/** The batch CSV template: every column in order and one example row that is valid as it is. */
import { BATCH_COLUMNS, type BatchColumn } from '../../domain/batch-columns';
import { toCsv } from '../exports/csv';

const EXAMPLE: Record<BatchColumn, string> = {
  labelType: 'usps_ground',
  weight: '2',
  length: '10',
  width: '8',
  height: '4',
  // Blank: today (US Eastern time). A date is YYYY-MM-DD, up to 7 days ahead.
  shipDate: '',
  fromName: 'Jane Sender',
  fromStreet: '1 Main St',
  fromCity: 'Springfield',
  fromState: 'IL',
  fromZip: '62701',
  fromCountry: 'US',
  toName: 'John Receiver',
  toStreet: '350 5th Ave',
  toCity: 'New York',
  toState: 'NY',
  toZip: '10118',
  toCountry: 'US',
  toEmail: 'john@example.com',
};

export const batchTemplateCsv = (): string =>
  toCsv(
    BATCH_COLUMNS.map((c) => ({ header: c, cell: (row: Record<BatchColumn, string>) => row[c] })),
    [EXAMPLE],
  );
