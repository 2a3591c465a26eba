/**
 * GET /shipping/download-order/{shipOrderId}?format=&dpi=: the label as the file asked for, the same
 * bytes every time: the 4x6 PDF (the default), the letter layout, a PNG or ZPL
 * (functions/labels/label-files.ts). Without `format`, the file the shipper chose as their default
 * (PUT /auth/label-format); a bad `format` or `dpi` is a 400 before anything is read or recorded.
 *
 * The order is read under the caller's own key, so another user's order is a 404 like an unknown
 * one. A refunded label is gone for good (410: its postage came back, printing it would ship
 * unpaid), and so is one whose price went back to the wallet when its refund was asked (credited
 * early); one whose refund is pending is refused with 409 until the carrier decides (a rejected
 * refund gives it back).
 *
 * The first download records that the label reached its shipper before its bytes are read
 * (ordersToServe), whatever the file: from then on its refund waits for the carrier.
 */
import { isValid as isUlid } from 'ulid';
import { labelChoiceOf, labelFileName, type LabelChoice } from '../../../domain/label-formats';
import { ordersToServe } from '../../data/orders';
import { getUserById } from '../../data/users';
import { Conflict, HttpError, NotFound } from '../../errors';
import { api, Reply } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { labelFile } from '../../labels/label-files';

export const handler = api(route.downloadLabel, async function downloadOrder({ auth, params, query }) {
  const id = params.shipOrderId ?? '';
  // shipOrderIds are ulids; anything else (a 2 kB id would overflow DynamoDB's key limit) names nothing.
  const order = isUlid(id) ? (await ordersToServe(auth.accountId, [id])).get(id) : undefined;
  if (!order?.labelKey || !order.tracking) throw new NotFound('No label for this order');
  if (order.status === 'refunded' || order.creditedEarly) throw new HttpError(410, 'This label was refunded and can no longer be downloaded.');
  if (order.status === 'refund_pending') throw new Conflict('This label is being refunded and cannot be downloaded unless the refund is rejected.');
  const choice: LabelChoice = query.format
    ? labelChoiceOf({ format: query.format, dpi: query.dpi })
    : labelChoiceOf({ ...(await getUserById(auth.userId))?.labelFormat, ...(query.dpi ? { dpi: query.dpi } : {}) });
  const file = await labelFile({ ...order, labelKey: order.labelKey, tracking: order.tracking }, choice);
  return Reply.binary(file.bytes, file.contentType, { 'content-disposition': `attachment; filename="${labelFileName(order.tracking, choice)}"` });
});
