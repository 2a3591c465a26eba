/** POST /shipping/track */
import * as z from 'zod';

const MESSAGE = 'Please enter a USPS tracking number';

/** Spaces people paste from receipts are dropped; what remains is letters and digits. */
export const trackSchema = z.object({
  trackingNumber: z
    .string({ error: MESSAGE })
    .transform((s) => s.replace(/\s+/g, '').toUpperCase())
    .pipe(
      z
        .string()
        .min(1, MESSAGE)
        .max(40, 'Tracking number is too long')
        .regex(/^[A-Z0-9]+$/, 'Tracking numbers have only letters and digits'),
    ),
});
export type TrackBody = z.infer<typeof trackSchema>;
