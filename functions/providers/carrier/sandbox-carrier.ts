/**
 * The default carrier (CARRIER_PROVIDER=sandbox): no outside service. It makes a well-formed USPS
 * tracking number (94..., valid check digit) and draws a 4x6 label marked SAMPLE - NOT VALID FOR
 * POSTAGE (sandbox-label.ts). Nothing is bought; the reference is `sandbox_<orderId>`.
 *
 * Like a real carrier account it remembers what it sold: a purchase is two calls, as at EasyPost:
 * `create` keeps the shipment under `sandbox-carrier/<orderId>.shipment.json`, then `buy` keeps the
 * label under `sandbox-carrier/<orderId>` before it is answered, so `findPurchase` tells a label sold
 * (whose answer was lost) from a shipment not bought yet and from nothing at all, as EasyPost does.
 *
 * With `delayMs` (SANDBOX_CARRIER_DELAY_MS) every call to it (create, buy, find, refund, refund
 * status) takes that long first, as a slow carrier would, so a purchase takes twice the delay.
 *
 * Refunds: approved at once unless the sandbox tracker's timeline of the label (the same one POST
 * /shipping/track shows) has an acceptance scan by then, which rejects it. With `refundDelayMs`
 * (SANDBOX_REFUND_DELAY_SECONDS) a refund stays `submitted` that long first, as EasyPost's do for
 * days, so the pending state can be seen; the decision is taken when it is first asked after the
 * delay, and kept under `sandbox-carrier/<orderId>.refund.json` like the sales.
 *
 * The end of a shipping day: a SCAN form is drawn as a PS 5630-like page listing every label
 * (./sandbox-scan-form.ts), and every pickup is confirmed (and canceled when asked).
 */
import type { BlobStore } from '../blobs/blob-store';
import { acceptanceScan } from '../tracking/acceptance-scan';
import { sandboxTimeline } from '../tracking/sandbox-tracker';
import { listPriceCents } from '../../../domain/postage/price-list';
import { serviceOf } from '../../../domain/postage/services';
import { SIGNATURE_FEE_CENTS } from '../../../domain/postage/extras';
import { zoneBetween } from '../../../domain/postage/zones';
import { addDeliveryDays } from '../../../domain/ship-date';
import type {
  BeforeCarrierCall,
  BookedPickup,
  BoughtLabel,
  Carrier,
  CarrierPurchase,
  CarrierLabelFile,
  CarrierRate,
  LabelFileRequest,
  LabelRequest,
  MadeScanForm,
  PickupRequest,
  QuoteRequest,
  RefundableLabel,
  RefundOutcome,
  ScanFormRequest,
} from './carrier';
import { newSandboxTracking, type RandomSource } from './tracking-number';

export interface SandboxCarrierOptions {
  /** Where the sandbox keeps the labels it sold (the label store); without one it forgets them. */
  records?: BlobStore;
  /** How long each call takes, to exercise the processing state and slow carriers (SANDBOX_CARRIER_DELAY_MS). */
  delayMs?: number;
  /** How long a refund stays submitted before it is decided (SANDBOX_REFUND_DELAY_SECONDS, in ms here). */
  refundDelayMs?: number;
  /** Random digits of the tracking numbers (node:crypto by default). */
  random?: RandomSource;
  /** The clock that dates the PDFs. */
  now?: () => Date;
}

interface SoldLabel {
  tracking: string;
  carrierRef: string;
  service: string;
  /** Nothing is bought, so nothing costs: sandbox labels never count as real ones. */
  costCents: null;
}

/** A refund the sandbox was asked for: when, and once decided, how it ended. */
interface RefundRecord {
  requestedAt: string;
  outcome?: Exclude<RefundOutcome, { status: 'submitted' }>;
}

/** The shipment a purchase created before buying it. */
interface ShipmentRecord {
  createdAt: string;
}

const recordKey = (orderId: string, ext: 'json' | 'pdf' | 'refund.json' | 'shipment.json') => `sandbox-carrier/${orderId}.${ext}`;

