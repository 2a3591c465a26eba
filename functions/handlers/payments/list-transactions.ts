/**
 * GET /hoodpay/transactions: the signed-in user's ledger entries, newest first, paged, optionally of
 * one `?type=`, one `?status=` and made `?from=`/`?to=` (US Eastern days), still up to `limit` a
 * page however sparse the matches. Admins with `?type=` get every user's entries of that type (the
 * admin transactions page asks for top-ups), from an index, never a Scan.
 */
import { toApiEntry } from '../../../domain/api/wallet-answer';
import { findEntriesByType, findUserEntries } from '../../wallet/ledger';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.listTransactions, async function listTransactions({ auth, query }) {
  const { type, status, from, to, ...page } = query;
  const found =
    auth.role === 'admin' && type
      ? await findEntriesByType(type, { status, from, to }, page)
      : await findUserEntries(auth.accountId, { type, status, from, to }, page);
  return { data: found.items.map(toApiEntry), nextCursor: found.nextCursor };
});
