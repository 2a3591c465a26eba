/**
 * Real postage through EasyPost (CARRIER_PROVIDER=easypost, EASYPOST_API_KEY), with EasyPost's
 * official Node client (`@easypost/api`, made and loaded on first use in ../easypost-client.ts:
 * HTTP Basic auth with the API key as the user name and no password, each call given 15 seconds).
 * Three calls:
 *
 *   create    client.Shipment.create(shipment)      POST {EASYPOST_API_URL}/v2/shipments
 *             { shipment: { reference, to_address, from_address, parcel: { weight (oz), length,
 *               width, height (in) }, options: { label_format: "PDF", label_date } } }
 *                                                  -> Shipment { id: "shp_...", rates: [...] }
 *   buy       client.Shipment.buy(id, rateId[, insurance])  POST {EASYPOST_API_URL}/v2/shipments/{id}/buy
 *             { rate: { id: "rate_..." }, insurance: "249.99" }  -> Shipment { tracking_code, postage_label }
 *
 * A label's extras (domain/postage/extras.ts) go on the shipment at create, since the quote's
 * shipment is the one bought: `options.delivery_confirmation` ("SIGNATURE", "ADULT_SIGNATURE"),
 * whose fee EasyPost puts in the shipment's rates, and the shipper's two lines as
 * `options.print_custom_1` and `print_custom_2`. Insurance is EasyPost's own, bought with the label
 * (`insurance`, the declared value in dollars; EasyPost charges its fee apart from the rate and
 * refunds it with the label) (docs/decisions/0211-signature-and-insurance.md).
 * A return label (docs/decisions/0217-return-labels.md) is a shipment with `is_return: true`, to which
 * EasyPost's documentation says to give the outbound's addresses as they were: EasyPost swaps
 * `to_address` and `from_address` itself. So our return, which holds them as printed (from the
 * outbound's recipient to its shipper), sends them back in the outbound's places.
 *   download  GET postage_label.label_pdf_url with the global fetch (a file URL on EasyPost's
 *             storage, not its API; no credentials sent)
 *
 * Shipment ids and references go into the paths URL-encoded by us (the library puts them in as
 * given). Answers are read from the JSON EasyPost sent (../easypost-client.ts says why), with the
 * status it came with.
 *
 * The purchase's `beforeCall` runs before create and before buy: it renews the purchase's lease, and
 * a purchase that lost it stops there, so nothing is bought for an order recovery now owns.
 *
 * The rate bought is the cheapest USPS rate whose `service` is the one mapped from the label type
 * (usps-services.ts: "Priority" or "GroundAdvantage"). Never sold below cost: EasyPost's `rate` is
 * a decimal string of dollars, read as integer cents on its text (decimalDollarsToCents, never float
 * arithmetic), and a rate above the ceiling of its label type (CARRIER_COST_CEILINGS, cents per
 * type; default the price the customer pays, LabelRequest.priceCents) is refused before the buy
 * call, so nothing is bought and the order is refunded. After the buy the answer's `selected_rate`
 * must be USPS with the service asked for and within the ceiling: otherwise the label exists at
 * EasyPost but is refused here (ProviderUnavailable, our debit is refunded): its refund is asked at
 * EasyPost there and then (best effort), and the detail says how that went; only when the refund
 * call itself failed does it say "REFUND AT EASYPOST" with the shipment id, for the operator
 * (docs/decisions/0041-carrier-cost-ceiling.md).
 * BoughtLabel.costCents is the selected rate's cost. The label format is set at create only (the
 * buy call takes a rate and nothing about the file), so the create answer's `options.label_format`
 * must echo "PDF" or nothing is bought; EasyPost's recorded cassettes show what else comes back: a
 * PNG in `label_url` with `label_pdf_url` null, the default format. A bought label without a usable
 * tracking code or PDF ("answered without a PDF label", a download that fails) is refused and its
 * refund asked at once, as for a wrong selected_rate. With `label_format: "PDF"` EasyPost answers
 * the PDF in `label_pdf_url` (its `label_url` then points at the same PDF, `label_file_type`
 * "application/pdf"); label_url is used only when the file type says PDF. Weights go in ounces and
 * dimensions in inches, at most one decimal, as EasyPost's Parcel object wants. The ship date goes
 * as `options.label_date` (the date printed on the postage label, an ISO 8601 time; EasyPost's own
 * client tests send "yyyy-MM-ddTHH:mm:ssZ" and its answers echo `postage_label.label_date` so): noon
 * UTC of the day, the same calendar day in every US time zone.
 *
 * Refunds of unused labels, by the shipment id kept as the order's carrierRef:
 *
 *   refund    client.Shipment.refund(id)     POST {EASYPOST_API_URL}/v2/shipments/{id}/refund  -> Shipment { refund_status }
 *   status    client.Shipment.retrieve(id)   GET  {EASYPOST_API_URL}/v2/shipments/{id}         -> Shipment { refund_status }
 *
 * `refund_status` is null until a refund is asked, then "submitted" (USPS takes 15 days or more),
 * "refunded" or "rejected"; "not_applicable" (bill-on-scan carriers) is read as rejected.
 *
 * Anything else -- network error, timeout, non-2xx (EasyPost's `{ error: { code, message } }`),
 * no matching rate, no PDF, a download that is not a PDF -- is
 * ProviderUnavailable('USPS label service', detail). The detail names the step and EasyPost's answer
 * but never the API key.
 *
 * A failure that leaves nothing sold for certain is a PurchaseRefused (./carrier.ts): anything
 * before the buy call, a buy EasyPost refused (REFUSING_STATUSES), a bought label refused here. A buy
 * whose answer was lost (a timeout, a network error, a 5xx, 408, 409) is a plain ProviderUnavailable:
 * the label may be sold, and the purchase asks findPurchase (by our reference) before refunding.
 *
 * SCAN forms and pickups are in ./easypost-shipping-day.ts, made with this carrier's calls and errors.
 *
 * Other files of a bought label (docs/decisions/0215-label-formats.md):
 *
 *   convert   client.Shipment.convertLabelFormat(id, "ZPL" | "PNG")  GET {EASYPOST_API_URL}/v2/shipments/{id}/label?file_format=...
 *                                                  -> Shipment { postage_label: { label_zpl_url, label_url, label_resolution } }
 *
 * then a plain GET of `label_zpl_url` (ZPL) or of `label_url` when its `label_file_type` is
 * image/png. EasyPost's PNG comes at the label's `label_resolution` (300 dpi in its recordings, a
 * 1200 x 1800 image for 4x6), so a 300 dpi PNG is EasyPost's own and a 203 dpi one is it scaled by
 * the download (functions/labels/label-files.ts, ./label-raster.ts pngAt). Its ZPL is EasyPost's,
 * for 203 dpi printers.
 */
