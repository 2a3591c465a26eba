/**
 * The default carrier (CARRIER_PROVIDER=sandbox): no outside service. It makes a well-formed USPS
 * tracking number (94..., valid check digit) and draws a 4x6 label marked SAMPLE - NOT VALID FOR
 * POSTAGE (sandbox-label.ts). Nothing is bought: the reference is `sandbox_<orderId>` and the cost
 * null, so the admin dashboard never counts a sandbox label as a real one.
 */
import type { BoughtLabel, Carrier, LabelRequest } from './carrier';
import { drawSandboxLabel } from './sandbox-label';
import { newSandboxTracking, type RandomSource } from './tracking-number';
import { uspsServiceFor } from './usps-services';

export interface SandboxCarrierOptions {
  /** Random digits of the tracking numbers (node:crypto by default). */
  random?: RandomSource;
  /** The clock that dates the PDFs. */
  now?: () => Date;
}

export class SandboxCarrier implements Carrier {
  private readonly random: RandomSource | undefined;
  private readonly now: () => Date;

  constructor(options: SandboxCarrierOptions = {}) {
    this.random = options.random;
    this.now = options.now ?? (() => new Date());
  }

  async buyLabel(request: LabelRequest): Promise<BoughtLabel> {
    const service = uspsServiceFor(request.labelType);
    const tracking = newSandboxTracking(this.random, request.labelType);
    const pdf = await drawSandboxLabel(request, tracking, this.now());
    return { tracking, carrierRef: `sandbox_${request.orderId}`, service: service.name, pdf, costCents: null };
  }
}
