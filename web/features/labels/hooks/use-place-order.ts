import { centsToDollars } from '@domain/money';
import { findLabelType, labelPriceCents } from '@domain/pricing';
import type { LabelOrderBody } from '@domain/schemas/labels';
import { ApiError, mayHaveActed } from '@/api-client/client';
import { withLoadingToast } from '@/components/notify';
import { useCardCheckout, tryAgain } from '@/features/payments';
import { isNavigableUrl, loadPage } from '@/lib/full-page-navigation';
import { useCreateLabel } from '../api/create-label';
import { labelTypeName } from '../lib/label-type-name';
import { useIdempotencyKey } from '@/hooks/use-idempotency-key';

/** What became of a submitted order: bought, the browser is leaving for the card checkout, or not. */
export type PlaceOutcome = 'created' | 'redirecting' | 'insufficient' | 'invalid' | 'requoted' | 'failed';

export interface PlaceResult {
  outcome: PlaceOutcome;
  /** `insufficient`: what a card would pay for the label (the server's figure), when it said. */
  shortfallCents?: number;
  /** `invalid`: the server's per-field messages (a ship date its clock puts outside the window). */
  fields?: Record<string, string>;
}

/**
 * Places a label order by its payment method (SPEC section 4) and tells the person what happened
 * (section 8). Credits buy at once, with an `Idempotency-Key`; a card goes to Stripe Checkout for
 * the server-computed price (the `amount` and `label` sent are the spec's payload, for display only).
 * Credits short of the price with `payShortfall`: the server answers the checkout of the
 * difference, and the browser goes there; the label is bought once the payment settles.
 */
export function usePlaceOrder() {
  const { trigger: createLabel } = useCreateLabel();
  const cardCheckout = useCardCheckout();
  const idempotency = useIdempotencyKey();

  /** `shown`: the price the dialog shows (its quote's), else the spec's estimate of the label type. */
  async function place(order: LabelOrderBody, shown?: { priceCents: number; name: string }): Promise<PlaceResult> {
    if (order.paymentMethod === 'purchase') {
      const cents = shown?.priceCents ?? labelPriceCents(order.labelType ?? '', order.weight);
      const label = shown?.name ?? findLabelType(order.labelType ?? '')?.name ?? order.labelType ?? '';
      // The amount is for display (the server charges its own price): left out when there is none to show.
      return { outcome: await cardCheckout({ ...(cents > 0 ? { amount: Number(centsToDollars(cents)) } : {}), label, metadata: { orderDetails: order } }) };
    }

    // The carrier's purchase takes seconds: the loading toast says what is under way, then turns into the outcome.
    return withLoadingToast<PlaceResult>('Creating label…', async (notice) => {
      try {
        const { label, checkoutUrl } = await createLabel({ order, idempotencyKey: idempotency.keyFor(order) });
        idempotency.settle();
        if (checkoutUrl) {
          // A card checkout is paid only on its page: without one nothing can be paid.
          if (!isNavigableUrl(checkoutUrl)) {
            notice.error('Failed to redirect to payment page.', tryAgain);
            return { outcome: 'failed' };
          }
          loadPage(checkoutUrl);
          return { outcome: 'redirecting' };
        }
        // SPEC: 'Order ID: ' plus the label type; both are shown (docs/spec-readings.md, "§8 l.160").
        notice.success('Label Created Successfully', `Order ID: ${label.shipOrderId} (${labelTypeName(label)})`);
        return { outcome: 'created' };
      } catch (error) {
        // A 502 is decided: the carrier failed, the order is failed and refunded.
        if (!mayHaveActed(error, [502])) idempotency.settle();
        notice.apiError('Order Creation Failed', error, 'An error occurred. Please try again.');
        if (error instanceof ApiError && error.status === 402) return { outcome: 'insufficient', shortfallCents: error.shortfallCents };
        // The quote expired or the form changed since: the toast says so, and the dialog quotes again.
        if (error instanceof ApiError && error.status === 409 && error.requoted) return { outcome: 'requoted' };
        if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) return { outcome: 'invalid', fields: error.fields };
        return { outcome: 'failed' };
      }
    });
  }

  return place;
}
