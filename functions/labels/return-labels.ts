/**
 * Return labels (docs/decisions/0217-return-labels.md): from one of the shipper's created labels, a
 * label for the same parcel from its recipient back to its shipper. It is bought exactly like a
 * label, through the same pipeline (./credit-orders.ts, ./buy-label.ts, its recovery): quoted first
 * (the quote is made as a return at the carrier, and its digest says so, so an outbound quote never
 * buys a return), paid from the wallet in the transaction that places it, refunded when the carrier
 * fails. That transaction also links the return to its outbound, on the condition that the outbound
 * is still a created label, so no return is bought for a label refunded meanwhile.
 *
 * Without a quote nothing is bought: the answer is the return quote (409, like an expired quote's),
 * which the shipper confirms by sending its id. Pay on use is refused: USPS through EasyPost bills a
 * return label when it is bought (docs/decisions/0218-return-labels-paid-when-bought.md).
 */
import type { Order } from '../../domain/api/orders';
import type { User } from '../../domain/api/users';
import type { LabelOrderBody } from '../../domain/schemas/labels';
import type { ReturnLabelBody } from '../../domain/schemas/returns';
import { limitQuotes } from '../accounts/limits';
import { config } from '../config';
import { getOrder } from '../data/orders';
import { BadRequest, Conflict, InvalidRequest, NotFound, QuoteChanged } from '../errors';
import type { Logger } from '../observability/logger';
import { queueNotice } from '../notifications/notices';
import { makeQuote } from '../postage/quotes';
import { buyWithCredits } from './credit-orders';

export const ON_USE_REFUSED =
  'Pay on use is not offered: USPS return labels bought through EasyPost are charged when they are made, not when they are used. Choose to pay now.';
export const RETURN_OF_RETURN = 'This label is itself a return label; make the return from the original shipment.';
export const NOT_RETURNABLE = 'Only a bought label that is not refunded can have a return label.';
export const CONFIRM_PRICE = "Here is the return label's price: send its quoteId to buy it.";
export const NOT_OFFERED = "This shipment's service is not offered for the way back.";

/**
 * The label form of a return of `outbound`: its parcel, from its recipient back to its shipper, the
 * row it was sold as, shipping today, without the outbound's text, signature or insurance.
 */
export function returnForm(outbound: Order, quoteId?: string): LabelOrderBody {
  const rates = config().PRICING_MODE === 'rates';
  return {
    labelType: outbound.labelType,
    ...(rates ? { service: outbound.serviceId ?? outbound.labelType } : {}),
    ...(quoteId ? { quoteId } : {}),
    weight: outbound.weightLb,
    length: outbound.lengthIn,
    width: outbound.widthIn,
    height: outbound.heightIn,
    from: outbound.to,
    to: outbound.from,
    paymentMethod: 'credits',
  };
}

/**
 * Quotes or buys the return label of the caller's shipment `outboundId`: 404 for a shipment that is
 * not theirs, 400 for a return of a return or pay on use, 409 for a label not (or no longer) created
 * and, without `quoteId`, 409 with the return quote. Bought, the label is mailed to `email` (or the
 * outbound recipient's) when one is known; a mail that fails waits for the scheduled retry.
 */
export async function buyReturnLabel(
  userId: string,
  outboundId: string,
  body: ReturnLabelBody,
  key: string,
  log: Logger,
  client: { appOrigin?: string; sourceIp?: string; actorId?: string } = {},
): Promise<{ order: Order; user: User; checkoutUrl: string | null }> {
  const outbound = await getOrder(userId, outboundId);
  if (!outbound) throw new NotFound('Order not found');
  if (body.payment === 'on_use') throw new BadRequest(ON_USE_REFUSED, { payment: ON_USE_REFUSED });
  if (outbound.returnOf) throw new InvalidRequest(RETURN_OF_RETURN);
  if (outbound.status !== 'created' || outbound.creditedEarly) throw new Conflict(NOT_RETURNABLE);
  const form = returnForm(outbound, body.quoteId);
  if (!body.quoteId) {
    // The quote makes carrier shipments: rated like POST /shipping/rates.
    await limitQuotes(userId, client.sourceIp);
    const quote = await makeQuote(userId, form, new Date(), { isReturn: true });
    const key = config().PRICING_MODE === 'rates' ? (form.service ?? form.labelType) : form.labelType;
    const row = quote.rates.find((r) => r.service === key);
    if (!row?.available || row.priceCents === null) throw new Conflict(`${NOT_OFFERED} ${row?.reason ?? ''}`.trim());
    throw new QuoteChanged(CONFIRM_PRICE, quote, row.priceCents);
  }
  const email = body.email ?? outbound.toEmail ?? undefined;
  const bought = await buyWithCredits(userId, form, key, log, client, { outbound, ...(email ? { email } : {}) });
  // The key answered an earlier purchase of something else (a label, another shipment's return).
  if (bought.order.returnOf !== outbound.id) throw new InvalidRequest('This Idempotency-Key belongs to another request');
  if (bought.order.status === 'created' && bought.order.returnEmail) await queueNotice(bought.order, 'recipient_return_label', log);
  return bought;
}
