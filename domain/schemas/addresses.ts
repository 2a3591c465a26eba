/** Saved addresses and the address blocks of the label form (USPS domestic only). */
import * as z from './zod';
import { schema } from './zod';
import { oneLineText, optionalOneLineText, optionalUsPhone, requiredText } from './fields';

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

/**
 * One address block: the fields of the add form and of each side of the label form, in the order
 * they are shown. The six of SPEC are required; the company, second street line and phone are
 * optional (a blank one is left out), and all of them go to the carrier.
 */
export const addressFields = {
  name: oneLineText('Required', 100),
  company: optionalOneLineText(100).register(z.globalRegistry, { description: 'Printed under the name.' }),
  street: oneLineText('Required', 200),
  street2: optionalOneLineText(100).register(z.globalRegistry, { description: 'The second street line (suite, floor, apartment).' }),
  city: oneLineText('Required', 100),
  state: state(),
  zip: zip(),
  country: oneLineText('Required', 56),
  phone: optionalUsPhone().register(z.globalRegistry, {
    description: 'A US number, 10 digits, written with any spaces, dashes, dots, parentheses and a leading +1; kept and answered as the 10 digits.',
  }),
};

/** POST /auth/addresses */
export const addressSchema = /* @__PURE__ */ schema(() => z.object(addressFields, { error: 'Required' }));
/** One address: a saved one, either side of a label, and what the carrier prints. */
export type Address = z.output<typeof addressSchema>;
