/** Query strings of the list routes (values arrive as strings, hence the coercion). */
import { z } from 'zod';

/** `?cursor=&limit=` of every paged list: at most 100 items a page, 50 by default. */
export const pageQuerySchema = z.object({
  cursor: z.string().max(4096).optional(),
  limit: z.coerce.number({ error: 'limit must be a number from 1 to 100' }).int().min(1).max(100).default(50),
});

/** GET /hoodpay/transactions: a page, optionally of one entry type. */
export const transactionsQuerySchema = pageQuerySchema.extend({
  type: z.enum(['topup', 'label', 'refund', 'adjustment', 'withdrawal'], { error: 'type must be topup, label, refund, adjustment or withdrawal' }).optional(),
});
