/**
 * The sandbox label PDF: parsed back with pdf-lib, its text read from the (inflated) content stream
 * (pdf-text.ts; pdf-lib cannot extract text and pdftotext is not available in tests).
 */
import { toBuffer } from 'bwip-js/node';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { LabelRequest } from '../../../../functions/providers/carrier/carrier';
import {
  drawSandboxLabel,
  impbBarcodeText,
  LABEL_HEIGHT_PT,
  LABEL_WIDTH_PT,
  impbBarcodeBars,
  SAMPLE_MARK,
  winAnsiCodePoints,
  winAnsiSafe,
  zip5,
} from '../../../../functions/providers/carrier/sandbox-label';
import { formatTracking, uspsCheckDigit } from '../../../../functions/providers/carrier/tracking-number';
import { sampleLabelRequest } from '../../../fixtures/label-order';
import { pdfContentStreams, pdfTextRuns } from './pdf-text';
import { svgToPng } from '../../../../functions/providers/carrier/label-raster';
import { decodePngBarcodes } from '../../../fixtures/label-file-checks';
import type { ServiceId } from '../../../../domain/postage/services';

const TRACKING = '9405500105440232839154';
const BAD_CHECK = '9405500105440232839155';
const NOW = new Date('2026-09-07T15:04:05Z');

// A ZIP+4 destination, printed whole on the label.
const request: LabelRequest = { ...sampleLabelRequest, to: { ...sampleLabelRequest.to, zip: '90277-2506' } };

/** Each shown string's baseline, in points from the bottom of the page (pdf-lib places unrotated text with `1 0 0 1 x y Tm`). */
async function textBaselines(pdf: Uint8Array): Promise<Map<string, number>> {
  const ys = new Map<string, number>();
  const runs = await pdfTextRuns(pdf);
  const placed = (await pdfContentStreams(pdf)).join('\n').matchAll(/(\S+) (\S+) (\S+) (\S+) \S+ (\S+) Tm\s*(?:<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\))\s*Tj/g);
  [...placed].forEach((m, i) => ys.set(runs[i]!, Number(m[5])));
  return ys;
}

