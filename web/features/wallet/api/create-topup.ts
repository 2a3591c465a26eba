import useSWRMutation from 'swr/mutation';
import type { CreditType, TopupBody } from '@domain/schemas/payments';
import { apiRequest } from '@/api-client/client';
import { useRevalidateWallet } from './list-transactions';

/** The credit types paid through Hoodpay; cards go through Stripe Checkout. */
export type CryptoCreditType = Exclude<CreditType, 'Card'>;

/** SPEC section 7: Crypto is paid as CRYPTO; Bitcoin (mapping not shown) as BITCOIN, like the ledger's payment types. */
export const paymentMethods: Record<CryptoCreditType, string> = { Crypto: 'CRYPTO', Bitcoin: 'BITCOIN' };

/** POST /hoodpay/topup: `url` is the payment page to send the browser to, when there is one. */
export interface TopupAnswer {
  data?: { url?: string | null; hoodpayOrderId?: string | null };
}

export function createTopup(body: TopupBody): Promise<TopupAnswer> {
  return apiRequest<TopupAnswer>('POST /hoodpay/topup', { body });
}

/** Starts a crypto top-up of `amount` dollars in SPEC's payload shape; revalidates the list and balance. */
export function useCreateTopup() {
  const revalidateWallet = useRevalidateWallet();
  return useSWRMutation(
    'POST /hoodpay/topup',
    (_key, { arg }: { arg: { amount: number; creditType: CryptoCreditType } }) =>
      createTopup({ ...arg, type: 'topup', paymentMethod: paymentMethods[arg.creditType] }),
    {
      onSuccess: () => void revalidateWallet(),
      onError: () => void revalidateWallet(),
    },
  );
}
