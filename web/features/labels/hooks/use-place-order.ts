import { centsToDollars } from '@domain/money';
import { findLabelType, labelPriceCents } from '@domain/pricing';
import type { LabelOrderBody } from '@domain/schemas/labels';
import { ApiError } from '@/api-client/client';
import { notifyApiError, notifySuccess } from '@/components/notify';
import { useCardCheckout } from '@/features/payments';
import { useCreateLabel } from '../api/create-label';
import { labelTypeName } from '../lib/label-type-name';
import { useIdempotencyKey } from '@/hooks/use-idempotency-key';
import { mayHaveBeenPlaced } from './use-idempotency-key';

/** What became of a submitted order: bought, the browser is leaving for the card checkout, or not. */
export type PlaceOutcome = 'created' | 'redirecting' | 'insufficient' | 'failed';

/**
 * Places a label order by its payment method (SPEC section 4) and tells the person what happened
 * (section 8). Credits buy at once, with an `Idempotency-Key`; a card goes to Stripe Checkout for
 * the server-computed price (the `amount` and `label` sent are the spec's payload, for display only).
 */
export function usePlaceOrder() {
  const { trigger: createLabel } = useCreateLabel();
  const cardCheckout = useCardCheckout();
  const idempotency = useIdempotencyKey();

  async function place(order: LabelOrderBody): Promise<PlaceOutcome> {
    if (order.paymentMethod === 'purchase') {
      const amount = Number(centsToDollars(labelPriceCents(order.labelType, order.weight)));
      const label = findLabelType(order.labelType)?.name ?? order.labelType;
      return cardCheckout({ amount, label, metadata: { orderDetails: order } });
    }

    try {
      const { label } = await createLabel({ order, idempotencyKey: idempotency.keyFor(order) });
      idempotency.settle();
      // SPEC: 'Order ID: ' plus the label type; both are shown (docs/decisions.md).
      notifySuccess('Label Created Successfully', `Order ID: ${label.shipOrderId} (${labelTypeName(label)})`);
      return 'created';
    } catch (error) {
      if (!mayHaveBeenPlaced(error)) idempotency.settle();
      notifyApiError('Order Creation Failed', error, 'An error occurred. Please try again.');
      return error instanceof ApiError && error.status === 402 ? 'insufficient' : 'failed';
    }
  }

  return place;
}
