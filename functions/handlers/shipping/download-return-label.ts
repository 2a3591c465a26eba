/**
 * GET /shipping/return-label?token=: the PDF of a mailed return label, for whoever sends the parcel back
 * (no account needed: the signed token names the label, functions/labels/return-label-links.ts).
 * Only a return label is ever served this way; a refunded one is gone (410) like at
 * /shipping/download-order, and one whose refund is pending is refused (409) until the carrier decides.
 * Serving it records the download, so the label's refund then waits for the carrier.
 */
import { ordersToServe } from '../../data/orders';
import { Conflict, HttpError, NotFound } from '../../errors';
import { api, Reply } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { verifyReturnLabelToken } from '../../labels/return-label-links';
import { getLabelStore } from '../../providers/registry/blobs';

const NOT_VALID = 'This return label link is not valid or has expired.';

export const handler = api(route.downloadReturnLabel, async function downloadReturnLabel({ query }) {
  const named = await verifyReturnLabelToken(query.token);
  if (!named) throw new NotFound(NOT_VALID);
  const order = (await ordersToServe(named.userId, [named.orderId])).get(named.orderId);
  if (!order?.returnOf || !order.labelKey || !order.tracking) throw new NotFound(NOT_VALID);
  if (order.status === 'refunded' || order.creditedEarly) throw new HttpError(410, 'This return label was canceled and can no longer be printed.');
  if (order.status === 'refund_pending') throw new Conflict('This return label is being canceled and cannot be printed now.');
  const pdf = await getLabelStore().get(order.labelKey);
  if (!pdf) throw new Error(`label ${order.labelKey} missing from the store`);
  return Reply.binary(pdf, 'application/pdf', { 'content-disposition': `inline; filename="return-${order.tracking}.pdf"` });
});
