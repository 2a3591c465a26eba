import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { FileBlobStore } from '../../../../functions/providers/blobs/file-blob-store';
import type { LabelRequest } from '../../../../functions/providers/carrier/carrier';
import { SandboxCarrier } from '../../../../functions/providers/carrier/sandbox-carrier';
import { formatTracking, isValidUspsTracking } from '../../../../functions/providers/carrier/tracking-number';
import { pdfTextRuns } from './pdf-text';
import { serviceOf } from '../../../../domain/postage/services';
import prices from '../../../../domain/postage/usps-prices.json';

const request: LabelRequest = {
  orderId: '01JBQ7Y3K5N6P8R9S0T1V2W3X4',
  labelType: 'priority',
  serviceId: 'usps_priority_fr_medium_box',
  weightLb: 1,
  lengthIn: 10,
  widthIn: 6,
  heightIn: 2,
  from: { name: 'Ann Shipper', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
  to: { name: 'Bob Receiver', street: '2 Oak Ave', city: 'Denver', state: 'CO', zip: '80202', country: 'US' },
  shipDate: '2026-09-07',
  priceCents: 500,
};

describe('SandboxCarrier', () => {
  it('answers a valid 94 tracking number, sandbox_<orderId>, the service name, no cost, and a label showing that number', async () => {
    const label = await new SandboxCarrier().buyLabel(request);
    // Nothing was bought: the admin dashboard must not count it as a real label.
    expect(label.costCents).toBeNull();
    expect(label.tracking).toMatch(/^94055\d{17}$/);
    expect(isValidUspsTracking(label.tracking)).toBe(true);
    expect(label.carrierRef).toBe('sandbox_01JBQ7Y3K5N6P8R9S0T1V2W3X4');
    expect(label.service).toBe('USPS Priority Mail Flat Rate Medium Box');
    const doc = await PDFDocument.load(label.pdf);
    expect(doc.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
    expect(await pdfTextRuns(label.pdf)).toContain(formatTracking(label.tracking));
  });

  it('names the USPS service it was asked for, packaging included', async () => {
    const carrier = new SandboxCarrier();
    const services: Record<string, string> = {};
    for (const serviceId of [
      'usps_priority_fr_medium_box',
      'usps_priority_mail',
      'usps_ground_advantage',
      'usps_media_mail',
      'usps_priority_express',
    ] as const) {
      services[serviceId] = (await carrier.buyLabel({ ...request, serviceId })).service;
    }
    expect(services).toEqual({
      usps_priority_fr_medium_box: 'USPS Priority Mail Flat Rate Medium Box',
      usps_priority_mail: 'USPS Priority Mail',
      usps_ground_advantage: 'USPS Ground Advantage',
      usps_media_mail: 'USPS Media Mail',
      usps_priority_express: 'USPS Priority Mail Express',
    });
  });

  it('rates every service it is asked for from the price list, by zone, with a delivery date from the ship date', async () => {
    const carrier = new SandboxCarrier();
    const parcel = { weightLb: 2, lengthIn: 10, widthIn: 6, heightIn: 4 };
    const ask = (zip: string) =>
      carrier.quote({
        reference: 'q1',
        parcel,
        from: { ...request.from, zip: '94104' },
        to: { ...request.to, zip },
        shipDate: '2026-09-07',
        services: [serviceOf('usps_ground_advantage'), serviceOf('usps_media_mail')],
      });
    const [near, media] = await ask('94105');
    const [far] = await ask('10001');
    expect(near).toEqual({
      service: 'usps_ground_advantage',
      offered: true,
      costCents: prices.groundAdvantage.pounds['2'][0],
      deliveryDays: 2,
      deliveryDate: '2026-09-09',
    });
    expect(far).toMatchObject({ offered: true, costCents: prices.groundAdvantage.pounds['2'][7], deliveryDays: 5, deliveryDate: '2026-09-12' });
    // No Media Mail table in the price list: offered at an unknown cost.
    expect(media).toMatchObject({ service: 'usps_media_mail', offered: true, costCents: null });
    expect(await ask('00000')).toEqual([
      { service: 'usps_ground_advantage', offered: false, reason: 'USPS has no zone from ZIP 94104 to 00000.' },
      { service: 'usps_media_mail', offered: false, reason: 'USPS has no zone from ZIP 94104 to 00000.' },
    ]);
  });

  it('makes a new tracking number per purchase', async () => {
    const carrier = new SandboxCarrier();
    const a = await carrier.buyLabel(request);
    const b = await carrier.buyLabel(request);
    expect(a.tracking).not.toBe(b.tracking);
  });

  it('is repeatable with a fixed random source and clock', async () => {
    const carrier = new SandboxCarrier({ random: { randomInt: () => 3 }, now: () => new Date('2026-09-07T00:00:00Z') });
    const a = await carrier.buyLabel(request);
    const b = await carrier.buyLabel(request);
    expect(a.tracking).toBe(b.tracking);
    expect(Buffer.from(a.pdf).equals(Buffer.from(b.pdf))).toBe(true);
    expect((await PDFDocument.load(a.pdf, { updateMetadata: false })).getCreationDate()?.toISOString()).toBe('2026-09-07T00:00:00.000Z');
  });

  it('refuses an unknown service', async () => {
    await expect(new SandboxCarrier().buyLabel({ ...request, serviceId: 'overnight' as never })).rejects.toThrow(/Unknown USPS service/);
  });
});

describe('SandboxCarrier.findPurchase: it remembers what it sold, like an account', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ps-sandbox-carrier-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers the label it sold for an order, the same tracking number and PDF, even after a restart (a new carrier on the same store)', async () => {
    const sold = await new SandboxCarrier({ records: new FileBlobStore(dir) }).buyLabel(request);
    const found = await new SandboxCarrier({ records: new FileBlobStore(dir) }).findPurchase(request);
    expect(found).toEqual({ state: 'bought', label: sold });
  });

  it('answers no label for an order it never sold, and without a store it remembers nothing', async () => {
    expect(await new SandboxCarrier({ records: new FileBlobStore(dir) }).findPurchase({ ...request, orderId: '01JBQ7Y3K5N6P8R9S0T1V2W3ZZ' })).toEqual({
      state: 'none',
    });
    await new SandboxCarrier().buyLabel(request);
    expect(await new SandboxCarrier().findPurchase(request)).toEqual({ state: 'none' });
  });
});

