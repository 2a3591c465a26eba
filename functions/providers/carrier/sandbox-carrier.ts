/**
 * The default carrier (CARRIER_PROVIDER=sandbox): no outside service. It makes a well-formed USPS
 * tracking number (94..., valid check digit) and draws a 4x6 label marked SAMPLE - NOT VALID FOR
 * POSTAGE (sandbox-label.ts). Nothing is bought; the reference is `sandbox_<orderId>`.
 *
 * Like a real carrier account it remembers what it sold: each label is kept under
 * `sandbox-carrier/<orderId>` in the given store before it is answered, so `findLabel` tells a
 * purchase that happened (and whose answer was lost) from one that never did, as EasyPost does.
 */
import type { BlobStore } from '../blobs/blob-store';
import type { BoughtLabel, Carrier, LabelRequest } from './carrier';
import { drawSandboxLabel } from './sandbox-label';
import { newSandboxTracking, type RandomSource } from './tracking-number';
import { uspsServiceFor } from './usps-services';

export interface SandboxCarrierOptions {
  /** Where the sandbox keeps the labels it sold (the label store); without one it forgets them. */
  records?: BlobStore;
  /** How long a purchase takes, to exercise the processing state (SANDBOX_CARRIER_DELAY_MS). */
  delayMs?: number;
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

const recordKey = (orderId: string, ext: 'json' | 'pdf') => `sandbox-carrier/${orderId}.${ext}`;

export class SandboxCarrier implements Carrier {
  private readonly records: BlobStore | undefined;
  private readonly delayMs: number;
  private readonly random: RandomSource | undefined;
  private readonly now: () => Date;

  constructor(options: SandboxCarrierOptions = {}) {
    this.records = options.records;
    this.delayMs = options.delayMs ?? 0;
    this.random = options.random;
    this.now = options.now ?? (() => new Date());
  }

  async buyLabel(request: LabelRequest): Promise<BoughtLabel> {
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    const service = uspsServiceFor(request.labelType);
    const tracking = newSandboxTracking(this.random, request.labelType);
    const pdf = await drawSandboxLabel(request, tracking, this.now());
    const sold: SoldLabel = { tracking, carrierRef: `sandbox_${request.orderId}`, service: service.name, costCents: null };
    if (this.records) {
      // PDF first: a record always has its label.
      await this.records.put(recordKey(request.orderId, 'pdf'), pdf, 'application/pdf');
      await this.records.put(recordKey(request.orderId, 'json'), new TextEncoder().encode(JSON.stringify(sold)), 'application/json');
    }
    return { ...sold, pdf };
  }

  async findLabel(request: LabelRequest): Promise<BoughtLabel | undefined> {
    const record = await this.records?.get(recordKey(request.orderId, 'json'));
    if (!record) return undefined;
    const sold = { ...(JSON.parse(new TextDecoder().decode(record)) as SoldLabel), costCents: null };
    const pdf = await this.records?.get(recordKey(request.orderId, 'pdf'));
    if (!pdf) throw new Error(`sandbox label ${request.orderId} has a record but no PDF`);
    return { ...sold, pdf };
  }
}
