import type * as z from '@domain/schemas/zod';
import type { addressSchema } from '@domain/schemas/addresses';

/** An address block as a form holds it (before the schema trims and checks it). */
export type AddressFormValues = z.input<typeof addressSchema>;

/**
 * A blank address block, every field in the order the forms show them; the country starts as US
 * (addresses are US only). Optional fields start as '' like the others: the schema reads a blank
 * one as left out.
 */
export const emptyAddress = {
  name: '',
  company: '',
  street: '',
  street2: '',
  city: '',
  state: '',
  zip: '',
  country: 'US',
  phone: '',
} satisfies Required<AddressFormValues>;

export const addressFieldNames = Object.keys(emptyAddress) as (keyof typeof emptyAddress)[];
