/** GET /api/counter: labels made so far (the landing page's counter). */
import * as z from 'zod';

export const labelsCounterSchema = z.object({ count: z.number().int() }).meta({ id: 'LabelsCounter' });
export type LabelsCounter = z.infer<typeof labelsCounterSchema>;
