import { useApiQuery } from '@/api-client/swr-config';

/** GET /shipping/savings: what the shipper saved against the USPS retail rate, this month, in total and by month. */
export function useSavings() {
  return useApiQuery('GET /shipping/savings');
}