import { centsToDollars, decimalDollarsToCents, formatUsd } from '../../../domain/money';
import { SIGNATURE_FEE_CENTS, type LabelExtras } from '../../../domain/postage/extras';
import { ProviderUnavailable } from '../../errors';
import { asText, clip, redact } from '../payments/checkout-request';
import type { Address } from '../../../domain/schemas/addresses';
import {
  PurchaseRefused,
  type BeforeCarrierCall,
  type BoughtLabel,
  type Carrier,
  type CarrierPurchase,
  type CarrierLabelFile,
  type LabelFileRequest,
  type LabelRequest,
  type RefundableLabel,
  type RefundOutcome,
} from './carrier';
import { serviceOf, type Parcel, type UspsService } from '../../../domain/postage/services';
import type { CarrierRate, QuoteRequest } from './carrier';
import { askEasyPost, easypostAddress, EASYPOST_TIMEOUT_MS, type EasyPostAccount, type EasyPostAnswer, type EasyPostClient } from '../easypost-client';
import type { BookedPickup, MadeScanForm, PickupRequest, ScanFormRequest } from './carrier';
import { bookEasyPostPickup, cancelEasyPostPickup, makeEasyPostScanForm, type EasyPostCalls } from './easypost-shipping-day';

export { EASYPOST_TIMEOUT_MS };
/** Whether the bytes are the file asked for: a PDF's and a PNG's signature, ZPL's ^XA. */
const isKind = (bytes: Uint8Array, kind: 'pdf' | 'png' | 'zpl'): boolean => {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (kind === 'pdf') return head.startsWith('%PDF-');
  if (kind === 'png') return head.startsWith('\x89PNG\r\n\x1a\n');
  return head.includes('^XA');
};
/** The provider name callers see in the 502 message. */
export const LABEL_PROVIDER_NAME = 'USPS label service';
/** A label PDF larger than this is not a label. */
const MAX_LABEL_BYTES = 10 * 1024 * 1024;

