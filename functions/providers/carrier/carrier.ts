/**
 * The carrier: buys one USPS label for an order. `sandbox` (default) draws a 4x6 SAMPLE label with a
 * valid-format USPS tracking number and IMpb barcode; `easypost` buys real postage through EasyPost.
 * Both answer the same thing: the tracking number, the provider's reference and the label PDF.
 * Handlers call getCarrier().buyLabel(...) (providers/registry/carrier.ts chooses) and never know which one runs.
 * At the end of a shipping day the same carrier makes the SCAN form and books the pickups.
 */
import type { Order } from '../../../domain/api/orders';
import type { LabelExtras } from '../../../domain/postage/extras';
import type { Parcel, ServiceId, UspsService } from '../../../domain/postage/services';
import type { Address } from '../../../domain/schemas/addresses';
import { ProviderUnavailable } from '../../errors';

export interface LabelRequest {
  /** Our order id (the shipOrderId). */
  orderId: string;
  /** What the order was sold as: one of domain/pricing.ts LABEL_TYPES' uids (table mode) or a service id (rates mode). */
  labelType: string;
  /** The USPS service to buy (domain/postage/services.ts): its EasyPost service and packaging. */
  serviceId: ServiceId;
  /** The carrier's shipment and rate of the quote the order was bought from: bought as it is, no second shipment. */
  quoted?: { shipmentId: string; rateId: string };
  weightLb: number;
  lengthIn: number;
  widthIn: number;
  heightIn: number;
  /** What the carrier prints on each side: the product's one address type. */
  from: Address;
  to: Address;
  /** YYYY-MM-DD. */
  shipDate: string;
  /** What the customer pays us for this label (domain/pricing.ts), extras included: the default ceiling of its carrier cost. */
  priceCents: number;
  /** The shipper's text, signature and insured value; absent: none. */
  extras?: LabelExtras;
  /**
   * The insurance's part of `priceCents`: the carrier charges insurance apart from the rate, so this
   * part is not room for the rate (the default ceiling is the price less it).
   */
  insuranceCents?: number;
  /**
   * A return label (docs/decisions/0217-return-labels.md): `from` is the outbound's recipient and `to`
   * its shipper, as printed; the carrier is told it is a return.
   */
  isReturn?: boolean;
}

export interface BoughtLabel {
  /** USPS tracking number, e.g. 9400 1000 0000 0000 0000 00 without spaces. */
  tracking: string;
  /** The provider's id for the shipment (EasyPost `shp_...`, sandbox `sandbox_<orderId>`). */
  carrierRef: string;
  /** Human name of the service bought, e.g. "USPS Priority Mail". */
  service: string;
  /** The 4x6 label as PDF bytes. */
  pdf: Uint8Array;
  /** What the carrier charged us for it, in cents (its bought rate); null when nothing was bought (the sandbox). */
  costCents: number | null;
}

/**
 * Asked by a purchase before each carrier call that makes something at the carrier (`create` the
 * shipment, `buy` its label): it renews the purchase's lease, and throws when the purchase no longer
 * holds it (recovery took the order over), so nothing more is made for an order someone else now ends.
 */
export type BeforeCarrierCall = (step: 'create' | 'buy') => Promise<void>;

/**
 * What the carrier holds for an order: a bought label; a shipment created but not bought yet
 * (`startedAt`: when it was created; the purchase that made it may still be buying); or nothing.
 */
export type CarrierPurchase = { state: 'bought'; label: BoughtLabel } | { state: 'started'; startedAt: string | undefined } | { state: 'none' };

/**
 * A purchase that failed with no label left sold for the order, for certain: it failed before the buy
 * call, the carrier refused the buy (its answer said no), or the label it sold was refused here and
 * its refund asked at the carrier. Only this failure is refunded to the shipper at once; any other
 * failure of `buyLabel` (a timeout, a network error, a 5xx after the buy was sent) may hide a sale,
 * so the purchase asks `findPurchase` first (functions/labels/buy-label.ts).
 */
export class PurchaseRefused extends ProviderUnavailable {}

/** The label whose refund is asked or polled: a created order (an Order fits as it is). */
export type RefundableLabel = Pick<Order, 'id' | 'carrierRef' | 'tracking' | 'createdAt' | 'labelType' | 'service' | 'from' | 'to'>;

/**
 * How a label's refund stands at the carrier: `submitted` (asked, not decided yet), `refunded` (the
 * postage comes back to us) or `rejected` with the carrier's reason (the label was used, or is too old).
 */
export type RefundOutcome = { status: 'submitted' } | { status: 'refunded' } | { status: 'rejected'; reason: string };

/** What the carrier is asked for a quote: one parcel between two addresses, for these services. */
export interface QuoteRequest {
  /** Our quote's id, sent as the reference of what the carrier makes for it. */
  reference: string;
  parcel: Parcel;
  from: Address;
  to: Address;
  /** YYYY-MM-DD. */
  shipDate: string;
  /** The services to rate; each can carry the parcel (domain/postage/services.ts whyNot). */
  services: readonly UspsService[];
  /**
   * The extras the label will carry: at EasyPost the quote's shipment is the one bought, so it is
   * created with them, and its rates include the signature's fee.
   */
  extras?: LabelExtras;
  /** A return label's quote: `from` and `to` as the return label prints them; the carrier's shipment is made as a return. */
  isReturn?: boolean;
}

/**
 * The carrier's answer for one service: its cost to us and delivery estimate (and, at EasyPost, the
 * shipment and rate a purchase buys), or why it does not offer it.
 */
