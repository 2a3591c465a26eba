/** Saved addresses (docs/api.md, Addresses): stored and answered in the same shape. */
import * as z from 'zod';

/**
 * One address as the API answers it (a saved one, either side of a label). The body schema
 * (domain/schemas/addresses.ts) trims and checks what a caller sends; this is what it became.
 */
export const apiAddressSchema = z
  .object({
    name: z.string(),
    street: z.string(),
    city: z.string(),
    /** Two-letter USPS code, upper case. */
    state: z.string().meta({ description: 'Two-letter USPS state or territory code, upper case.' }),
    zip: z.string().meta({ description: 'Five digits or ZIP+4.' }),
    country: z.string(),
  })
  .meta({ id: 'Address' });

export const savedAddressSchema = apiAddressSchema.extend({ id: z.string(), createdAt: z.string() }).meta({ id: 'SavedAddress' });
export type SavedAddress = z.infer<typeof savedAddressSchema>;

/**
 * POST /addresses/verify: whether the carrier (or locally the ZIP table) knows
 * the address. `suggestion` is the corrected address when the check proposes one (the name is the
 * caller's); `messages` say what is wrong, in the provider's words, and may be present when valid.
 */
export const addressCheckSchema = z
  .object({
    valid: z.boolean(),
    suggestion: apiAddressSchema.nullable(),
    messages: z.array(z.string()),
  })
  .meta({ id: 'AddressCheck' });
export type AddressCheck = z.infer<typeof addressCheckSchema>;