export interface EasyPostCarrierOptions {
  apiKey: string;
  /** e.g. https://api.easypost.com (no trailing /v2). */
  apiUrl: string;
  /** Most we pay EasyPost for one label, in cents, per label type; a type not listed: its price (LabelRequest.priceCents). */
  costCeilings?: Partial<Record<string, number>>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Ounces with one decimal, never 0 (EasyPost refuses a weightless parcel). */
const ounces = (lb: number): number => Math.max(0.1, Math.round(lb * 16 * 10) / 10);
const inches = (n: number): number => Math.max(0.1, Math.round(n * 10) / 10);

/** The parcel as EasyPost takes it: a Flat Rate service's predefined package and the weight, or the weight and dimensions. */
function easypostParcel(p: Parcel, service: UspsService) {
  if (service.predefinedPackage) return { predefined_package: service.predefinedPackage, weight: ounces(p.weightLb) };
  return { weight: ounces(p.weightLb), length: inches(p.lengthIn), width: inches(p.widthIn), height: inches(p.heightIn) };
}

/** A shipment's packaging key: each predefined package is rated on a shipment of its own; every other service shares the parcel's. */
const packagingOf = (service: UspsService) => service.predefinedPackage ?? 'parcel';

interface EasyPostRate {
  id: string;
  carrier: string;
  service: string;
  /** EasyPost's `rate` ("7.47", dollars) in whole cents. */
  costCents: number;
  /** `delivery_days`, else `est_delivery_days`; null when EasyPost gives neither. */
  deliveryDays: number | null;
  /** `delivery_date` as YYYY-MM-DD, or null (USPS rates usually carry none). */
  deliveryDate: string | null;
}

const wholeDays = (n: unknown): number | null => (typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null);

/** One EasyPost Rate object, or undefined when it lacks an id, carrier, service or a readable cost. */
function readRate(r: unknown): EasyPostRate | undefined {
  if (!isRecord(r)) return undefined;
  const costCents = decimalDollarsToCents(r.rate);
  const date = typeof r.delivery_date === 'string' && /^\d{4}-\d{2}-\d{2}/.test(r.delivery_date) ? r.delivery_date.slice(0, 10) : null;
  return typeof r.id === 'string' && typeof r.carrier === 'string' && typeof r.service === 'string' && costCents !== undefined
    ? {
        id: r.id,
        carrier: r.carrier,
        service: r.service,
        costCents,
        deliveryDays: wholeDays(r.delivery_days) ?? wholeDays(r.est_delivery_days),
        deliveryDate: date,
      }
    : undefined;
}

function readRates(shipment: Record<string, unknown>): EasyPostRate[] {
  const rates = Array.isArray(shipment.rates) ? shipment.rates : [];
  return rates.flatMap((r) => readRate(r) ?? []);
}

/** EasyPost's error body as one line: "SHIPMENT.INVALID_PARAMS: message (field: message, ...)". */
function describeError(text: string): string {
  try {
    const body = JSON.parse(text) as unknown;
    const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
    if (error) {
      const fields = Array.isArray(error.errors)
        ? error.errors.map((e) => (isRecord(e) ? `${asText(e.field ?? '')}: ${asText(e.message ?? '')}` : String(e))).join('; ')
        : '';
      return `${asText(error.code ?? 'error')}: ${asText(error.message ?? '')}${fields ? ` (${fields})` : ''}`;
    }
  } catch {
    // not JSON: quote it as is
  }
  return text;
}

/** An answer of EasyPost with an error status: `status` tells a refusal from a failure. */
class EasyPostStatusError extends ProviderUnavailable {
  constructor(
    provider: string,
    detail: string,
    readonly status: number,
  ) {
    super(provider, detail);
  }
}

/**
 * The statuses by which EasyPost refuses a buy without selling anything: a request it judged wrong
 * (400, 422: an invalid rate, a postage failure), credentials or billing it refused (401, 402, 403),
 * a shipment it does not have (404), or a request it did not take (429). Any other status (408, 409,
 * 5xx) may come after a sale.
 */
const REFUSING_STATUSES = new Set([400, 401, 402, 403, 404, 422, 429]);

const DELIVERY_CONFIRMATION = { signature: 'SIGNATURE', adult: 'ADULT_SIGNATURE' } as const;

/** A label's signature and text lines as EasyPost's shipment options name them; nothing for a label without. */
function extrasOptions(extras: LabelExtras | undefined) {
  if (!extras) return {};
  const [line1, line2] = extras.labelText;
  return {
    ...(extras.signature !== 'none' ? { delivery_confirmation: DELIVERY_CONFIRMATION[extras.signature] } : {}),
    ...(line1 ? { print_custom_1: line1 } : {}),
    ...(line2 ? { print_custom_2: line2 } : {}),
  };
}

export class EasyPostCarrier implements Carrier {
  readonly callTimeoutMs = EASYPOST_TIMEOUT_MS;
  readonly chargesPostage = true;
  private readonly account: EasyPostAccount;
  private readonly costCeilings: Partial<Record<string, number>>;

