/**
 * GET /shipping/download-order/{shipOrderId}: the label PDF, the same bytes every time. The order is
 * read under the caller's own key, so another user's order is a 404 like an unknown one.
 */
import { getOrder } from '../../data/orders';
import { NotFound } from '../../errors';
import { api, Reply } from '../../http/handler';
import { getLabelStore } from '../../providers/blobs/blob-store';

export const handler = api('GET /shipping/download-order/{shipOrderId}', {}, async ({ auth, params }) => {
  const order = await getOrder(auth.userId, params.shipOrderId ?? '');
  if (!order?.labelKey || !order.tracking) throw new NotFound('No label for this order');
  const pdf = await getLabelStore().get(order.labelKey);
  if (!pdf) throw new Error(`label ${order.labelKey} missing from the store`);
  return Reply.binary(pdf, 'application/pdf', { 'content-disposition': `attachment; filename="${order.tracking}.pdf"` });
});
