/** Saved packages (docs/api.md, Saved packages): stored and answered in the same shape. */
import * as z from 'zod';

export const savedPackageSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    weight: z.number().meta({ description: 'Pounds.' }),
    length: z.number().meta({ description: 'Inches.' }),
    width: z.number().meta({ description: 'Inches.' }),
    height: z.number().meta({ description: 'Inches.' }),
    isDefault: z.boolean().meta({ description: "The shipper's default package: at most one is." }),
    createdAt: z.string(),
  })
  .meta({ id: 'SavedPackage' });
export type SavedPackage = z.infer<typeof savedPackageSchema>;
