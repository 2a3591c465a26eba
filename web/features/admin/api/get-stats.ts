import { useApiQuery } from '@/api-client/swr-config';
import type { AdminStats } from '@domain/api/admin';

export const adminStatsKey = 'GET /admin/stats' as const;

/** The admin dashboard's figures: users, labels, last week's top-ups and the sum of all balances. */
export function useAdminStats() {
  return useApiQuery(adminStatsKey);
}
