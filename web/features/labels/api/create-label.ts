import useSWRMutation from 'swr/mutation';
import type { LabelOrderBody } from '@domain/schemas/labels';
import { apiRequest } from '@/api-client/client';
import { useRevalidateRoutes } from '@/api-client/revalidate-routes';
import type { CreatedLabel } from '@domain/api/orders';

export interface CreateLabelInput {
  order: LabelOrderBody;
  /** One per order the person means to place: the server buys once per key (docs/api.md). */
  idempotencyKey: string;
}

/** POST /shipping/create-label: buys a label with wallet credits. */
export function createLabel({ order, idempotencyKey }: CreateLabelInput): Promise<CreatedLabel> {
  return apiRequest('POST /shipping/create-label', { body: order, headers: { 'Idempotency-Key': idempotencyKey } });
}

/**
 * Buys a label with credits, then refetches what it changed: the shipments, the wallet's entries and
 * the balance badge. Also after a failure: a carrier failure records a failed order and a refund.
 */
export function useCreateLabel() {
  const revalidateRoutes = useRevalidateRoutes();
  const revalidate = () =>
    void revalidateRoutes('GET /shipping/orders', 'GET /hoodpay/transactions', 'GET /auth/profile', 'GET /shipping/savings', 'GET /wallet/balance-history');
  return useSWRMutation('POST /shipping/create-label', (_key, { arg }: { arg: CreateLabelInput }) => createLabel(arg), {
    onSuccess: revalidate,
    onError: revalidate,
  });
}