  constructor(options: EasyPostCarrierOptions) {
    if (!options.apiKey) throw new Error('EasyPostCarrier needs an API key');
    this.account = { apiKey: options.apiKey, apiUrl: options.apiUrl };
    this.costCeilings = options.costCeilings ?? {};
  }

  /**
   * Rates a parcel: one shipment for the services rated on the parcel's size (Ground Advantage,
   * Priority, Express, Media Mail) and one per Flat Rate package asked (EasyPost rates a predefined
   * package only on a shipment of its own), created side by side. Each service's answer is the
   * cheapest USPS rate of its EasyPost service on its shipment, with that shipment and rate for the
   * purchase to buy. Cubic has no rate of its own at EasyPost (it prices eligible parcels inside the
   * Priority and Ground Advantage rates of accounts that have it), so it is not offered here.
   */
  async quote(request: QuoteRequest): Promise<CarrierRate[]> {
    const rated = request.services.filter((s) => s.price.kind !== 'cubic');
    const packagings = [...new Set(rated.map(packagingOf))];
    const shipments = new Map(
      await Promise.all(
        packagings.map(async (packaging) => {
          const service = rated.find((s) => packagingOf(s) === packaging)!;
          const shipment = this.shipmentBody(`${request.reference}-${packaging}`, request, request.parcel, service);
          const created = await this.call('POST /v2/shipments', (client) => client.Shipment.create(shipment));
          return [packaging, created] as const;
        }),
      ),
    );
    return request.services.map((service): CarrierRate => {
      if (service.price.kind === 'cubic')
        return { service: service.id, offered: false, reason: 'EasyPost prices Cubic within the Priority Mail and Ground Advantage rates.' };
      const created = shipments.get(packagingOf(service))!;
      const shipmentId = this.idOfShipment(created);
      const rate = this.cheapest(created, service);
      if (!shipmentId || !rate) return { service: service.id, offered: false, reason: `USPS did not offer ${service.name} for this parcel.` };
      return {
        service: service.id,
        offered: true,
        costCents: rate.costCents,
        deliveryDays: rate.deliveryDays,
        deliveryDate: rate.deliveryDate,
        shipmentId,
        rateId: rate.id,
      };
    });
  }

