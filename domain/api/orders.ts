/**
 * Label orders (shipments): the stored shape (functions/data/orders.ts owns the items) and the
 * answer the label routes give (docs/api.md, Labels). The mapper from one to the other, which
 * Lambdas run, is in ./order-answer.ts (no zod there).
 */
import * as z from 'zod';
import { AUTO_REFUND_AFTER_DAYS, REFUND_DECISION_DAYS, REFUND_WINDOW_DAYS } from '../constants';
import { autoRefundAt, refundDecisionExpected, refundWindowEnd } from '../ship-date';
import { ORDER_STATUSES, type OrderStatus } from '../shipment-statuses';
import type { Address } from '../schemas/addresses';
import type { ServiceId } from '../postage/service-ids';
import { SIGNATURES, type LabelExtras } from '../postage/extras';
import { PAYMENT_METHODS, type PaymentMethod } from '../schemas/labels';
import { apiAddressSchema } from './addresses';
import { lastEventSchema, SHIPMENT_STATUSES, type LastEvent, type ShipmentStatus } from './tracking';

// Kept in domain/shipment-statuses.ts, so the dashboard's filters can list them without loading zod.
export { ORDER_STATUSES, type OrderStatus };

// Kept in domain/constants.ts, so the landing page can state it without loading this module; the
// window's end in domain/ship-date.ts, so the Lambdas that compute it bundle no zod.
export { AUTO_REFUND_AFTER_DAYS, REFUND_DECISION_DAYS, REFUND_WINDOW_DAYS, autoRefundAt, refundDecisionExpected, refundWindowEnd };

/** The refund of a label, as the shipper sees it in their shipments. */
export const apiRefundSchema = z
  .object({
    requestedAt: z.string().meta({ description: 'When it was asked for.' }),
    expectedBy: z.string().meta({ description: 'The day (YYYY-MM-DD) USPS is expected to have decided it: REFUND_DECISION_DAYS after it was asked.' }),
    decidedAt: z.string().nullable().meta({ description: 'When the carrier refunded or rejected it (null while pending).' }),
    automatic: z
      .boolean()
      .meta({ description: 'Asked by the scheduled job (a label still unused AUTO_REFUND_AFTER_DAYS after its purchase), not by the shipper.' }),
    reason: z.string().nullable().meta({ description: "The carrier's reason for a rejected refund." }),
    toCardCents: z.number().int().nullable().meta({
      description:
        'Once refunded: the cents of the price refunded to the card that paid for the label (a Stripe refund of its payment; 0 when it all went to the wallet). The rest went to the wallet. Null until refunded.',
    }),
    creditedEarly: z.boolean().meta({
      description:
        "The label's price went back to the wallet when the refund was asked (a wallet-paid label whose PDF was never downloaded), without waiting for the carrier; its decision moves no money.",
    }),
  })
  .meta({ id: 'Refund' });
export type ApiRefund = z.infer<typeof apiRefundSchema>;

/** One order as stored. */
/** The quote an order was bought from: its id (claimed once), and at EasyPost the shipment and rate bought. */
export interface OrderQuote {
  id: string;
  shipmentId?: string;
  rateId?: string;
}

/**
 * A label's extra services as its order keeps them (domain/postage/extras.ts): what was asked, and
 * what of the price each part was, for the receipt.
 */
export interface OrderExtras extends LabelExtras {
  signatureCents: number;
  insuranceCents: number;
}

