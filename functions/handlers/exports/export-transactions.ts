/**
 * GET /exports/transactions.csv: the caller's wallet ledger as a CSV file, optionally
 * within `from`/`to` (Eastern days, inclusive). `scope=all` exports every user's top-ups instead and
 * is for admins: the role is the verified one of the token (an admin claim is checked against the
 * stored account by the handler factory), so a user asking for it gets 403 and nothing is read.
 */
import { Forbidden } from '../../errors';
import { CSV_CONTENT_TYPE } from '../../exports/csv';
import { rangeName } from '../../exports/date-range';
import { transactionsCsv } from '../../exports/exports';
import { api, Reply } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const ADMINS_ONLY_MESSAGE = "Only admins may export every user's top-ups";

export const handler = api(route.exportTransactions, async function exportTransactions({ auth, query }) {
  if (query.scope === 'all' && auth.role !== 'admin') throw new Forbidden(ADMINS_ONLY_MESSAGE);
  const csv = await transactionsCsv(auth.accountId, query, query.scope);
  const name = query.scope === 'all' ? 'topups-all-users' : 'transactions';
  return Reply.binary(Buffer.from(csv, 'utf8'), CSV_CONTENT_TYPE, {
    'content-disposition': `attachment; filename="prepaidship-${name}-${rangeName(query)}.csv"`,
  });
});
