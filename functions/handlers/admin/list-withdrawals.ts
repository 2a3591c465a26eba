/** GET /admin/withdrawals: every user's withdrawal requests, newest first, optionally of one `?status=`, from an index (never a Scan). */
import { toApiWithdrawal } from '../../../domain/api/wallet';
import { listWithdrawals } from '../../data/withdrawals';
import { api } from '../../http/handler';

export const handler = api('GET /admin/withdrawals', async function listAllWithdrawals({ query }) {
  const page = await listWithdrawals(query, query.status);
  return { withdrawals: page.items.map(toApiWithdrawal), nextCursor: page.nextCursor };
});
