import { notifyApiError, notifyError } from '@/components/notify';
import { isNavigableUrl, loadPage } from '@/lib/full-page-navigation';
import { useCreateCheckoutSession, type CheckoutSessionBody } from '../api/create-checkout-session';

/** The fallback line under a payment failure's title. */
export const tryAgain = 'Please try again';

/**
 * Opens a card checkout (a top-up or a label) and sends the browser to the provider's page, with
 * SPEC section 8's two checkout messages when it cannot. Answers 'redirecting' while the browser
 * leaves (a full load: the checkout is another site), so the caller keeps its button busy.
 */
export function useCardCheckout() {
  const { trigger: createCheckoutSession } = useCreateCheckoutSession();

  return async (body: CheckoutSessionBody): Promise<'redirecting' | 'failed'> => {
    let url: unknown;
    try {
      ({ url } = await createCheckoutSession(body));
    } catch (error) {
      notifyApiError('Failed to initiate payment.', error, tryAgain);
      return 'failed';
    }
    // A card is paid only on the checkout page: a session without one cannot be paid.
    if (!isNavigableUrl(url)) {
      notifyError('Failed to redirect to payment page.', tryAgain);
      return 'failed';
    }
    loadPage(url);
    return 'redirecting';
  };
}