  async buyLabel(request: LabelRequest, beforeCall?: BeforeCarrierCall): Promise<BoughtLabel> {
    const service = serviceOf(request.serviceId);
    // A configured ceiling is for the postage: the signature's fee, in the rate, raises it by as much.
    const configured = this.costCeilings[request.labelType];
    // Insurance is bought apart from the rate, so its part of our price is no room for the rate.
    const ceiling =
      configured !== undefined ? configured + SIGNATURE_FEE_CENTS[request.extras?.signature ?? 'none'] : request.priceCents - (request.insuranceCents ?? 0);
    // The library types the amount as a number of dollars; two decimals print exactly in its JSON.
    const insured = request.extras?.insuredValueCents ? Number(centsToDollars(request.extras.insuredValueCents)) : undefined;

    let shipmentId: string;
    let rate: { id: string };
    if (request.quoted) {
      // The quote's own shipment and rate: no second shipment (its rate was within the price when quoted; the answer is checked below).
      ({ shipmentId } = request.quoted);
      rate = { id: request.quoted.rateId };
    } else {
      await beforeCall?.('create');
      // Nothing is sold before the buy call, whatever fails: such a failure is a refusal for certain.
      ({ shipmentId, rate } = await this.shipmentToBuy(request, service, ceiling).catch((err: unknown) => {
        throw this.refused(err instanceof ProviderUnavailable ? err.detail : `before the buy call: ${String(err)}`);
      }));
    }

    await beforeCall?.('buy');
    let bought: Record<string, unknown>;
    try {
      const ref = encodeURIComponent(shipmentId);
      bought = await this.call(`POST /v2/shipments/${ref}/buy`, (client) => client.Shipment.buy(ref, rate.id, insured));
    } catch (err) {
      // EasyPost said no: nothing was bought. Any other failure (a timeout, a network error, a 5xx)
      // may have come after the sale, so it stays a plain ProviderUnavailable and the purchase asks.
      if (err instanceof EasyPostStatusError && REFUSING_STATUSES.has(err.status)) throw this.refused(err.detail);
      throw err;
    }
    if (bought.id !== undefined && bought.id !== shipmentId) throw this.unavailable(`buy ${shipmentId} answered about shipment ${asText(bought.id)}`);
    // From here the label exists at EasyPost: a refusal must say so, or the postage stays paid for.
    const selected = readRate(bought.selected_rate);
    const asked = `USPS ${service.easypostService} at most ${formatUsd(ceiling)}`;
    if (!selected || selected.carrier.toUpperCase() !== 'USPS' || selected.service !== service.easypostService || selected.costCents > ceiling) {
      const got = selected ? `${selected.carrier} ${selected.service} ${formatUsd(selected.costCents)}` : 'no readable selected_rate';
      throw await this.refuseBought(shipmentId, `shipment ${shipmentId} (reference ${request.orderId}) was bought as ${got}, not ${asked}; label refused`);
    }
    let label: { tracking: string; pdf: Uint8Array };
    try {
      label = await this.labelOf(bought, `buy ${shipmentId}`, shipmentId);
    } catch (err) {
      // No usable tracking code or PDF (a PNG label, a download that failed): the order fails, so
      // the postage is refunded at EasyPost like any other refused label.
      if (!(err instanceof ProviderUnavailable)) throw err;
      throw await this.refuseBought(shipmentId, `${err.detail} (shipment ${shipmentId}, reference ${request.orderId}); label refused`);
    }
    return { tracking: label.tracking, carrierRef: shipmentId, service: service.name, pdf: label.pdf, costCents: selected.costCents };
  }

  /**
   * Creates the shipment and chooses its rate, refusing (before anything is bought) a shipment
   * without the service's USPS rate, one that will not print a PDF, and a rate above the ceiling.
   */
  private async shipmentToBuy(request: LabelRequest, service: UspsService, ceiling: number): Promise<{ shipmentId: string; rate: EasyPostRate }> {
    const parcel = { weightLb: request.weightLb, lengthIn: request.lengthIn, widthIn: request.widthIn, heightIn: request.heightIn };
    const shipment = this.shipmentBody(request.orderId, request, parcel, service);
    const created = await this.call('POST /v2/shipments', (client) => client.Shipment.create(shipment));
    const shipmentId = this.idOfShipment(created);
    if (!shipmentId) throw this.unavailable('create shipment answered without a shipment id');

    const rate = this.cheapest(created, service);
    if (!rate) {
      const offered =
        readRates(created)
          .map((r) => `${r.carrier} ${r.service}`)
          .join(', ') || 'none';
      const messages = Array.isArray(created.messages)
        ? created.messages
            .filter(isRecord)
            .map((m) => `${asText(m.carrier ?? '')}: ${asText(m.message ?? '')}`)
            .join('; ')
        : '';
      throw this.unavailable(
        `shipment ${shipmentId}: no USPS ${service.easypostService} rate (offered: ${offered})${messages ? `; messages: ${messages}` : ''}`,
      );
    }

    // The label format is chosen at create (the buy call takes none): a shipment that says it will
    // print anything but a PDF is not bought, so nothing is paid for a label we cannot keep.
    const options = isRecord(created.options) ? created.options : {};
    if (typeof options.label_format === 'string' && options.label_format.toUpperCase() !== 'PDF') {
      throw this.unavailable(`shipment ${shipmentId} was created with label_format ${clip(options.label_format, 20)}, not PDF; not bought`);
    }

    if (rate.costCents > ceiling) {
      throw this.unavailable(
        `shipment ${shipmentId}: USPS ${service.easypostService} costs ${formatUsd(rate.costCents)} (${rate.costCents} cents), above the ceiling of ${formatUsd(ceiling)} (${ceiling} cents) for ${request.labelType}; not bought`,
      );
    }
    return { shipmentId, rate };
  }

