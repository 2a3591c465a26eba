/**
 * The sandbox carrier's SCAN form and pickups: a one-page PS 5630-like PDF listing every label's
 * tracking number under a barcode of the form's id, and pickups confirmed and canceled.
 */
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { SandboxCarrier } from '../../../../functions/providers/carrier/sandbox-carrier';
import { SAMPLE_MARK } from '../../../../functions/providers/carrier/sandbox-label';
import { formatTracking } from '../../../../functions/providers/carrier/tracking-number';
import { sampleLabelRequest } from '../../../fixtures/label-order';
import { pdfTextRuns } from './pdf-text';

const NOW = new Date('2026-09-07T15:00:00Z');
const labels = Array.from({ length: 99 }, (_, i) => ({
  orderId: `01JBQ7Y3K5N6P8R9S0T1V2W${String(i).padStart(3, '0')}`,
  tracking: `9400111201080805483${String(i).padStart(3, '0')}`,
  carrierRef: `sandbox_${i}`,
}));

describe('SandboxCarrier.makeScanForm', () => {
  it('draws one page with the mailer, the date, the count, a barcode and every tracking number', async () => {
    const carrier = new SandboxCarrier({ now: () => NOW });
    const made = await carrier.makeScanForm({ formId: 'FORM1', shipDate: '2026-09-07', from: sampleLabelRequest.from, labels });
    expect(made.carrierRef).toBe('sandbox_sf_FORM1');
    expect(made.trackingNumbers).toEqual(labels.map((l) => l.tracking));
    const pdf = await PDFDocument.load(made.pdf);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    const text = (await pdfTextRuns(made.pdf)).join('\n');
    expect(text).toContain('USPS PS Form 5630');
    expect(text).toContain(SAMPLE_MARK);
    expect(text).toContain('Ship date: 2026-09-07');
    expect(text).toContain('Total pieces: 99');
    expect(text).toContain(sampleLabelRequest.from.street);
    for (const l of labels) expect(text).toContain(formatTracking(l.tracking));
    // The barcode is an image on the page.
    expect(Buffer.from(made.pdf).toString('latin1')).toContain('/Subtype /Image');
  });
});

describe('SandboxCarrier pickups', () => {
  it('confirms a pickup with a confirmation number and cancels it', async () => {
    const carrier = new SandboxCarrier();
    const booked = await carrier.bookPickup({
      pickupId: '01JBQ7Y3K5N6P8R9S0T1V2W3X4',
      date: '2026-09-07',
      windowStart: '09:00',
      windowEnd: '17:00',
      address: sampleLabelRequest.from,
      labels: labels.slice(0, 2),
    });
    expect(booked).toEqual({ carrierRef: 'sandbox_pickup_01JBQ7Y3K5N6P8R9S0T1V2W3X4', confirmation: 'SBXT1V2W3X4' });
    await expect(carrier.cancelPickup(booked.carrierRef)).resolves.toBeUndefined();
    await expect(carrier.cancelPickup('pickup_123')).rejects.toThrow('no sandbox pickup');
  });
});
