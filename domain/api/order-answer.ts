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
/**
 * Whether a refund of `o` asked now credits the wallet at once: a created label paid from the wallet
 * alone whose PDF never reached its shipper (downloadedAt null; absent counts as downloaded), so it
 * cannot have been printed. A label a card paid for, in full or its shortfall, waits for the carrier
 * like any other (its card part goes back to the card). The refund's own transaction checks the
 * same facts in its condition (functions/labels/label-refunds.ts).
 */
export const creditsAtOnce = (o: Pick<Order, 'status' | 'paymentMethod' | 'downloadedAt' | 'shortfallCents'>): boolean =>
  o.status === 'created' && o.paymentMethod === 'credits' && o.shortfallCents === undefined && o.downloadedAt === null;

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
        creditedEarly: o.creditedEarly === true,
      }
    : null,
  instantRefund: creditsAtOnce(o),
  trackingStatus: o.trackingStatus ?? (o.tracking ? 'pre_transit' : null),
  lastEvent: o.lastEvent ?? null,
  ...(o.extras ? { extras: o.extras } : {}),
  ...(o.returnOf ? { returnOf: o.returnOf } : {}),
  ...(o.returnIds?.length ? { returns: o.returnIds } : {}),
  ...(o.returnEmail ? { returnEmail: o.returnEmail } : {}),
});