  /**
   * The body of a shipment: our reference, both addresses, the parcel (or the service's predefined
   * package), a PDF label dated on the ship date, and the label's signature and text lines.
   */
  private shipmentBody(
    reference: string,
    where: { from: Address; to: Address; shipDate: string; extras?: LabelExtras; isReturn?: boolean },
    parcel: Parcel,
    service: UspsService,
  ) {
    return {
      reference,
      // EasyPost swaps a return's addresses itself: it is given the outbound's.
      to_address: easypostAddress(where.isReturn ? where.from : where.to),
      from_address: easypostAddress(where.isReturn ? where.to : where.from),
      parcel: easypostParcel(parcel, service),
      ...(where.isReturn ? { is_return: true } : {}),
      options: { label_format: 'PDF', label_date: `${where.shipDate}T12:00:00Z`, ...extrasOptions(where.extras) },
    };
  }

  private idOfShipment(shipment: Record<string, unknown>): string | undefined {
    return typeof shipment.id === 'string' && /^shp_[A-Za-z0-9]+$/.test(shipment.id) ? shipment.id : undefined;
  }

  /** The cheapest USPS rate of the service's EasyPost service on a shipment. */
  private cheapest(shipment: Record<string, unknown>, service: UspsService): EasyPostRate | undefined {
    return readRates(shipment)
      .filter((r) => r.carrier.toUpperCase() === 'USPS' && r.service === service.easypostService)
      .sort((a, b) => a.costCents - b.costCents)[0];
  }

  /**
   * The error for a label bought at EasyPost but refused here. Our debit is refunded by the caller;
   * the postage comes back only if EasyPost is asked, so it is asked now; only when that call fails
   * does the detail start with REFUND AT EASYPOST, for the operator.
   */
  private async refuseBought(shipmentId: string, what: string): Promise<PurchaseRefused> {
    const refund = await this.refundShipment(shipmentId).then(
      (outcome) => outcome.status,
      (err: unknown) => (err instanceof ProviderUnavailable ? err : new ProviderUnavailable(LABEL_PROVIDER_NAME, String(err))),
    );
    return typeof refund === 'string'
      ? this.refused(`${what}; its refund was asked at EasyPost (refund_status ${refund})`)
      : this.refused(`REFUND AT EASYPOST: ${what}; the refund call failed: ${refund.detail}`);
  }

  /**
   * What EasyPost holds for an order, found by the reference every purchase sends (our order id;
   * EasyPost takes a shipment's reference in place of its id). A 404 (or a shipment of another
   * reference) is nothing; a shipment without a label is created but not bought, dated by its
   * `created_at`: its purchase stopped before the buy call, or is still about to make it. A purchase
   * of a quote buys the quote's shipment, found by its id; unbought, it is `started` with no date
   * (it was made for the quote, not by the purchase: recovery dates it by the purchase's lease).
   */
  async findPurchase(request: LabelRequest): Promise<CarrierPurchase> {
    const ref = encodeURIComponent(request.quoted?.shipmentId ?? request.orderId);
    const shipment = await this.call(`GET /v2/shipments/${ref}`, (client) => client.Shipment.retrieve(ref), { missing: 'undefined' });
    if (!shipment) return { state: 'none' };
    if (request.quoted ? shipment.id !== request.quoted.shipmentId : shipment.reference !== request.orderId) return { state: 'none' };
    const shipmentId = this.idOfShipment(shipment);
    if (!shipmentId) return { state: 'none' };
    if (!isRecord(shipment.postage_label) || typeof shipment.tracking_code !== 'string' || !shipment.tracking_code) {
      if (request.quoted) return { state: 'started', startedAt: undefined };
      const created = typeof shipment.created_at === 'string' && !Number.isNaN(Date.parse(shipment.created_at)) ? shipment.created_at : undefined;
      return { state: 'started', startedAt: created && new Date(created).toISOString() };
    }
    const { tracking, pdf } = await this.labelOf(shipment, `shipment ${shipmentId}`, shipmentId);
    const selected = readRate(shipment.selected_rate);
    return {
      state: 'bought',
      label: { tracking, carrierRef: shipmentId, service: serviceOf(request.serviceId).name, pdf, costCents: selected?.costCents ?? null },
    };
  }

