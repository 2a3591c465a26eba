/** Saved addresses (docs/api.md, Addresses): stored and answered in the same shape. */
import * as z from 'zod';

/**
 * One address as the API answers it (a saved one, either side of a label). The body schema
 * (domain/schemas/addresses.ts) trims and checks what a caller sends; this is what it became.
 */
export const apiAddressSchema = z
  .object({
    name: z.string(),
    company: z.string().optional(),
    street: z.string(),
    street2: z.string().optional().meta({ description: 'The second street line (suite, floor, apartment).' }),
    city: z.string(),
    /** Two-letter USPS code, upper case. */
    state: z.string().meta({ description: 'Two-letter USPS state or territory code, upper case.' }),
    zip: z.string().meta({ description: 'Five digits or ZIP+4.' }),
    country: z.string(),
    phone: z.string().optional().meta({ description: 'Ten digits.' }),
  })
  .meta({ id: 'Address' });

export const savedAddressSchema = apiAddressSchema.extend({ id: z.string(), createdAt: z.string() }).meta({ id: 'SavedAddress' });
export type SavedAddress = z.infer<typeof savedAddressSchema>;

/**
 * POST /addresses/verify: whether the carrier (or locally the ZIP table) knows
 * the address. `suggestion` is the corrected address when the check proposes one (the name, company
 * and phone are the caller's); `messages` say what is wrong, in the provider's words, and may be
 * present when valid. `residential` is the provider's view of the place, for the person to read:
 * no price is taken from it.
 */
export const addressCheckSchema = z
  .object({
    valid: z.boolean(),
    suggestion: apiAddressSchema.nullable(),
    messages: z.array(z.string()),
    residential: z.boolean().nullable().meta({ description: 'A home (true) or a business (false), as the check sees it; null when it cannot say.' }),
  })
  .meta({ id: 'AddressCheck' });
export type AddressCheck = z.infer<typeof addressCheckSchema>;