describe('SandboxCarrier: a purchase is two calls, each asked of the purchase first and each as slow as SANDBOX_CARRIER_DELAY_MS', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ps-sandbox-steps-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const orderId = '01JBQ7Y3K5N6P8R9S0T1V2W3S1';

  it('keeps the shipment at create; a purchase stopped before buy leaves it started, dated, with no label sold', async () => {
    const at = new Date('2026-09-07T15:00:00.000Z');
    const carrier = new SandboxCarrier({ records: new FileBlobStore(dir), now: () => at });
    const steps: string[] = [];
    const stop = new Error('lease lost');
    await expect(
      carrier.buyLabel({ ...request, orderId }, async (step) => {
        steps.push(step);
        if (step === 'buy') throw stop;
      }),
    ).rejects.toBe(stop);
    expect(steps).toEqual(['create', 'buy']);
    expect(await carrier.findPurchase({ ...request, orderId })).toEqual({ state: 'started', startedAt: at.toISOString() });
    // The purchase carries on (another try of the same order): now it is bought.
    const sold = await carrier.buyLabel({ ...request, orderId });
    expect(await carrier.findPurchase({ ...request, orderId })).toEqual({ state: 'bought', label: sold });
  });

  it('waits the delay before each call: create and buy, and a lookup', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      // No store: nothing but the delays waits on anything here.
      const carrier = new SandboxCarrier({ delayMs: 45_000 });
      expect(carrier.callTimeoutMs).toBeGreaterThan(45_000);
      const steps: string[] = [];
      let done = false;
      const buying = carrier.buyLabel({ ...request, orderId }, async (step) => void steps.push(step)).then(() => (done = true));
      await vi.advanceTimersByTimeAsync(44_000);
      expect(steps).toEqual(['create']);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(steps).toEqual(['create', 'buy']);
      await vi.advanceTimersByTimeAsync(43_000);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(2_000);
      await buying;
      let found = false;
      const finding = carrier.findPurchase({ ...request, orderId }).then(() => (found = true));
      await vi.advanceTimersByTimeAsync(44_000);
      expect(found).toBe(false);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await finding).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('SandboxCarrier refunds: at once unless its tracker shows a scan, or after the configured delay', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ps-sandbox-refunds-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A label made on 2026-09-07 at 10:00 in Austin (15:00 UTC): USPS accepts it that afternoon at the earliest (16:00 local). */
  const made = Date.parse('2026-09-07T15:00:00.000Z');
  const label = (id: string) => ({
    id,
    carrierRef: `sandbox_${id}`,
    tracking: '9405511899223197428490',
    createdAt: new Date(made).toISOString(),
    labelType: 'usps_priority',
    service: 'USPS Priority Mail',
    from: request.from,
    to: request.to,
  });
  const at = (ms: number) => () => new Date(ms);

  it('refunds at once a label with no scan yet, and answers the same when asked again or polled (even by a new carrier on the same store)', async () => {
    const carrier = new SandboxCarrier({ records: new FileBlobStore(dir), now: at(made + 60_000) });
    expect(await carrier.refundStatus(label('r1'))).toBeUndefined();
    expect(await carrier.refundLabel(label('r1'))).toEqual({ status: 'refunded' });
    const later = new SandboxCarrier({ records: new FileBlobStore(dir), now: at(made + 30 * 86_400_000) });
    expect(await later.refundStatus(label('r1'))).toEqual({ status: 'refunded' });
    expect(await later.refundLabel(label('r1'))).toEqual({ status: 'refunded' });
  });

  it('rejects the refund of a label its tracker shows accepted by USPS, naming the scan', async () => {
    const carrier = new SandboxCarrier({ records: new FileBlobStore(dir), now: at(made + 3 * 86_400_000) });
    expect(await carrier.refundLabel(label('r2'))).toEqual({
      status: 'rejected',
      reason: expect.stringMatching(/^USPS has scanned this package \(Accepted at USPS Origin Facility, 2026-09-07T.+\)\.$/),
    });
  });

  it('keeps a refund submitted for the delay, then decides it when polled: refunded, or rejected when a scan came first', async () => {
    const records = new FileBlobStore(dir);
    const ask = new SandboxCarrier({ records, refundDelayMs: 60_000, now: at(made + 1000) });
    expect(await ask.refundLabel(label('r3'))).toEqual({ status: 'submitted' });
    expect(await ask.refundLabel(label('r4'))).toEqual({ status: 'submitted' });
    expect(await new SandboxCarrier({ records, refundDelayMs: 60_000, now: at(made + 30_000) }).refundStatus(label('r3'))).toEqual({ status: 'submitted' });
    expect(await new SandboxCarrier({ records, refundDelayMs: 60_000, now: at(made + 61_000) }).refundStatus(label('r3'))).toEqual({ status: 'refunded' });
    expect(await new SandboxCarrier({ records, refundDelayMs: 60_000, now: at(made + 2 * 86_400_000) }).refundStatus(label('r4'))).toMatchObject({
      status: 'rejected',
    });
  });

  it('remembers refunds in memory without a store', async () => {
    const carrier = new SandboxCarrier({ refundDelayMs: 60_000, now: at(made) });
    expect(await carrier.refundLabel(label('r5'))).toEqual({ status: 'submitted' });
    expect(await carrier.refundStatus(label('r5'))).toEqual({ status: 'submitted' });
  });
});
