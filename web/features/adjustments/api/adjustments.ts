import { useCallback } from 'react';
import useSWRMutation from 'swr/mutation';
import type { SupportAnswer } from '@domain/api/support';
import type { DisputeAdjustmentBody } from '@domain/schemas/adjustments';
import { apiRequest } from '@/api-client/client';
import { cursorPageKeys, useCursorPages } from '@/api-client/cursor-pages';
import { useRevalidateRoutes } from '@/api-client/revalidate-routes';

export const adjustmentsPageKeys = cursorPageKeys('GET /shipping/adjustments', { limit: '20' });

/** The signed-in user's postage adjustments, newest first, page by page. */
export function useAdjustments() {
  const { items, ...pages } = useCursorPages(adjustmentsPageKeys, (page) => page.adjustments);
  return { ...pages, adjustments: items };
}

export function disputeAdjustment(adjustmentId: string, body: DisputeAdjustmentBody): Promise<SupportAnswer> {
  return apiRequest('POST /shipping/adjustments/{adjustmentId}/dispute', { params: { adjustmentId }, body });
}

/** Disputes one adjustment; the list then shows it disputed. */
export function useDisputeAdjustment() {
  const revalidateRoutes = useRevalidateRoutes();
  const revalidate = useCallback(() => revalidateRoutes('GET /shipping/adjustments'), [revalidateRoutes]);
  return useSWRMutation(
    'POST /shipping/adjustments/{adjustmentId}/dispute',
    (_key, { arg }: { arg: { adjustmentId: string; body: DisputeAdjustmentBody } }) => disputeAdjustment(arg.adjustmentId, arg.body),
    { onSuccess: () => void revalidate() },
  );
}