export type CarrierRate =
  | {
      service: ServiceId;
      offered: true;
      /**
       * What the carrier charges us, in cents, its signature fee included; null when it cannot say
       * (the sandbox's price list has no price for the service).
       */
      costCents: number | null;
      deliveryDays: number | null;
      /** YYYY-MM-DD. */
      deliveryDate: string | null;
      shipmentId?: string;
      rateId?: string;
    }
  | { service: ServiceId; offered: false; reason: string };

/** A label as the end of a shipping day names it: our order, its tracking number and the carrier's shipment. */
export interface DayLabel {
  orderId: string;
  tracking: string;
  carrierRef: string;
}

/** What the carrier is asked for a SCAN form (PS 5630): the labels of one ship date and origin. */
export interface ScanFormRequest {
  /** Our form's id, sent as its reference. */
  formId: string;
  /** YYYY-MM-DD. */
  shipDate: string;
  from: Address;
  labels: readonly DayLabel[];
}

/** The form the carrier made: its id there, the tracking numbers it lists and its PDF. */
export interface MadeScanForm {
  carrierRef: string;
  trackingNumbers: string[];
  pdf: Uint8Array;
}

/** What the carrier is asked for a pickup: a day, a window (HH:MM, local to the place), the place and the labels. */
export interface PickupRequest {
  /** Our pickup's id, sent as its reference. */
  pickupId: string;
  /** YYYY-MM-DD. */
  date: string;
  windowStart: string;
  windowEnd: string;
  address: Address;
  instructions?: string;
  labels: readonly DayLabel[];
}

/** A pickup the carrier booked: its id there and the confirmation number USPS gave. */
export interface BookedPickup {
  carrierRef: string;
  confirmation: string;
}

/** A bought label asked for as another file than its PDF (functions/labels/label-files.ts). */
export interface LabelFileRequest {
  /** The label as it was bought (what the sandbox draws again). */
  label: LabelRequest;
  tracking: string;
  /** The carrier's shipment (EasyPost `shp_...`). */
  carrierRef: string;
  /** `png`: a 4x6 image (brought to the dpi asked by the download); `zpl`: ZPL II for a 203 dpi thermal printer. */
  format: 'png' | 'zpl';
}

/**
 * A label file as the carrier gives it: ZPL as it is printed; for a PNG, the carrier's own PNG at
 * its resolution, or (the sandbox, which draws its labels) the label as an SVG of 4x6 inches. The
 * download brings either to the resolution asked (functions/labels/label-files.ts), so the
 * rasterizer is shipped with the download's Lambda alone.
 */
export type CarrierLabelFile = { type: 'zpl'; bytes: Uint8Array } | { type: 'png'; bytes: Uint8Array } | { type: 'svg'; svg: string };

export interface Carrier {
  /**
   * Whether the carrier charges us for the labels it sells (EasyPost does; the sandbox does not), so
   * its cost is held to each label type's ceiling even when no ceiling is configured.
   */
  readonly chargesPostage: boolean;
  /**
   * Rates the parcel for each service asked: one answer per service, in the order asked. Throws
   * ProviderUnavailable when the carrier cannot be asked.
   */
  quote(request: QuoteRequest): Promise<CarrierRate[]>;
  /**
   * The longest one call to the carrier may take (its timeout). A purchase's lease, renewed before
   * each call, covers one call and the work after it (functions/labels/buy-label.ts).
   */
  readonly callTimeoutMs: number;
  /**
   * Buys the label: creates the shipment, then buys it, calling `beforeCall` before each (whatever
   * it throws stops the purchase there and is thrown as it is). Throws PurchaseRefused when no label
   * stands sold for certain (a failure before the buy call, a rate above the ceiling, the carrier's
   * refusal of the buy, a sold label refused here with its refund asked), and ProviderUnavailable
   * (functions/errors.ts) when the buy call's answer was lost and a label may have been sold.
   */
  buyLabel(request: LabelRequest, beforeCall?: BeforeCarrierCall): Promise<BoughtLabel>;
  /**
   * What the carrier holds for this order (found by our order id, which every purchase sends as its
   * reference): its bought label, a shipment not bought yet, or nothing. Recovery asks this of a
   * purchase whose lease ran out. Throws ProviderUnavailable when the carrier cannot say.
   */
  findPurchase(request: LabelRequest): Promise<CarrierPurchase>;
  /**
   * Asks the carrier to refund an unused label's postage; how the refund stands right after.
   * Throws ProviderUnavailable when the carrier cannot be asked (nothing was asked then, or the
   * answer was lost: refundStatus tells).
   */
  refundLabel(label: RefundableLabel): Promise<RefundOutcome>;
  /**
   * How the refund of this label stands, or undefined when none was asked for (a request that died
   * before it reached the carrier). Throws ProviderUnavailable when the carrier cannot say.
   */
  refundStatus(label: RefundableLabel): Promise<RefundOutcome | undefined>;
  /**
   * Makes one SCAN form (USPS PS 5630) listing the labels, so the carrier scans one sheet for all of
   * them. Throws ProviderUnavailable when the carrier cannot make it.
   */
  makeScanForm(request: ScanFormRequest): Promise<MadeScanForm>;
  /**
   * Books a USPS carrier pickup (free at USPS). Throws ProviderUnavailable when the carrier cannot
   * book it, or would charge for it (nothing is bought then).
   */
  bookPickup(request: PickupRequest): Promise<BookedPickup>;
  /** Cancels a booked pickup by its carrierRef. Throws ProviderUnavailable when the carrier cannot. */
  cancelPickup(carrierRef: string): Promise<void>;
  /**
   * The bought label as ZPL II or as a 4x6 image, the same label as its PDF. Throws
   * ProviderUnavailable when the carrier cannot make it now (nothing is bought or changed).
   */
  labelFile(request: LabelFileRequest): Promise<CarrierLabelFile>;
}