  async refundLabel(label: RefundableLabel): Promise<RefundOutcome> {
    return this.refundShipment(this.shipmentIdOf(label));
  }

  async refundStatus(label: RefundableLabel): Promise<RefundOutcome | undefined> {
    const id = this.shipmentIdOf(label);
    const ref = encodeURIComponent(id);
    return this.refundOutcome(await this.call(`GET /v2/shipments/${ref}`, (client) => client.Shipment.retrieve(ref)), `shipment ${id}`);
  }

  /** Asks EasyPost to refund shipment `id`; how the refund stands in its answer. */
  private async refundShipment(id: string): Promise<RefundOutcome> {
    const ref = encodeURIComponent(id);
    const outcome = this.refundOutcome(await this.call(`POST /v2/shipments/${ref}/refund`, (client) => client.Shipment.refund(ref)), `refund ${id}`);
    if (!outcome) throw this.unavailable(`refund ${id} answered without a refund_status`);
    return outcome;
  }

  /** A label's EasyPost shipment id (its carrierRef). */
  private shipmentIdOf(label: RefundableLabel): string {
    if (!label.carrierRef || !/^shp_[A-Za-z0-9]+$/.test(label.carrierRef)) throw new Error(`order ${label.id} has no EasyPost shipment to refund`);
    return label.carrierRef;
  }

  /** A shipment's `refund_status` as a RefundOutcome; undefined when none was asked (null). */
  private refundOutcome(shipment: Record<string, unknown>, what: string): RefundOutcome | undefined {
    const status = shipment.refund_status;
    if (status === null || status === undefined) return undefined;
    if (status === 'submitted' || status === 'refunded') return { status };
    if (status === 'rejected') return { status: 'rejected', reason: 'USPS rejected the refund: the label was scanned or is too old to refund.' };
    if (status === 'not_applicable') return { status: 'rejected', reason: 'The carrier does not refund this label (not applicable).' };
    throw this.unavailable(`${what} answered an unknown refund_status ${clip(asText(status), 40)}`);
  }

  /** SCAN forms and pickups (./easypost-shipping-day.ts), made with this carrier's calls and errors. */
  makeScanForm(request: ScanFormRequest): Promise<MadeScanForm> {
    return makeEasyPostScanForm(this.dayCalls(), request);
  }

  bookPickup(request: PickupRequest): Promise<BookedPickup> {
    return bookEasyPostPickup(this.dayCalls(), request);
  }

  cancelPickup(carrierRef: string): Promise<void> {
    return cancelEasyPostPickup(this.dayCalls(), carrierRef);
  }

  async labelFile(request: LabelFileRequest): Promise<CarrierLabelFile> {
    const ref = encodeURIComponent(request.carrierRef);
    const format = request.format === 'zpl' ? 'ZPL' : 'PNG';
    const converted = await this.call(`GET /v2/shipments/${ref}/label?file_format=${format}`, (client) => client.Shipment.convertLabelFormat(ref, format));
    const label = isRecord(converted.postage_label) ? converted.postage_label : {};
    if (request.format === 'zpl') {
      if (typeof label.label_zpl_url !== 'string' || !label.label_zpl_url)
        throw this.unavailable(`shipment ${request.carrierRef} answered without a ZPL label`);
      return { type: 'zpl', bytes: await this.download(label.label_zpl_url, request.carrierRef, 'zpl') };
    }
    if (label.label_file_type !== 'image/png' || typeof label.label_url !== 'string' || !label.label_url) {
      throw this.unavailable(`shipment ${request.carrierRef} answered without a PNG label (label_file_type ${String(label.label_file_type)})`);
    }
    return { type: 'png', bytes: await this.download(label.label_url, request.carrierRef, 'png') };
  }

  private dayCalls(): EasyPostCalls {
    return {
      call: (what, request) => this.call(what, request),
      download: (url, what) => this.download(url, what),
      unavailable: (detail) => this.unavailable(detail),
    };
  }

