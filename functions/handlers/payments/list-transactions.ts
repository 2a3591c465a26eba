/**
 * GET /hoodpay/transactions: the signed-in user's ledger entries, newest first, paged, optionally of
 * one `?type=`. Admins with `?type=` get every user's entries of that type (the admin transactions
 * page asks for top-ups), from an index, never a Scan.
 */
import { z } from 'zod';
import { toApiEntry } from '../../../domain/api/wallet';
import { listEntriesByType, listUserEntries } from '../../wallet/ledger';
import { pageQuerySchema } from '../../data/pagination';
import { api } from '../../http/handler';

const querySchema = pageQuerySchema.extend({
  type: z.enum(['topup', 'label', 'refund', 'adjustment'], { error: 'type must be topup, label, refund or adjustment' }).optional(),
});

export const handler = api('GET /hoodpay/transactions', { query: querySchema }, async ({ auth, query }) => {
  const page =
    auth.role === 'admin' && query.type ? await listEntriesByType(query.type, query) : await listUserEntries(auth.userId, query, query.type);
  return { data: page.items.map(toApiEntry), nextCursor: page.nextCursor };
});
