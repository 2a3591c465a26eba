import useSWRMutation from 'swr/mutation';
import type { CreatedLabel } from '@domain/api/orders';
import type { ReturnLabelBody } from '@domain/schemas/returns';
import { ApiError, apiRequest } from '@/api-client/client';
import { useRevalidateRoutes } from '@/api-client/revalidate-routes';

const ROUTE = 'POST /shipping/orders/{shipOrderId}/return';

/** A return label's quote: what the confirmation names, and its price. */
export interface ReturnQuote {
  quoteId: string;
  priceCents: number;
}

/**
 * The return quote of a shipment: the route asked without a quoteId buys nothing and answers 409
 * with it (docs/decisions/0217-return-labels.md). Any other answer is thrown as it came.
 */
export async function quoteReturnLabel(shipOrderId: string, idempotencyKey: string): Promise<ReturnQuote> {
  try {
    await apiRequest(ROUTE, { params: { shipOrderId }, body: {}, headers: { 'Idempotency-Key': idempotencyKey } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && error.quote && error.quote.priceCents !== null)
      return { quoteId: error.quote.quoteId, priceCents: error.quote.priceCents };
    throw error;
  }
  throw new Error('The return label was bought without a quote');
}

/** POST /shipping/orders/{shipOrderId}/return with a quote: buys the return label from the wallet. */
export function createReturnLabel(arg: { shipOrderId: string; idempotencyKey: string; body: ReturnLabelBody }): Promise<CreatedLabel> {
  return apiRequest(ROUTE, { params: { shipOrderId: arg.shipOrderId }, body: arg.body, headers: { 'Idempotency-Key': arg.idempotencyKey } });
}

/** Buys a return label, then refetches what it changed: the shipments (the return and its outbound) and the balance. */
export function useCreateReturnLabel() {
  const revalidateRoutes = useRevalidateRoutes();
  const revalidate = () => void revalidateRoutes('GET /shipping/orders', 'GET /hoodpay/transactions', 'GET /auth/profile', 'GET /wallet/balance-history');
  return useSWRMutation(ROUTE, (_key, { arg }: { arg: Parameters<typeof createReturnLabel>[0] }) => createReturnLabel(arg), {
    onSuccess: revalidate,
    onError: revalidate,
  });
}
