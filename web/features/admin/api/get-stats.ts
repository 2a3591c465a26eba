import { useApiQuery } from '@/api-client/swr-config';

export const adminStatsKey = 'GET /admin/stats' as const;

/** The admin dashboard's figures: users, labels, last week's top-ups and the sum of all balances. */
export function useAdminStats() {
  return useApiQuery(adminStatsKey);
}
