/**
 * Label orders (shipments): the stored shape (functions/data/orders.ts owns the items) and the
 * answer the label routes give (docs/api.md, Labels).
 */
import { REFUND_WINDOW_DAYS } from '../constants';
import { centsToDollars } from '../money';
import { findLabelType } from '../pricing';
import type { Address } from '../schemas/addresses';
import type { PaymentMethod } from '../schemas/labels';

/**
 * `refund_pending`, `refunded` and `refund_rejected` follow `created` when the shipper (or the
 * scheduled auto-refund) asks for an unused label's price back (functions/labels/label-refunds.ts).
 */
export type OrderStatus = 'awaiting_payment' | 'processing' | 'created' | 'failed' | 'refund_pending' | 'refunded' | 'refund_rejected';

// Kept in domain/constants.ts, so the landing page can state it without loading this module.
export { REFUND_WINDOW_DAYS };

/** When a label's refund window ends (ISO time, midnight UTC): its ship date plus REFUND_WINDOW_DAYS. */
export function refundWindowEnd(shipDate: string): string {
  const end = new Date(`${shipDate}T00:00:00.000Z`);
  end.setUTCDate(end.getUTCDate() + REFUND_WINDOW_DAYS);
  return end.toISOString();
}

/** The refund of a label, as the shipper sees it in their shipments. */
export interface ApiRefund {
  /** When it was asked for. */
  requestedAt: string;
  /** When the carrier refunded or rejected it (null while pending). */
  decidedAt: string | null;
  /** Asked by the scheduled job (an unused label after its window), not by the shipper. */
  automatic: boolean;
  /** The carrier's reason for a rejected refund. */
  reason: string | null;
}

/** One order as stored. */
export interface Order {
  id: string;
  userId: string;
  labelType: string;
  weightLb: number;
  lengthIn: number;
  widthIn: number;
  heightIn: number;
  shipDate: string;
  from: Address;
  to: Address;
  priceCents: number;
  paymentMethod: PaymentMethod;
  status: OrderStatus;
  tracking: string | null;
  carrierRef: string | null;
  service: string | null;
  /** Key of the PDF in the label store. */
  labelKey: string | null;
  failureReason: string | null;
  /** What the carrier charged us for the label, in cents; null for sandbox labels and orders before it was kept. */
  costCents?: number | null;
  /**
   * While processing: until when the purchase that set it owns the order; while refund_pending:
   * until when the request or job that asked the carrier owns it (functions/data/orders.ts).
   */
  leaseUntil?: string;
  /** When its refund was asked for (refund_pending and after). */
  refundRequestedAt?: string;
  /** When the carrier refunded or rejected it. */
  refundDecidedAt?: string;
  /** `auto` when the scheduled job asked (an unused label after its window), `user` otherwise. */
  refundBy?: 'user' | 'auto';
  /** The carrier's reason when it rejected the refund. */
  refundReason?: string;
  createdAt: string;
  updatedAt: string;
}

/** An order as the label routes answer it. */
export interface ApiOrder {
  shipOrderId: string;
  labelType: string;
  labelTypeName: string;
  /** Pounds, as the label form takes it. */
  weight: number;
  length: number;
  width: number;
  height: number;
  from: Address;
  to: Address;
  fromName: string;
  fromCity: string;
  toName: string;
  toCity: string;
  paymentMethod: PaymentMethod;
  price: number;
  priceCents: number;
  status: OrderStatus;
  tracking: string | null;
  createdAt: string;
  /** Until when the label may be refunded (ship date + 28 days, ISO time); null when it is no created label. */
  refundableUntil: string | null;
  /** Its refund, once asked for; null otherwise. */
  refund: ApiRefund | null;
}

export const toApiOrder = (o: Order): ApiOrder => ({
  shipOrderId: o.id,
  labelType: o.labelType,
  labelTypeName: findLabelType(o.labelType)?.name ?? o.labelType,
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
  paymentMethod: o.paymentMethod,
  price: Number(centsToDollars(o.priceCents)),
  priceCents: o.priceCents,
  status: o.status,
  tracking: o.tracking,
  createdAt: o.createdAt,
  refundableUntil: o.status === 'created' ? refundWindowEnd(o.shipDate) : null,
  refund: o.refundRequestedAt
    ? { requestedAt: o.refundRequestedAt, decidedAt: o.refundDecidedAt ?? null, automatic: o.refundBy === 'auto', reason: o.refundReason ?? null }
    : null,
});

/** One page of GET /shipping/orders: newest first; `totalOrders` counts the user's created labels. */
export interface OrdersPage {
  orders: ApiOrder[];
  nextCursor: string | null;
  totalOrders: number;
}

/** POST /shipping/create-label's answer: the label and the wallet balance after its debit. */
export interface CreatedLabel {
  label: ApiOrder;
  balance: number;
  balanceCents: number;
}