/** What one call may take beyond its delay: drawing the label and storing it. */
const CALL_WORK_MS = 5_000;

export class SandboxCarrier implements Carrier {
  readonly callTimeoutMs: number;
  /** Nothing is bought, so nothing is charged: a label type's ceiling binds the sandbox only when configured. */
  readonly chargesPostage = false;
  private readonly records: BlobStore | undefined;
  private readonly delayMs: number;
  private readonly refundDelayMs: number;
  /** Refunds asked of a sandbox without a store (unit tests). */
  private readonly refunds = new Map<string, RefundRecord>();
  private readonly random: RandomSource | undefined;
  private readonly now: () => Date;

  constructor(options: SandboxCarrierOptions = {}) {
    this.records = options.records;
    this.delayMs = options.delayMs ?? 0;
    this.callTimeoutMs = this.delayMs + CALL_WORK_MS;
    this.refundDelayMs = options.refundDelayMs ?? 0;
    this.random = options.random;
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Rates from USPS's commercial price list (domain/postage/price-list.ts) in the zone between the two
   * ZIPs (plus USPS's signature fee when one is asked), with USPS's service standard as the delivery estimate: what a local run in rates mode
   * charges is what USPS would.
   */
  async quote(request: QuoteRequest): Promise<CarrierRate[]> {
    await this.slow();
    const zone = zoneBetween(request.from.zip, request.to.zip);
    return request.services.map((service): CarrierRate => {
      if (!zone) return { service: service.id, offered: false, reason: `USPS has no zone from ZIP ${request.from.zip} to ${request.to.zip}.` };
      // A service the price list has no table for (Cubic, Media Mail) is offered at an unknown cost:
      // table mode sells it at its fixed price; rates mode, which needs the cost, does not.
      // A signature adds USPS's fee to the rate, as EasyPost's rates of a shipment asking one do.
      const listed = listPriceCents(service, request.parcel, zone);
      const costCents = listed === undefined ? null : listed + SIGNATURE_FEE_CENTS[request.extras?.signature ?? 'none'];
      const deliveryDays = service.deliveryDays[zone - 1]!;
      return { service: service.id, offered: true, costCents, deliveryDays, deliveryDate: addDeliveryDays(request.shipDate, deliveryDays) };
    });
  }

  async buyLabel(request: LabelRequest, beforeCall?: BeforeCarrierCall): Promise<BoughtLabel> {
    await beforeCall?.('create');
    await this.slow();
    const shipment: ShipmentRecord = { createdAt: this.now().toISOString() };
    await this.records?.put(recordKey(request.orderId, 'shipment.json'), new TextEncoder().encode(JSON.stringify(shipment)), 'application/json');

    await beforeCall?.('buy');
    await this.slow();
    const service = serviceOf(request.serviceId);
    const tracking = newSandboxTracking(this.random, service.id);
    // Loaded on first use: pdf-lib and bwip-js are most of the bundle, and only a sandbox sale draws.
    const { drawSandboxLabel } = await import('./sandbox-label');
    const pdf = await drawSandboxLabel(request, tracking, this.now());
    const sold: SoldLabel = { tracking, carrierRef: `sandbox_${request.orderId}`, service: service.name, costCents: null };
    if (this.records) {
      // PDF first: a record always has its label.
      await this.records.put(recordKey(request.orderId, 'pdf'), pdf, 'application/pdf');
      await this.records.put(recordKey(request.orderId, 'json'), new TextEncoder().encode(JSON.stringify(sold)), 'application/json');
    }
    return { ...sold, pdf };
  }

  async findPurchase(request: LabelRequest): Promise<CarrierPurchase> {
    await this.slow();
    const record = await this.records?.get(recordKey(request.orderId, 'json'));
    if (!record) {
      const shipment = await this.records?.get(recordKey(request.orderId, 'shipment.json'));
      if (!shipment) return { state: 'none' };
      return { state: 'started', startedAt: (JSON.parse(new TextDecoder().decode(shipment)) as ShipmentRecord).createdAt };
    }
    const sold = { ...(JSON.parse(new TextDecoder().decode(record)) as SoldLabel), costCents: null };
    const pdf = await this.records?.get(recordKey(request.orderId, 'pdf'));
    if (!pdf) throw new Error(`sandbox label ${request.orderId} has a record but no PDF`);
    return { state: 'bought', label: { ...sold, pdf } };
  }

  async refundLabel(label: RefundableLabel): Promise<RefundOutcome> {
    await this.slow();
    // Asking again is answered as the first ask stands, as at EasyPost.
    const record = (await this.readRefund(label.id)) ?? { requestedAt: this.now().toISOString() };
    if (!record.outcome) await this.writeRefund(label.id, record);
    return this.decide(label, record);
  }

  async refundStatus(label: RefundableLabel): Promise<RefundOutcome | undefined> {
    await this.slow();
    const record = await this.readRefund(label.id);
    return record ? this.decide(label, record) : undefined;
  }

  /** Draws a PS 5630-like form (./sandbox-scan-form.ts) listing every label's tracking number. */
  async makeScanForm(request: ScanFormRequest): Promise<MadeScanForm> {
    await this.slow();
    const carrierRef = `sandbox_sf_${request.formId}`;
    const { drawSandboxScanForm } = await import('./sandbox-scan-form');
    const pdf = await drawSandboxScanForm(request, carrierRef, this.now());
    return { carrierRef, trackingNumbers: request.labels.map((l) => l.tracking), pdf };
  }

  /** Confirms every pickup, with a confirmation number made from its id as USPS's are letters and digits. */
  async bookPickup(request: PickupRequest): Promise<BookedPickup> {
    await this.slow();
    return { carrierRef: `sandbox_pickup_${request.pickupId}`, confirmation: `SBX${request.pickupId.slice(-8)}` };
  }

  async cancelPickup(carrierRef: string): Promise<void> {
    await this.slow();
    if (!carrierRef.startsWith('sandbox_pickup_')) throw new Error(`${carrierRef} is no sandbox pickup`);
  }

  /** Draws the label again as ZPL or as an SVG (./sandbox-label-files.ts): the same content as its PDF. */
  async labelFile(request: LabelFileRequest): Promise<CarrierLabelFile> {
    await this.slow();
    const { drawSandboxSvg, drawSandboxZpl } = await import('./sandbox-label-files');
    return request.format === 'zpl'
      ? { type: 'zpl', bytes: new TextEncoder().encode(drawSandboxZpl(request.label, request.tracking)) }
      : { type: 'svg', svg: await drawSandboxSvg(request.label, request.tracking) };
  }

  /** One call's wait, as a slow carrier answers. */
  private async slow(): Promise<void> {
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
  }

  /** The refund's outcome now: kept once decided; rejected on a scan; refunded once the delay has passed. */
  private async decide(label: RefundableLabel, record: RefundRecord): Promise<RefundOutcome> {
    if (record.outcome) return record.outcome;
    const now = this.now();
    const scan = label.tracking ? acceptanceScan(sandboxTimeline(label, label.tracking, now)) : undefined;
    let outcome: RefundRecord['outcome'];
    if (scan) outcome = { status: 'rejected', reason: `USPS has scanned this package (${scan.message}, ${scan.checkpoint_time}).` };
    else if (now.getTime() - Date.parse(record.requestedAt) >= this.refundDelayMs) outcome = { status: 'refunded' };
    else return { status: 'submitted' };
    await this.writeRefund(label.id, { ...record, outcome });
    return outcome;
  }

  private async readRefund(orderId: string): Promise<RefundRecord | undefined> {
    if (!this.records) return this.refunds.get(orderId);
    const bytes = await this.records.get(recordKey(orderId, 'refund.json'));
    return bytes ? (JSON.parse(new TextDecoder().decode(bytes)) as RefundRecord) : undefined;
  }

  private async writeRefund(orderId: string, record: RefundRecord): Promise<void> {
    if (!this.records) this.refunds.set(orderId, record);
    else await this.records.put(recordKey(orderId, 'refund.json'), new TextEncoder().encode(JSON.stringify(record)), 'application/json');
  }
}
