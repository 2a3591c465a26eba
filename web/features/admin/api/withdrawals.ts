import useSWRMutation from 'swr/mutation';
import type { ApproveWithdrawalBody, RejectWithdrawalBody } from '@domain/schemas/wallet';
import { apiRequest } from '@/api-client/client';
import { cursorPageKeys, useCursorPages } from '@/api-client/cursor-pages';
import { useRevalidateRoutes } from '@/api-client/revalidate-routes';

/** Pending requests first: what an admin has to act on (the page can show every status too). */
export const pendingWithdrawalsKeys = cursorPageKeys('GET /admin/withdrawals', { status: 'pending', limit: '50' });
export const allWithdrawalsKeys = cursorPageKeys('GET /admin/withdrawals', { limit: '50' });

/** Every user's withdrawal requests, newest first: pending only, or all. */
export function useAdminWithdrawals(onlyPending: boolean) {
  const { items, ...pages } = useCursorPages(onlyPending ? pendingWithdrawalsKeys : allWithdrawalsKeys, (page) => page.withdrawals);
  return { ...pages, withdrawals: items };
}

/** Approves (or resumes approving) or rejects a request; then the lists and the figures are read again. */
export function useDecideWithdrawal() {
  const revalidateRoutes = useRevalidateRoutes();
  return useSWRMutation(
    // One mutation for both decisions (SWR needs a key; not a route of its own).
    'admin withdrawal decision',
    (_key, { arg }: { arg: { id: string } & ({ decision: 'approve'; body: ApproveWithdrawalBody } | { decision: 'reject'; body: RejectWithdrawalBody }) }) =>
      arg.decision === 'approve'
        ? apiRequest('POST /admin/withdrawals/{id}/approve', { params: { id: arg.id }, body: arg.body })
        : apiRequest('POST /admin/withdrawals/{id}/reject', { params: { id: arg.id }, body: arg.body }),
    { onSuccess: () => void revalidateRoutes('GET /admin/withdrawals', 'GET /admin/stats', 'GET /auth/users', 'GET /admin/approvals', 'GET /admin/audit') },
  );
}
