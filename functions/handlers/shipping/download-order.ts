/**
 * GET /shipping/download-order/{shipOrderId}: the label PDF, the same bytes every time. The order is
 * read under the caller's own key, so another user's order is a 404 like an unknown one. A refunded
 * label is gone for good (410: its postage came back, printing it would ship unpaid), and so is one
 * whose price went back to the wallet when its refund was asked (credited early); one whose refund is
 * pending is refused with 409 until the carrier decides (a rejected refund gives it back).
 *
 * The first download records that the label reached its shipper before its bytes are read
 * (ordersToServe): from then on its refund waits for the carrier.
 */
import { isValid as isUlid } from 'ulid';
import { ordersToServe } from '../../data/orders';
import { Conflict, HttpError, NotFound } from '../../errors';
import { api, Reply } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { getLabelStore } from '../../providers/registry/blobs';

export const handler = api(route.downloadLabel, async function downloadOrder({ auth, params }) {
  const id = params.shipOrderId ?? '';
  // shipOrderIds are ulids; anything else (a 2 kB id would overflow DynamoDB's key limit) names nothing.
  const order = isUlid(id) ? (await ordersToServe(auth.userId, [id])).get(id) : undefined;
  if (!order?.labelKey || !order.tracking) throw new NotFound('No label for this order');
  if (order.status === 'refunded' || order.creditedEarly) throw new HttpError(410, 'This label was refunded and can no longer be downloaded.');
  if (order.status === 'refund_pending') throw new Conflict('This label is being refunded and cannot be downloaded unless the refund is rejected.');
  const pdf = await getLabelStore().get(order.labelKey);
  if (!pdf) throw new Error(`label ${order.labelKey} missing from the store`);
  return Reply.binary(pdf, 'application/pdf', { 'content-disposition': `attachment; filename="${order.tracking}.pdf"` });
});
