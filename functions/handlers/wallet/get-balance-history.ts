/** GET /wallet/balance-history: the caller's spendable balance at the close of each of the last 90 US Eastern days (functions/insights/balance-history.ts). */
import { getBalanceHistory } from '../../insights/balance-history';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.getBalanceHistory, async function getWalletBalanceHistory({ auth }) {
  return getBalanceHistory(auth.accountId);
});
