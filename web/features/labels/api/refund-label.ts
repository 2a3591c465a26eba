import useSWRMutation from 'swr/mutation';
import type { ApiOrder } from '@domain/api/orders';
import { apiRequest } from '@/api-client/client';
import { useRevalidateRoutes } from '@/api-client/revalidate-routes';

/** POST /shipping/orders/{shipOrderId}/refund: asks for the refund of an unused label; the order as it then stands. */
export function refundLabel(shipOrderId: string): Promise<ApiOrder> {
  return apiRequest('POST /shipping/orders/{shipOrderId}/refund', { params: { shipOrderId }, body: {} });
}

/**
 * Asks for a label's refund, then refetches what it may have changed: the shipments (the refund
 * state), the wallet's entries and the balance (credited when the carrier refunded at once).
 */
export function useRefundLabel() {
  const revalidateRoutes = useRevalidateRoutes();
  const revalidate = () =>
    void revalidateRoutes('GET /shipping/orders', 'GET /hoodpay/transactions', 'GET /auth/profile', 'GET /shipping/savings', 'GET /wallet/balance-history');
  return useSWRMutation('POST /shipping/orders/{shipOrderId}/refund', (_key, { arg: shipOrderId }: { arg: string }) => refundLabel(shipOrderId), {
    onSuccess: revalidate,
    onError: revalidate,
  });
}
