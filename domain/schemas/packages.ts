/** Saved packages: a name for a parcel's weight and size, picked in the label dialog and the batch CSV. */
import * as z from './zod';
import { schema } from './zod';
import { oneLineText } from './fields';
import { parcelFields } from './labels';
import { PACKAGE_NAME_MAX } from '../package-name';

/**
 * POST /auth/packages: a name and the label form's own parcel fields (the same bounds and messages),
 * and whether it becomes the shipper's default.
 */
export const packageSchema = /* @__PURE__ */ schema(() =>
  z.object(
    {
      name: oneLineText('Required', PACKAGE_NAME_MAX),
      ...parcelFields(),
      isDefault: z
        .optional(z.boolean({ error: 'isDefault must be true or false' }))
        .register(z.globalRegistry, { description: "Makes it the shipper's default package (the one before it stops being so)." }),
    },
    { error: 'Required' },
  ),
);
export type PackageBody = z.output<typeof packageSchema>;
