import { useCallback } from 'react';
import useSWRMutation from 'swr/mutation';
import type { ApiWithdrawal } from '@domain/api/wallet';
import type { WithdrawalBody } from '@domain/schemas/wallet';
import { apiRequest } from '@/api-client/client';
import { cursorPageKeys, useCursorPages } from '@/api-client/cursor-pages';
import { useRevalidateRoutes } from '@/api-client/revalidate-routes';

export const withdrawalsPageKeys = cursorPageKeys('GET /wallet/withdrawals', { limit: '10' });

/** The signed-in user's withdrawal requests, newest first, page by page. */
export function useWithdrawals() {
  const { items, ...pages } = useCursorPages(withdrawalsPageKeys, (page) => page.withdrawals);
  return { ...pages, withdrawals: items };
}

export function requestWithdrawal(body: WithdrawalBody): Promise<ApiWithdrawal> {
  return apiRequest('POST /wallet/withdrawals', { body });
}

/** Asks for `amount` dollars back; the hold changes the balance figures, the list and the transactions. */
export function useRequestWithdrawal() {
  const revalidateRoutes = useRevalidateRoutes();
  const revalidate = useCallback(() => revalidateRoutes('GET /wallet/withdrawals', 'GET /auth/profile', 'GET /hoodpay/transactions'), [revalidateRoutes]);
  return useSWRMutation('POST /wallet/withdrawals', (_key, { arg }: { arg: WithdrawalBody }) => requestWithdrawal(arg), {
    onSuccess: () => void revalidate(),
  });
}