export interface Order {
  id: string;
  userId: string;
  /** What it was sold as: a label type uid (table mode) or a USPS service id (rates mode). */
  labelType: string;
  /** The USPS service bought (domain/postage/services.ts); absent on orders stored before services were named. */
  serviceId?: ServiceId;
  /** The quote it was bought from, when it was. */
  quote?: OrderQuote;
  /** Its label text, signature and insurance; absent when it has none. */
  extras?: OrderExtras;
  weightLb: number;
  lengthIn: number;
  widthIn: number;
  heightIn: number;
  /** YYYY-MM-DD, chosen within the window of domain/ship-date.ts (today in US Eastern time when not chosen). */
  shipDate: string;
  from: Address;
  to: Address;
  /** The recipient's email, kept for notices; never printed on the label. */
  toEmail?: string | null;
  priceCents: number;
  paymentMethod: PaymentMethod;
  status: OrderStatus;
  tracking: string | null;
  carrierRef: string | null;
  service: string | null;
  /** Key of the PDF in the label store. */
  labelKey: string | null;
  failureReason: string | null;
  /**
   * A credits order whose balance fell short and that the shipper chose to pay the rest by card:
   * the card's top-up, in cents. It waits as awaiting_payment until that payment settles.
   */
  shortfallCents?: number;
  /** Such an order's card checkout, so a repeat of the request answers the same one. */
  checkoutUrl?: string;
  /** What the carrier charged us for the label, in cents; null for sandbox labels and orders before it was kept. */
  costCents?: number | null;
  /**
   * The US Eastern month (YYYY-MM) this label's savings were added to (functions/data/
   * savings.ts), so its refund takes them back once from the same month. Absent: not counted yet.
   */
  savingsMonth?: string;
  /**
   * While processing: until when the purchase that set it owns the order; while refund_pending:
   * until when the request or job that asked the carrier owns it (functions/data/orders.ts).
   */
  leaseUntil?: string;
  /**
   * Where the package is: set by carrier events (webhooks, the scheduled poll, the local
   * sandbox's emitter) through functions/tracking/; absent until the first event is applied.
   */
  trackingStatus?: ShipmentStatus;
  /** The latest carrier event applied (the one that set trackingStatus). */
  lastEvent?: LastEvent;
  /** When its refund was asked for (refund_pending and after). */
  refundRequestedAt?: string;
  /** When the carrier refunded or rejected it. */
  refundDecidedAt?: string;
  /** `auto` when the scheduled job asked (an unused label after its window), `user` otherwise. */
  refundBy?: 'user' | 'auto';
  /** The carrier's reason when it rejected the refund. */
  refundReason?: string;
  /**
   * A refund's card part (functions/labels/card-refunds.ts): what of the price goes back to the
   * card that paid for the label, reserved on that payment's top-up entry (`cardRefundEntryId`,
   * Stripe's PaymentIntent `cardRefundIntent`) before Stripe is asked; `cardRefundId` once Stripe
   * made the refund, `cardRefundRefused` (Stripe's reason) when it refused for good and the part
   * went to the wallet instead. Absent when the whole price goes to the wallet.
   */
  cardRefundCents?: number;
  cardRefundEntryId?: string;
  cardRefundIntent?: string;
  cardRefundId?: string;
  cardRefundRefused?: string;
  /**
   * When the label's PDF first reached its shipper (a download of it, or of its batch's PDF); null
   * while it never has. Absent on orders bought before downloads were recorded: those count as
   * downloaded, since nothing says they were not.
   */
  downloadedAt?: string | null;
  /**
   * Its price went back to the wallet when its refund was asked, before the carrier decided (a
   * wallet-paid label never downloaded: functions/labels/label-refunds.ts). The carrier's decision
   * then moves no money, and the label is never printable again whatever it decides.
   */
  creditedEarly?: boolean;
  /** A return label: the outbound shipment it is the return of (docs/decisions/0217-return-labels.md). */
  returnOf?: string;
  /** An outbound shipment's return labels, oldest first: linked in the transaction that places each. */
  returnIds?: string[];
  /** A return label: who gets it by mail (the outbound recipient), when anyone does. */
  returnEmail?: string;
  createdAt: string;
  updatedAt: string;
}

