/** GET /wallet/withdrawals: the signed-in user's withdrawal requests, newest first, paged (one Query per page). */
import { toApiWithdrawal } from '../../../domain/api/wallet-answer';
import { listUserWithdrawals } from '../../data/withdrawals';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.listWithdrawals, async function listWalletWithdrawals({ auth, query }) {
  const page = await listUserWithdrawals(auth.accountId, query);
  return { withdrawals: page.items.map(toApiWithdrawal), nextCursor: page.nextCursor };
});
