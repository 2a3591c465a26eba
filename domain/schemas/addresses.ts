/** Saved addresses and the address blocks of the label form (USPS domestic only). */
import * as z from './zod';
import { schema } from './zod';
import { oneLineText, requiredText } from './fields';

/** Two-letter USPS state and territory codes. */
export const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
  'AS',
  'GU',
  'MP',
  'PR',
  'VI',
  'AA',
  'AE',
  'AP',
] as const;

const state = () =>
  requiredText('Required', 30).check(
    z.toUpperCase(),
    z.refine((s) => (US_STATES as readonly string[]).includes(s), 'Use a two-letter US state code'),
  );

const zip = () => requiredText('Required', 10).check(z.regex(/^\d{5}(-\d{4})?$/, 'ZIP must be 5 digits or ZIP+4'));

/** One address block: the six fields of the add form and of each side of the label form. */
export const addressFields = {
  name: oneLineText('Required', 100),
  street: oneLineText('Required', 200),
  city: oneLineText('Required', 100),
  state: state(),
  zip: zip(),
  country: oneLineText('Required', 56),
};

/** POST /auth/addresses */
export const addressSchema = /* @__PURE__ */ schema(() => z.object(addressFields, { error: 'Required' }));
/** One address: a saved one, either side of a label, and what the carrier prints. */
export type Address = z.output<typeof addressSchema>;
