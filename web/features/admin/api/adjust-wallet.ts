import useSWRMutation from 'swr/mutation';
import type { AdjustmentBody } from '@domain/schemas/wallet';
import { apiRequest } from '@/api-client/client';
import { useRevalidateRoutes } from '@/api-client/revalidate-routes';

/** Credits or debits a user's wallet; `key` is one per adjustment meant, so a retry never applies twice. */
export function useAdjustWallet() {
  const revalidateRoutes = useRevalidateRoutes();
  return useSWRMutation(
    'POST /admin/users/{id}/adjustments',
    (_key, { arg }: { arg: { userId: string; key: string; body: AdjustmentBody } }) =>
      apiRequest('POST /admin/users/{id}/adjustments', { params: { id: arg.userId }, headers: { 'Idempotency-Key': arg.key }, body: arg.body }),
    { onSuccess: () => void revalidateRoutes('GET /auth/users', 'GET /admin/stats', 'GET /admin/approvals', 'GET /admin/audit') },
  );
}
