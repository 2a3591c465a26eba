import useSWRMutation from 'swr/mutation';
import type { CheckoutSession } from '@domain/api/wallet';
import type { BodyIn } from '@domain/api/routes';
import { apiRequest } from '@/api-client/client';
import { useRevalidateRoutes } from '@/api-client/revalidate-routes';

/**
 * What a card checkout is for: a top-up of `amount` dollars, or a label bought by card (SPEC
 * section 7's `{ amount, label, metadata: { orderDetails } }`; the server prices the order itself
 * and ignores `amount` and `label`).
 */
export type CheckoutSessionBody = BodyIn<'POST /stripe/create-checkout-session'>;

/** POST /stripe/create-checkout-session: records a pending entry (top-up) or an order awaiting payment (label). */
export function createCheckoutSession(body: CheckoutSessionBody): Promise<CheckoutSession> {
  return apiRequest('POST /stripe/create-checkout-session', { body });
}

/**
 * Starts a card checkout; the wallet's entries and the balance are revalidated whatever the answer
 * (a 502 marks the entry failed).
 */
export function useCreateCheckoutSession() {
  const revalidateRoutes = useRevalidateRoutes();
  const revalidateWallet = () => void revalidateRoutes('GET /hoodpay/transactions', 'GET /auth/profile');
  return useSWRMutation('POST /stripe/create-checkout-session', (_key, { arg }: { arg: CheckoutSessionBody }) => createCheckoutSession(arg), {
    onSuccess: revalidateWallet,
    onError: revalidateWallet,
  });
}