describe('drawSandboxLabel', () => {
  it('is a one-page 4x6 inch PDF (288 x 432 pt) that pdf-lib parses', async () => {
    const pdf = await drawSandboxLabel(request, TRACKING, NOW);
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getSize()).toEqual({ width: 288, height: 432 });
    expect([LABEL_WIDTH_PT, LABEL_HEIGHT_PT]).toEqual([288, 432]);
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-09-07T15:04:05.000Z');
    expect(doc.getModificationDate()?.toISOString()).toBe('2026-09-07T15:04:05.000Z');
    expect(doc.getTitle()).toContain(TRACKING);
  });

  it('shows the tracking number in groups of four, the SAMPLE mark, and the shipment', async () => {
    const text = await pdfTextRuns(await drawSandboxLabel(request, TRACKING, NOW));
    expect(text).toContain('9405 5001 0544 0232 8391 54');
    expect(text).toContain(formatTracking(TRACKING));
    expect(text).toContain(SAMPLE_MARK);
    expect(text).toContain('SAMPLE - NOT VALID FOR POSTAGE');
    expect(text).toContain('USPS PRIORITY MAIL');
    expect(text).toContain('SHIP TO:');
    expect(text).toEqual(expect.arrayContaining(['DR. STEVE BRULE', '179 N HARBOR DR', 'REDONDO BEACH, CA 90277-2506']));
    expect(text).toEqual(expect.arrayContaining(['Ann Shipper', '417 Montgomery Street', 'San Francisco, CA 94104']));
    expect(text).toEqual(expect.arrayContaining(['Weight: 2.5 lb', 'Ship date: 09/07/2026', 'Size: 12 x 8 x 4 in']));
  });

  it("prints the shipper's text lines, the signature asked and the insured value, and nothing of them for a plain label", async () => {
    const extras = { labelText: ['Order #1042', 'x'.repeat(25)], signature: 'adult', insuredValueCents: 25_000 } as const;
    const text = await pdfTextRuns(await drawSandboxLabel({ ...request, extras: { ...extras, labelText: [...extras.labelText] } }, TRACKING, NOW));
    expect(text).toEqual(expect.arrayContaining(['Order #1042', 'x'.repeat(25), 'ADULT SIGNATURE REQUIRED', 'INSURED $250.00']));
    const signed = await pdfTextRuns(
      await drawSandboxLabel({ ...request, extras: { labelText: [], signature: 'signature', insuredValueCents: 0 } }, TRACKING, NOW),
    );
    expect(signed).toContain('SIGNATURE CONFIRMATION');
    expect(signed.join('\n')).not.toMatch(/INSURED/);
    const plain = (await pdfTextRuns(await drawSandboxLabel(request, TRACKING, NOW))).join('\n');
    expect(plain).not.toMatch(/SIGNATURE|INSURED/);
  });

  it('prints the company and the second street line in both address blocks, never a phone', async () => {
    const busy: LabelRequest = {
      ...request,
      from: { ...request.from, company: 'Shipper Co', street2: 'Suite 500', phone: '4155550100' },
      to: { ...request.to, company: 'Brule Enterprises', street2: 'Apt 2', phone: '3105550100' },
    };
    const text = await pdfTextRuns(await drawSandboxLabel(busy, TRACKING, NOW));
    // In envelope order: name, company, street, second line, city.
    const from = ['Ann Shipper', 'Shipper Co', '417 Montgomery Street', 'Suite 500', 'San Francisco, CA 94104'];
    expect(text.slice(text.indexOf('Ann Shipper'), text.indexOf('Ann Shipper') + 5)).toEqual(from);
    const to = ['DR. STEVE BRULE', 'BRULE ENTERPRISES', '179 N HARBOR DR', 'APT 2', 'REDONDO BEACH, CA 90277-2506'];
    expect(text.slice(text.indexOf('DR. STEVE BRULE'), text.indexOf('DR. STEVE BRULE') + 5)).toEqual(to);
    expect(text.join('\n')).not.toMatch(/555.?0100/);
    // The longer blocks push the tracking number down, still above the SAMPLE mark's note.
    expect(text).toContain(formatTracking(TRACKING));
    const ys = await textBaselines(await drawSandboxLabel(busy, TRACKING, NOW));
    const note = ys.get('Made by the PrepaidShip sandbox. It carries no postage: do not mail.')!;
    expect(ys.get(formatTracking(TRACKING))! - note).toBeGreaterThanOrEqual(18);
    expect(ys.get('REDONDO BEACH, CA 90277-2506')!).toBeGreaterThan(ys.get('USPS TRACKING # (SAMPLE)')! + 10);
  });

  it('draws a plain address as before: the recipient at its place, the bars 88 pt tall', async () => {
    const pdf = await drawSandboxLabel(request, TRACKING, NOW);
    const ys = await textBaselines(pdf);
    expect([ys.get('Ann Shipper'), ys.get('DR. STEVE BRULE'), ys.get('REDONDO BEACH, CA 90277-2506')]).toEqual([316, 266, 230]);
    expect((await pdfContentStreams(pdf)).join('\n')).toMatch(/\n[\d.]+ [\d.]+ [\d.]+ 88 re\n/);
  });

  it('names the service, and a Flat Rate label its packaging, in the banner', async () => {
    const banner = async (serviceId: ServiceId) => (await pdfTextRuns(await drawSandboxLabel({ ...request, serviceId }, TRACKING, NOW)))[7];
    expect(await banner('usps_priority_fr_medium_box')).toBe('USPS PRIORITY MAIL FLAT RATE MEDIUM BOX');
    expect(await banner('usps_priority_fr_envelope')).toBe('USPS PRIORITY MAIL FLAT RATE ENVELOPE');
    expect(await banner('usps_priority_mail')).toBe('USPS PRIORITY MAIL');
    expect(await banner('usps_ground_advantage')).toBe('USPS GROUND ADVANTAGE');
    expect(await banner('usps_media_mail')).toBe('USPS MEDIA MAIL');
  });

  it('is the same bytes for the same input and clock', async () => {
    const a = await drawSandboxLabel(request, TRACKING, NOW);
    const b = await drawSandboxLabel(request, TRACKING, new Date(NOW));
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const later = await drawSandboxLabel(request, TRACKING, new Date('2027-01-01T00:00:00Z'));
    expect(Buffer.from(a).equals(Buffer.from(later))).toBe(false);
  });

  it('prints names Helvetica cannot fully encode instead of crashing', async () => {
    const weird: LabelRequest = {
      ...request,
      from: { ...request.from, name: 'Zoë Ñúñez 📦', street: 'Łódź\tul. Żółta 5\n' },
      to: { ...request.to, name: 'Zoë Ñúñez 😀🇺🇸👩‍👩‍👧', city: '東京 Redondo' },
    };
    const text = await pdfTextRuns(await drawSandboxLabel(weird, TRACKING, NOW));
    expect(text).toContain('Zoë Ñúñez');
    expect(text).toContain('ZOË ÑÚÑEZ');
    expect(text).toContain('Lódz ul. Zólta 5');
    expect(text).toContain('? REDONDO, CA 90277-2506');
  });

  it('keeps long lines on the label, shortening text but never the state and ZIP', async () => {
    const long = 'Saint-Jean-sur-Richelieu Extremely Long City Name Township';
    const text = await pdfTextRuns(
      await drawSandboxLabel({ ...request, to: { ...request.to, name: 'N'.repeat(5000), city: long, zip: '78701' } }, TRACKING, NOW),
    );
    const city = text.find((t) => t.endsWith(', CA 78701'));
    expect(city).toMatch(/^SAINT-JEAN-SUR-RICHELIEU.*\.\.\., CA 78701$/);
    expect(text.find((t) => t.startsWith('NNN'))).toMatch(/^N+\.\.\.$/);
  });

  it('refuses a tracking number with a bad check digit, an unknown service, and a destination without ZIP', async () => {
    await expect(drawSandboxLabel(request, BAD_CHECK, NOW)).rejects.toThrow(/Not a valid USPS IMpb tracking number/);
    await expect(drawSandboxLabel({ ...request, serviceId: 'overnight' as never }, TRACKING, NOW)).rejects.toThrow(/Unknown USPS service/);
    await expect(drawSandboxLabel({ ...request, to: { ...request.to, zip: 'SW1A 1AA' } }, TRACKING, NOW)).rejects.toThrow(/ZIP/);
  });
});

