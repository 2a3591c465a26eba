/** POST /shipping/track */
import * as z from './zod';
import { schema } from './zod';

const MESSAGE = 'Please enter a USPS tracking number';

/** Spaces people paste from receipts are dropped; what remains is letters and digits. */
export const trackSchema = /* @__PURE__ */ schema(() =>
  z.object({
    trackingNumber: z.pipe(
      z.pipe(
        z.string({ error: MESSAGE }),
        z.transform((s) => s.replace(/\s+/g, '').toUpperCase()),
      ),
      z
        .string()
        .check(
          z.minLength(1, MESSAGE),
          z.maxLength(40, 'Tracking number is too long'),
          z.regex(/^[A-Z0-9]+$/, 'Tracking numbers have only letters and digits'),
        ),
    ),
  }),
);
export type TrackBody = z.infer<typeof trackSchema>;