/** An order as the label routes answer it. */
export const apiOrderSchema = z
  .object({
    shipOrderId: z.string(),
    labelType: z.string(),
    labelTypeName: z.string(),
    weight: z.number().meta({ description: 'Pounds, as the label form takes it.' }),
    length: z.number().meta({ description: 'Inches, like width and height.' }),
    width: z.number(),
    height: z.number(),
    from: apiAddressSchema,
    to: apiAddressSchema,
    fromName: z.string(),
    fromCity: z.string(),
    toName: z.string(),
    toCity: z.string(),
    toEmail: z.string().nullable().meta({ description: "The recipient's email, when given; never printed." }),
    shipDate: z.string().meta({ description: 'The day the label ships (YYYY-MM-DD), printed on it; its refund window starts here.' }),
    paymentMethod: z.enum(PAYMENT_METHODS),
    price: z.number().meta({ description: 'Dollars, for display; `priceCents` is exact.' }),
    priceCents: z.number().int(),
    status: z.enum(ORDER_STATUSES),
    tracking: z.string().nullable(),
    createdAt: z.string(),
    refundableUntil: z
      .string()
      .nullable()
      .meta({ description: 'Until when the label may be refunded (its purchase + 30 days, ISO time); null when it is no created label.' }),
    refund: apiRefundSchema.nullable().meta({ description: 'Its refund, once asked for; null otherwise.' }),
    instantRefund: z.boolean().meta({
      description:
        'A refund asked now would credit the wallet at once: a created label paid from the wallet alone (no card-paid shortfall) whose PDF was never downloaded (alone or in its batch). Downloading it ends that.',
    }),
    trackingStatus: z
      .enum(SHIPMENT_STATUSES)
      .nullable()
      .meta({ description: "Where the package is, from the carrier's events: pre_transit for a label with none yet; null for an order without a label." }),
    lastEvent: lastEventSchema.nullable().meta({ description: 'The latest carrier event; null until the first arrives.' }),
    extras: z
      .object({
        labelText: z.array(z.string()).meta({ description: "The lines of the shipper's own text printed on the label." }),
        signature: z.enum(SIGNATURES),
        insuredValueCents: z.number().int().meta({ description: 'The declared value insured, in cents; 0 when not insured.' }),
        signatureCents: z.number().int().meta({ description: "The signature's part of `priceCents`." }),
        insuranceCents: z.number().int().meta({ description: 'The insurance part of `priceCents`.' }),
      })
      .optional()
      .meta({ description: 'Its label text, signature and insurance; absent when it has none.' }),
    returnOf: z.string().optional().meta({ description: 'A return label: the shipOrderId of the outbound shipment it returns; absent otherwise.' }),
    returns: z
      .array(z.string())
      .optional()
      .meta({ description: 'An outbound shipment: the shipOrderIds of its return labels, oldest first; absent when it has none.' }),
    returnEmail: z.string().optional().meta({ description: 'A return label: the address it was mailed to; absent when it was mailed to nobody.' }),
  })
  .meta({ id: 'Order' });
export type ApiOrder = z.infer<typeof apiOrderSchema>;

/** One page of GET /shipping/orders: newest first; `totalOrders` counts the user's created labels. */
export const ordersPageSchema = z
  .object({
    orders: z.array(apiOrderSchema),
    nextCursor: z.string().nullable(),
    totalOrders: z.number().int().meta({ description: "The user's created labels, all pages." }),
  })
  .meta({ id: 'OrdersPage' });
export type OrdersPage = z.infer<typeof ordersPageSchema>;

/** POST /shipping/create-label's answer: the label and the wallet balance after its debit. */
export const createdLabelSchema = z
  .object({
    label: apiOrderSchema,
    balance: z.number().meta({ description: 'The wallet balance after the debit, in dollars.' }),
    balanceCents: z.number().int(),
    checkoutUrl: z.string().nullable().meta({
      description:
        'With `payShortfall` and too little balance: the card checkout for the shortfall, where to send the payer (the label is then `awaiting_payment` and bought once the payment settles); null otherwise.',
    }),
  })
  .meta({ id: 'CreatedLabel' });
export type CreatedLabel = z.infer<typeof createdLabelSchema>;
