/**
 * The sandbox label as ZPL and as an SVG rasterized to PNG: the ZPL parsed back (framing, fields, the
 * barcode command and its data), the PNG's size read from its header and its barcode decoded by ZXing.
 */
import { describe, expect, it } from 'vitest';
import type { LabelRequest } from '../../../../functions/providers/carrier/carrier';
import { drawSandboxSvg, drawSandboxZpl, zplImpbData } from '../../../../functions/providers/carrier/sandbox-label-files';
import { svgToPng } from '../../../../functions/providers/carrier/label-raster';
import { SAMPLE_MARK } from '../../../../functions/providers/carrier/sandbox-label';
import { formatTracking } from '../../../../functions/providers/carrier/tracking-number';
import { sampleLabelRequest } from '../../../fixtures/label-order';
import { decodePngBarcodes, parseZpl, pngDimensions, zplBarcodes } from '../../../fixtures/label-file-checks';

const TRACKING = '9405500105440232839154';
const request: LabelRequest = {
  ...sampleLabelRequest,
  to: { ...sampleLabelRequest.to, zip: '90277-2506' },
  extras: { labelText: ['PO 4471', 'Gift ^ wrap ~ please'], signature: 'adult', insuredValueCents: 12_500 },
};

describe('the sandbox label as ZPL', () => {
  const zpl = drawSandboxZpl(request, TRACKING);
  const labels = parseZpl(zpl);

  it('is one ^XA ... ^XZ label for a 4x6 label at 203 dpi', () => {
    expect(labels).toHaveLength(1);
    const [label] = labels as [ReturnType<typeof parseZpl>[number]];
    expect(label.find((c) => c.command === '^PW')?.params).toBe('812');
    expect(label.find((c) => c.command === '^LL')?.params).toBe('1218');
  });

  it('carries the IMpb barcode whose data is the ZIP and the tracking number', () => {
    const barcodes = zplBarcodes(labels[0]!);
    expect(barcodes).toHaveLength(1);
    // `>;` subset C, `>8` FNC1: (420) ZIP5 then the tracking number, as the PDF's GS1-128.
    expect(barcodes[0]!.raw).toBe(zplImpbData('90277', TRACKING));
    expect(barcodes[0]!.digits).toBe(`42090277${TRACKING}`);
    expect(barcodes[0]!.digits.endsWith(TRACKING)).toBe(true);
  });

  it('prints what the PDF prints: addresses, tracking number, extras and the SAMPLE mark', () => {
    const fields = labels[0]!.filter((c) => c.command === '^FD').map((c) => c.params);
    expect(fields).toContain(formatTracking(TRACKING));
    expect(fields).toContain(SAMPLE_MARK);
    expect(fields).toContain(request.to.name.toUpperCase());
    expect(fields).toContain(request.from.name);
    expect(fields).toContain('PO 4471');
    expect(fields).toContain('ADULT SIGNATURE REQUIRED');
    expect(fields).toContain('INSURED $125.00');
    // The shipper's ^ and ~ never reach the printer as commands.
    expect(fields).toContain('Gift   wrap   please');
  });

  it('is the same text for the same request and tracking number', () => {
    expect(drawSandboxZpl(request, TRACKING)).toBe(zpl);
  });

  it('refuses a tracking number whose check digit is wrong', () => {
    expect(() => drawSandboxZpl(request, '9405500105440232839155')).toThrow(/tracking/);
  });

  it('the tokenizer refuses broken ZPL', () => {
    expect(() => parseZpl('^FO1,1^FDx^FS^XZ')).toThrow(/outside/);
    expect(() => parseZpl('^XA^FO1,1^FDx^FS')).toThrow(/without \^XZ/);
    expect(() => parseZpl('^XA^QQ1^XZ')).toThrow(/unknown/);
    expect(() => parseZpl('^XA^FDx^XZ')).toThrow(/open field/);
  });
});

describe('the sandbox label as an SVG rasterized to PNG', () => {
  it.each([
    [203, 812, 1218],
    [300, 1200, 1800],
  ] as const)('at %i dpi is %i x %i pixels and its barcode decodes to the ZIP and tracking number', async (dpi, width, height) => {
    const png = await svgToPng(await drawSandboxSvg(request, TRACKING), dpi);
    expect(pngDimensions(png)).toEqual({ width, height });
    expect(await decodePngBarcodes(png)).toEqual([`(420)90277(94)${TRACKING.slice(2)}`]);
  });
});
