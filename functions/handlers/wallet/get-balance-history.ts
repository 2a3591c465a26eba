/** GET /wallet/balance-history: the caller's spendable balance at the close of each of the last 90 US Eastern days (functions/insights/balance-history.ts). */
import { getBalanceHistory } from '../../insights/balance-history';
import { api } from '../../http/handler';
import { walletGetBalanceHistoryRoute } from '../../../domain/api/routes';

export const handler = api(walletGetBalanceHistoryRoute, async function getWalletBalanceHistory({ auth }) {
  return getBalanceHistory(auth.userId);
});
