/**
 * GET /hoodpay/transactions: the signed-in user's ledger entries, newest first, paged, optionally of
 * one `?type=`. Admins with `?type=` get every user's entries of that type (the admin transactions
 * page asks for top-ups), from an index, never a Scan.
 */
import { toApiEntry } from '../../../domain/api/wallet';
import { listEntriesByType, listUserEntries } from '../../wallet/ledger';
import { api } from '../../http/handler';

export const handler = api('GET /hoodpay/transactions', async function listTransactions({ auth, query }) {
  const page = auth.role === 'admin' && query.type ? await listEntriesByType(query.type, query) : await listUserEntries(auth.userId, query, query.type);
  return { data: page.items.map(toApiEntry), nextCursor: page.nextCursor };
});
