import useSWRMutation from 'swr/mutation';
import type { TopupAnswer } from '@domain/api/wallet';
import { PAYMENT_TYPES, type CreditType, type TopupBody } from '@domain/schemas/payments';
import { apiRequest } from '@/api-client/client';
import { useRevalidateWallet } from './list-transactions';

/** The credit types paid through Hoodpay; cards go through Stripe Checkout. */
export type CryptoCreditType = Exclude<CreditType, 'Card'>;

export function createTopup(body: TopupBody): Promise<TopupAnswer> {
  return apiRequest('POST /hoodpay/topup', { body });
}

/** Starts a crypto top-up of `amount` dollars in SPEC's payload shape; revalidates the list and balance. */
export function useCreateTopup() {
  const revalidateWallet = useRevalidateWallet();
  return useSWRMutation(
    'POST /hoodpay/topup',
    (_key, { arg }: { arg: { amount: number; creditType: CryptoCreditType } }) =>
      createTopup({ ...arg, type: 'topup', paymentMethod: PAYMENT_TYPES[arg.creditType] }),
    {
      onSuccess: () => void revalidateWallet(),
      onError: () => void revalidateWallet(),
    },
  );
}
