import { useApiQuery } from '@/api-client/swr-config';

/** GET /wallet/balance-history: the spendable balance at the close of each of the last 90 days. */
export function useBalanceHistory() {
  return useApiQuery('GET /wallet/balance-history');
}