describe('the IMpb barcode', () => {
  it('is (420) + ZIP5, then the tracking number with its channel AI (94) as the second AI', () => {
    expect(impbBarcodeText('90277-2506', TRACKING)).toBe('(420)90277(94)05500105440232839154');
    const commercial = `920559016491731275108${uspsCheckDigit('920559016491731275108')}`;
    expect(impbBarcodeText('78701', commercial)).toBe(`(420)78701(92)${commercial.slice(2)}`);
    expect(zip5(' 787011234 ')).toBe('78701');
    expect(() => zip5('7870')).toThrow();
  });

  it('is bars that ZXing reads back as the IMpb data, and the label draws each of them', async () => {
    const { modules, bars } = await impbBarcodeBars('90277', TRACKING);
    expect(bars.at(-1)?.reduce((a, b) => a + b)).toBe(modules); // it ends on a bar
    // The bars as an SVG of a 4x6 label (a 10-module quiet zone each side), rasterised as a printer would.
    const scale = 288 / (modules + 20);
    const rects = bars.map(([start, width]) => `<rect x="${(10 + start) * scale}" y="100" width="${width * scale}" height="60"/>`).join('');
    const png = await svgToPng(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 288 432">${rects}</svg>`, 300);
    expect(await decodePngBarcodes(png)).toEqual(['(420)90277(94)05500105440232839154']);
    // Each bar is one filled rectangle of the label's content (`x y w h re`).
    const pdf = await drawSandboxLabel(request, TRACKING, NOW);
    const content = (await pdfContentStreams(pdf)).join('\n');
    expect(content.match(/ 88 re\n/g)?.length).toBe(bars.length);
  });

  it('refuses a bad USPS check digit', async () => {
    await expect(impbBarcodeBars('90277', BAD_CHECK)).rejects.toThrow(/Not a valid USPS IMpb tracking number/);
    expect(() => impbBarcodeText('90277', BAD_CHECK)).toThrow();
  });

  it('needs that guard: bwip-js checks GS1 check digits, not the USPS digit inside company-internal AI 94', async () => {
    await expect(toBuffer({ bcid: 'gs1-128', text: '(01)09521234543214' })).rejects.toThrow(/checksum/i);
    await expect(toBuffer({ bcid: 'gs1-128', text: `(420)90277(94)${BAD_CHECK.slice(2)}` })).resolves.toBeInstanceOf(Buffer);
  });
});

describe('winAnsiSafe', () => {
  it('knows exactly the characters pdf-lib encodes for Helvetica and Helvetica-Bold', async () => {
    const doc = await PDFDocument.create();
    for (const name of [StandardFonts.Helvetica, StandardFonts.HelveticaBold]) {
      const font = await doc.embedFont(name);
      expect([...winAnsiCodePoints()].sort((a, b) => a - b)).toEqual(font.getCharacterSet().sort((a, b) => a - b));
    }
  });

  it('keeps Latin-1, folds other Latin letters, drops emoji, spaces out controls', () => {
    expect(winAnsiSafe('Zoë Ñúñez')).toBe('Zoë Ñúñez');
    expect(winAnsiSafe('Zoë 😀 Ñúñez 🇺🇸👍🏽')).toBe('Zoë Ñúñez');
    expect(winAnsiSafe('Łukasz Żółć Dvořák')).toBe('Lukasz Zólc Dvorák');
    expect(winAnsiSafe('a\tb\nc\u00a0d\u200be\u00adf')).toBe('a b c def');
    expect(winAnsiSafe('Zoe\u0308')).toBe('Zoë'); // decomposed input is composed first
    expect(winAnsiSafe('東京 Tower')).toBe('? Tower');
    expect(winAnsiSafe('“Smart” — quotes… €5')).toBe('“Smart” — quotes… €5');
  });

  it('only ever returns text Helvetica can encode', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 300; i++) {
      const cps = Array.from({ length: 12 }, () => {
        const r = next() % 4;
        return r === 0 ? next() % 0x80 : r === 1 ? next() % 0x800 : r === 2 ? next() % 0x10000 : 0x1f300 + (next() % 0x700);
      }).filter((cp) => cp < 0xd800 || cp > 0xdfff);
      const text = winAnsiSafe(String.fromCodePoint(...cps));
      expect(() => font.encodeText(text)).not.toThrow();
    }
  });
});