  /** The tracking number and PDF of a bought shipment (`what` names the answer in errors). */
  private async labelOf(bought: Record<string, unknown>, what: string, shipmentId: string): Promise<{ tracking: string; pdf: Uint8Array }> {
    const tracking = typeof bought.tracking_code === 'string' ? bought.tracking_code.trim() : '';
    if (!/^[A-Za-z0-9]{8,40}$/.test(tracking)) throw this.unavailable(`${what} answered without a usable tracking_code`);
    const label = isRecord(bought.postage_label) ? bought.postage_label : {};
    const pdfUrl =
      typeof label.label_pdf_url === 'string' && label.label_pdf_url
        ? label.label_pdf_url
        : label.label_file_type === 'application/pdf' && typeof label.label_url === 'string'
          ? label.label_url
          : undefined;
    if (!pdfUrl) throw this.unavailable(`${what} answered without a PDF label (label_file_type ${String(label.label_file_type)})`);
    return { tracking, pdf: await this.download(pdfUrl, shipmentId) };
  }

  /**
   * One call to EasyPost with its client (`what`, e.g. "POST /v2/shipments", names it in details);
   * its JSON object answer, or ProviderUnavailable (or undefined for a 404 when asked).
   */
  private async call(what: string, request: (client: EasyPostClient) => Promise<unknown>): Promise<Record<string, unknown>>;
  private async call(
    what: string,
    request: (client: EasyPostClient) => Promise<unknown>,
    options: { missing: 'undefined' },
  ): Promise<Record<string, unknown> | undefined>;
  private async call(
    what: string,
    request: (client: EasyPostClient) => Promise<unknown>,
    options?: { missing: 'undefined' },
  ): Promise<Record<string, unknown> | undefined> {
    let res: EasyPostAnswer;
    try {
      res = await askEasyPost(this.account, request);
    } catch (err) {
      throw this.unavailable(`${what} failed: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`);
    }
    const { status, text } = res;
    if (status === 404 && options?.missing === 'undefined') return undefined;
    if (status < 200 || status > 299) {
      const detail = this.unavailable(`${what} answered HTTP ${status}: ${clip(describeError(text))}`).detail;
      throw new EasyPostStatusError(LABEL_PROVIDER_NAME, detail, status);
    }
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      throw this.unavailable(`${what} answered HTTP ${status} with a body that is not JSON: ${clip(text, 100)}`);
    }
    if (!isRecord(answer)) throw this.unavailable(`${what} answered HTTP ${status} with JSON that is not an object`);
    return answer;
  }

  /** The label file: a plain GET of EasyPost's file URL (https only, no credentials), checked to be a PDF (or the `kind` asked). */
  private async download(url: string, shipmentId: string, kind: 'pdf' | 'png' | 'zpl' = 'pdf'): Promise<Uint8Array> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw this.unavailable(`label of ${shipmentId}: not a URL`);
    }
    if (parsed.protocol !== 'https:') throw this.unavailable(`label of ${shipmentId}: refusing a non-https label URL`);
    const where = `label of ${shipmentId} (${parsed.host}${parsed.pathname})`;
    let status: number;
    let bytes: Uint8Array;
    try {
      const res = await fetch(parsed, { method: 'GET', signal: AbortSignal.timeout(EASYPOST_TIMEOUT_MS) });
      status = res.status;
      bytes = res.ok ? new Uint8Array(await res.arrayBuffer()) : new Uint8Array();
    } catch (err) {
      throw this.unavailable(`${where} download failed: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`);
    }
    if (status < 200 || status > 299) throw this.unavailable(`${where} answered HTTP ${status}`);
    if (!isKind(bytes, kind)) throw this.unavailable(`${where} is not a ${kind.toUpperCase()}`);
    if (bytes.byteLength > MAX_LABEL_BYTES) throw this.unavailable(`${where} is ${bytes.byteLength} bytes, too large for a label`);
    return bytes;
  }

  private unavailable(detail: string): ProviderUnavailable {
    return new ProviderUnavailable(LABEL_PROVIDER_NAME, this.redacted(detail));
  }

  /** A purchase that sold nothing, for certain (./carrier.ts PurchaseRefused). */
  private refused(detail: string): PurchaseRefused {
    return new PurchaseRefused(LABEL_PROVIDER_NAME, this.redacted(detail));
  }

  private redacted(detail: string): string {
    const { apiKey } = this.account;
    return redact(detail, [apiKey, Buffer.from(`${apiKey}:`).toString('base64')]);
  }
}
