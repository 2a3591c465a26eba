/**
 * GET /receipts/{receipt}: the PDF receipt of one of the caller's completed ledger entries, at the
 * public URL `/receipts/<entryId>.pdf`. API Gateway HTTP APIs cannot match a parameter with a
 * suffix (`{entryId}.pdf`), so the route takes the whole last segment and this handler requires and
 * strips the `.pdf`: `/receipts/<id>` without it is a 404 like an unknown id. A shipment's id also
 * works (its label purchase's receipt): functions/receipts/receipt.ts.
 */
import { NotFound } from '../../errors';
import { api, Reply } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { NO_RECEIPT_MESSAGE, receiptFor } from '../../receipts/receipt';

export const handler = api(route.getReceipt, async function getReceipt({ auth, params }) {
  const match = /^([0-9A-Za-z]{26})\.pdf$/.exec(params.receipt ?? '');
  if (!match?.[1]) throw new NotFound(NO_RECEIPT_MESSAGE);
  const receipt = await receiptFor(auth.accountId, match[1].toUpperCase());
  // pdf-lib is loaded once a receipt is found, not at cold start.
  const { drawReceipt } = await import('../../receipts/draw-receipt');
  const pdf = await drawReceipt(receipt);
  return Reply.binary(pdf, 'application/pdf', { 'content-disposition': `attachment; filename="receipt-${receipt.number}.pdf"` });
});
