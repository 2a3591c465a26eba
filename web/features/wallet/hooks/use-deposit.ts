import type { CreditType } from '@domain/schemas/payments';
import { notifyApiError, notifySuccess } from '@/components/notify';
import { isNavigableUrl, loadPage } from '@/lib/full-page-navigation';
import { tryAgain, useCardCheckout } from '@/features/payments';
import { useCreateTopup } from '../api/create-topup';

/** What became of a deposit: the browser is leaving for the payment page, it was recorded, or it failed. */
export type DepositOutcome = 'redirecting' | 'created' | 'failed';

/**
 * Starts a top-up and tells the person what happened (SPEC sections 4 and 8): a card goes to Stripe
 * Checkout, Crypto and Bitcoin to Hoodpay. With a payment URL the browser leaves for it (a full
 * load: the provider's page is another site); the wallet is credited later by the provider's
 * webhook, never here.
 */
export function useDeposit() {
  const cardCheckout = useCardCheckout();
  const { trigger: createTopup } = useCreateTopup();

  return async ({ creditType, amount }: { creditType: CreditType; amount: number }): Promise<DepositOutcome> => {
    if (creditType === 'Card') return cardCheckout({ amount });

    let url: unknown;
    try {
      url = (await createTopup({ amount, creditType })).data?.url;
    } catch (error) {
      notifyApiError('Transaction failed', error, tryAgain);
      return 'failed';
    }
    if (isNavigableUrl(url)) {
      loadPage(url);
      return 'redirecting';
    }
    notifySuccess('Transaction created');
    return 'created';
  };
}
