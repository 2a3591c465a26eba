/**
 * POST /shipping/orders/{shipOrderId}/refund: asks for the refund of an unused label (within 30 days
 * of its purchase, no acceptance scan). Answers the order as it then stands: refund_pending while
 * the carrier decides (the scheduled work settles it), or refunded / refund_rejected when it decided
 * at once. The order is read under the caller's own key, so another user's order is a 404 like an
 * unknown one; a label that cannot be refunded, or whose refund was already asked, is a 409 saying why.
 */
import { isValid as isUlid } from 'ulid';
import { toApiOrder } from '../../../domain/api/order-answer';
import { NotFound } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { requestRefund } from '../../labels/label-refunds';

export const handler = api(route.refundLabel, async function refundLabel({ auth, params, log }) {
  const id = params.shipOrderId ?? '';
  if (!isUlid(id)) throw new NotFound('Order not found');
  return toApiOrder(await requestRefund(auth.accountId, id, log));
});
