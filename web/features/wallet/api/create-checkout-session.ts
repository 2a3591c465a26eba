import useSWRMutation from 'swr/mutation';
import { apiRequest } from '../../../api-client/client';
import { useRevalidateWallet } from './list-transactions';

/** A card top-up's Checkout Session: send the browser to `url` to pay. */
export interface CheckoutSession {
  id: string;
  url?: string | null;
}

/** POST /stripe/create-checkout-session for a card top-up of `amount` dollars (records a pending entry). */
export function createCheckoutSession(body: { amount: number }): Promise<CheckoutSession> {
  return apiRequest<CheckoutSession>('POST /stripe/create-checkout-session', { body });
}

/** Starts a card top-up; the list and balance are revalidated whatever the answer (a 502 marks the entry failed). */
export function useCreateCheckoutSession() {
  const revalidateWallet = useRevalidateWallet();
  return useSWRMutation('POST /stripe/create-checkout-session', (_key, { arg }: { arg: { amount: number } }) => createCheckoutSession(arg), {
    onSuccess: () => void revalidateWallet(),
    onError: () => void revalidateWallet(),
  });
}
