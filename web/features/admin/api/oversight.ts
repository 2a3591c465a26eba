import useSWRMutation from 'swr/mutation';
import type { ApproveApprovalBody, RejectApprovalBody } from '@domain/schemas/oversight';
import { apiRequest } from '@/api-client/client';
import { cursorPageKeys, useCursorPages } from '@/api-client/cursor-pages';
import { useRevalidateRoutes } from '@/api-client/revalidate-routes';

const pageSize = '50';

/** Requests waiting for a second admin first: what an admin has to act on (the page can show every status too). */
export const pendingApprovalsKeys = cursorPageKeys('GET /admin/approvals', { status: 'pending', limit: pageSize });
export const allApprovalsKeys = cursorPageKeys('GET /admin/approvals', { limit: pageSize });

export function useApprovals(onlyPending: boolean) {
  const { items, ...pages } = useCursorPages(onlyPending ? pendingApprovalsKeys : allApprovalsKeys, (page) => page.approvals);
  return { ...pages, approvals: items };
}

/** The second admin's approval or rejection; then the lists, the figures and the log are read again. */
export function useDecideApproval() {
  const revalidateRoutes = useRevalidateRoutes();
  return useSWRMutation(
    // One mutation for both decisions (SWR needs a key; not a route of its own).
    'admin approval decision',
    (_key, { arg }: { arg: { id: string } & ({ decision: 'approve'; body: ApproveApprovalBody } | { decision: 'reject'; body: RejectApprovalBody }) }) =>
      arg.decision === 'approve'
        ? apiRequest('POST /admin/approvals/{id}/approve', { params: { id: arg.id }, body: arg.body })
        : apiRequest('POST /admin/approvals/{id}/reject', { params: { id: arg.id }, body: arg.body }),
    {
      onSuccess: () => void revalidateRoutes('GET /admin/approvals', 'GET /admin/withdrawals', 'GET /admin/stats', 'GET /auth/users', 'GET /admin/audit'),
    },
  );
}

/** The audit log, newest first, with the page's filters (empty ones left out). */
export function useAuditRecords(filters: Record<string, string>) {
  const query = Object.fromEntries(Object.entries({ ...filters, limit: pageSize }).filter(([, v]) => v));
  const { items, ...pages } = useCursorPages(cursorPageKeys('GET /admin/audit', query), (page) => page.records);
  return { ...pages, records: items };
}
