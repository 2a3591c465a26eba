/** GET /admin/withdrawals: every user's withdrawal requests, newest first, optionally of one `?status=`, from an index (never a Scan). */
import { toApiWithdrawal } from '../../../domain/api/wallet-answer';
import { listWithdrawals } from '../../data/withdrawals';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.listAllWithdrawals, async function listAllWithdrawals({ query }) {
  const page = await listWithdrawals(query, query.status);
  return { withdrawals: page.items.map(toApiWithdrawal), nextCursor: page.nextCursor };
});
