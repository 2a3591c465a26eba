/**
 * A label order as the label routes answer it (./orders.ts has the stored shape and the answer's
 * schema). Without zod, apart from the schemas, so a Lambda that answers orders (the orders list,
 * the CSV export, a bought or refunded label) does not bundle the order, tracking and address answer
 * schemas and the label form's schema with it.
 */
import { centsToDollars } from '../money';
import { offerName } from '../pricing';
import { refundDecisionExpected, refundWindowEnd } from '../ship-date';
import type { ApiOrder, Order } from './orders';

/** What of a refunded label's price went back to its card: the card part Stripe refunded (none when it refused). */
const toCardCents = (o: Order): number => (o.cardRefundId ? (o.cardRefundCents ?? 0) : 0);

export const toApiOrder = (o: Order): ApiOrder => ({
  shipOrderId: o.id,
  labelType: o.labelType,
  labelTypeName: offerName(o.labelType),
  weight: o.weightLb,
  length: o.lengthIn,
  width: o.widthIn,
  height: o.heightIn,
  from: o.from,
  to: o.to,
  fromName: o.from.name,
  fromCity: o.from.city,
  toName: o.to.name,
  toCity: o.to.city,
  toEmail: o.toEmail ?? null,
  shipDate: o.shipDate,
  paymentMethod: o.paymentMethod,
  price: Number(centsToDollars(o.priceCents)),
  priceCents: o.priceCents,
  status: o.status,
  tracking: o.tracking,
  createdAt: o.createdAt,
  refundableUntil: o.status === 'created' ? refundWindowEnd(o.createdAt) : null,
  refund: o.refundRequestedAt
    ? {
        requestedAt: o.refundRequestedAt,
        expectedBy: refundDecisionExpected(o.refundRequestedAt),
        decidedAt: o.refundDecidedAt ?? null,
        automatic: o.refundBy === 'auto',
        reason: o.refundReason ?? null,
        toCardCents: o.status === 'refunded' ? toCardCents(o) : null,
      }
    : null,
  trackingStatus: o.trackingStatus ?? (o.tracking ? 'pre_transit' : null),
  lastEvent: o.lastEvent ?? null,
});
