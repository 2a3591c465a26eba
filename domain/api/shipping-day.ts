/**
 * SCAN forms and pickups as the shipper reads them (docs/api.md, The end of a shipping day). The
 * stored shapes are functions/data/scan-forms.ts's and functions/data/pickups.ts's.
 */
import * as z from 'zod';
import { apiAddressSchema } from './addresses';

export const apiScanFormSchema = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    shipDate: z.string().meta({ description: 'The ship date of its labels (YYYY-MM-DD).' }),
    from: apiAddressSchema.meta({ description: 'The origin of its labels, printed on the form.' }),
    labelCount: z.number().int(),
    orderIds: z.array(z.string()).meta({ description: 'The shipOrderIds of its labels.' }),
    trackingNumbers: z.array(z.string()),
    pdfUrl: z.string().meta({ description: 'Where its PS 5630 PDF downloads: GET /shipping/scan-forms/{id}/pdf.' }),
  })
  .meta({ id: 'ScanForm' });
export type ApiScanForm = z.infer<typeof apiScanFormSchema>;

/** One page of GET /shipping/scan-forms: newest first, `nextCursor` null on the last page. */
export const scanFormsPageSchema = z.object({ scanForms: z.array(apiScanFormSchema), nextCursor: z.string().nullable() }).meta({ id: 'ScanFormsPage' });

export const PICKUP_STATUSES = ['scheduled', 'canceled'] as const;
export type PickupStatus = (typeof PICKUP_STATUSES)[number];

export const apiPickupSchema = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    date: z.string().meta({ description: 'The pickup day (YYYY-MM-DD).' }),
    windowStart: z.string().meta({ description: 'HH:MM' }),
    windowEnd: z.string().meta({ description: 'HH:MM' }),
    address: apiAddressSchema,
    instructions: z.string().nullable(),
    orderIds: z.array(z.string()),
    labelCount: z.number().int(),
    status: z.enum(PICKUP_STATUSES),
    confirmation: z.string().meta({ description: "The carrier's confirmation number." }),
    canceledAt: z.string().nullable(),
  })
  .meta({ id: 'Pickup' });
export type ApiPickup = z.infer<typeof apiPickupSchema>;

/** One page of GET /shipping/pickups: newest first. */
export const pickupsPageSchema = z.object({ pickups: z.array(apiPickupSchema), nextCursor: z.string().nullable() }).meta({ id: 'PickupsPage' });
