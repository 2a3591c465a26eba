/**
 * Label orders (shipments): the stored shape (functions/data/orders.ts owns the items) and the
 * answer the label routes give (docs/api.md, Labels).
 */
import { centsToDollars } from '../money';
import { findLabelType } from '../pricing';
import type { Address } from '../schemas/addresses';
import type { PaymentMethod } from '../schemas/labels';

export type OrderStatus = 'awaiting_payment' | 'processing' | 'created' | 'failed';

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
  /** While processing: until when the purchase that set it owns the order (functions/data/orders.ts). */
  leaseUntil?: string;
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
