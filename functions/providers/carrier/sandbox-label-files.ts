/**
 * The sandbox carrier's label as the other files a shipper can print (docs/decisions/0215-label-formats.md):
 * ZPL II for a 203 dpi thermal printer, written here command by command, and an SVG of 4x6 inches
 * that the download rasterizes to the resolution asked (./label-raster.ts). Both carry what the PDF of ./sandbox-label.ts carries: the
 * service, the SAMPLE indicia, both addresses, the order and the shipper's lines, signature and
 * insurance, and the IMpb barcode of the tracking number, marked SAMPLE - NOT VALID FOR POSTAGE.
 * Same request and tracking number, same bytes.
 */
import type { Address } from '../../../domain/schemas/addresses';
import { SIGNATURE_NAMES } from '../../../domain/postage/extras';
import { serviceOf } from '../../../domain/postage/services';
import { formatUsd } from '../../../domain/money';
import type { LabelRequest } from './carrier';
import { impbBarcodeText, SAMPLE_MARK, winAnsiSafe, zip5 } from './sandbox-label';
import { formatTracking, isValidUspsTracking } from './tracking-number';

/** What the label says, line by line, whatever file it is drawn in. */
interface LabelText {
  letter: string;
  banner: string;
  indicia: string[];
  from: string[];
  order: string;
  notes: string[];
  to: string[];
  tracking: string;
}

const addressLines = (a: Address): string[] => [
  ...[a.name, a.company, a.street, a.street2].filter((line): line is string => Boolean(line)),
  `${a.city}, ${a.state} ${a.zip}`,
];

function labelText(request: LabelRequest, tracking: string): LabelText {
  if (!isValidUspsTracking(tracking)) throw new Error(`Not a valid USPS IMpb tracking number: ${JSON.stringify(tracking)}`);
  const service = serviceOf(request.serviceId);
  const extras = request.extras;
  const clean = (line: string) => winAnsiSafe(line).slice(0, 60);
  return {
    letter: service.letter,
    banner: service.banner,
    indicia: [
      'SAMPLE POSTAGE - NO VALUE',
      `Ship date: ${request.shipDate}`,
      `Weight: ${Number(request.weightLb.toFixed(2))} lb`,
      `From ZIP ${request.from.zip}`,
    ].map(clean),
    from: addressLines(request.from).map(clean),
    order: `Order ${request.orderId}`,
    notes: [
      ...(extras?.labelText ?? []),
      ...(extras && extras.signature !== 'none' ? [SIGNATURE_NAMES[extras.signature].toUpperCase()] : []),
      ...(extras?.insuredValueCents ? [`INSURED ${formatUsd(extras.insuredValueCents)}`] : []),
    ].map(clean),
    to: addressLines(request.to).map((line) => clean(line).toUpperCase()),
    tracking: formatTracking(tracking),
  };
}

// ---------------------------------------------------------------------------------------------
// ZPL II
// ---------------------------------------------------------------------------------------------

/** Text as a ZPL field holds it: `^` and `~` start commands, so they never reach ^FD. */
const zplText = (text: string): string => text.replace(/[\^~]/g, ' ');

/**
 * The IMpb barcode's data in ZPL's Code 128 notation: `>;` starts subset C, `>8` is FNC1, so
 * `(420)78701(94)0011...` is `>;>842078701>8940011...`. An odd count of digits ends in subset B
 * (`>6`) for its last digit, as subset C packs digits in pairs.
 */
export function zplImpbData(destinationZip: string, tracking: string): string {
  impbBarcodeText(destinationZip, tracking); // throws for a bad ZIP or tracking number, as the PDF's does
  const pairs = (digits: string) => (digits.length % 2 === 0 ? digits : `${digits.slice(0, -1)}>6${digits.slice(-1)}`);
  return `>;>8${pairs(`420${zip5(destinationZip)}`)}>8${pairs(tracking)}`;
}

/** The label as ZPL II for a 4x6 label at 203 dpi (812 x 1218 dots): one ^XA ... ^XZ block. */
export function drawSandboxZpl(request: LabelRequest, tracking: string): string {
  const t = labelText(request, tracking);
  const out: string[] = ['^XA', '^CI28', '^PW812', '^LL1218', '^LH0,0'];
  const text = (x: number, y: number, h: number, value: string, opts: { block?: number; align?: 'C' | 'R' } = {}) =>
    out.push(
      opts.block
        ? `^FO${x},${y}^A0N,${h},${h}^FB${opts.block},1,0,${opts.align ?? 'L'},0^FD${zplText(value)}^FS`
        : `^FO${x},${y}^A0N,${h},${h}^FD${zplText(value)}^FS`,
    );
  const boxAt = (x: number, y: number, w: number, h: number, thickness: number) => out.push(`^FO${x},${y}^GB${w},${h},${thickness}^FS`);

  boxAt(10, 10, 792, 1198, 3);
  boxAt(24, 24, 170, 170, 6);
  text(24, 50, 130, t.letter, { block: 170, align: 'C' });
  boxAt(210, 24, 578, 170, 2);
  t.indicia.forEach((line, i) => text(226, 40 + 36 * i, i === 0 ? 28 : 26, line));
  boxAt(24, 206, 764, 64, 64);
  out.push(`^FO24,222^A0N,40,40^FR^FB764,1,0,C,0^FD${zplText(t.banner)}^FS`);
  t.from.forEach((line, i) => text(34, 290 + 28 * i, 24, line));
  [t.order, ...t.notes].forEach((line, i) => text(460, 290 + 28 * i, 22, line, { block: 320, align: 'R' }));
  const toTop = 300 + 28 * Math.max(t.from.length, 1 + t.notes.length) + 30;
  text(34, toTop, 28, 'SHIP TO:');
  t.to.forEach((line, i) => text(180, toTop + 44 * i, i === t.to.length - 1 || i === 0 ? 40 : 36, line));
  const trackTop = toTop + 44 * t.to.length + 20;
  boxAt(24, trackTop, 764, 8, 8);
  text(24, trackTop + 24, 30, 'USPS TRACKING # (SAMPLE)', { block: 764, align: 'C' });
  out.push(`^FO70,${trackTop + 70}^BY3,3,200^BCN,200,N,N,N^FD${zplImpbData(request.to.zip, tracking)}^FS`);
  text(24, trackTop + 290, 36, t.tracking, { block: 764, align: 'C' });
  boxAt(24, trackTop + 340, 764, 8, 8);
  boxAt(24, 1118, 764, 76, 76);
  out.push(`^FO24,1140^A0N,40,40^FR^FB764,1,0,C,0^FD${zplText(SAMPLE_MARK)}^FS`);
  out.push('^XZ');
  return `${out.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------
// An SVG of the label in points (288 x 432, as the PDF), for a PNG
// ---------------------------------------------------------------------------------------------

const xml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The label as an SVG of 288 x 432 units (4x6 inches in points), its barcode drawn by bwip-js. */
export async function drawSandboxSvg(request: LabelRequest, tracking: string): Promise<string> {
  const t = labelText(request, tracking);
  // Imported here, not at the top: the Lambda ships bwip-js beside its bundle (./sandbox-label.ts says why).
  const { toSVG } = await import('bwip-js/node');
  const barcode = toSVG({ bcid: 'gs1-128', text: impbBarcodeText(request.to.zip, tracking), height: 12, includetext: false });
  const viewBox = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(barcode);
  const [bw, bh] = viewBox ? [Number(viewBox[1]), Number(viewBox[2])] : [1, 1];
  const bars = barcode.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  const parts: string[] = [];
  // Its text is set in the rasterizer's one font, OCR-B (./label-raster.ts); monospaced, its advance about 0.72 of the size: a line is shrunk to fit its room.
  const line = (
    x: number,
    y: number,
    size: number,
    value: string,
    opts: { width?: number; anchor?: 'start' | 'middle' | 'end'; bold?: boolean; fill?: string } = {},
  ) => {
    const fit = opts.width ? Math.min(size, opts.width / Math.max(1, value.length * 0.72)) : size;
    parts.push(
      `<text x="${x}" y="${y}" font-size="${fit.toFixed(2)}" text-anchor="${opts.anchor ?? 'start'}"${opts.bold ? ' font-weight="bold"' : ''} fill="${opts.fill ?? '#000'}">${xml(value)}</text>`,
    );
  };
  const rect = (x: number, y: number, w: number, h: number, stroke: number | 'fill') =>
    parts.push(
      stroke === 'fill'
        ? `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#000"/>`
        : `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="none" stroke="#000" stroke-width="${stroke}"/>`,
    );

  parts.push(`<text x="144" y="170" font-size="54" text-anchor="middle" fill="#dbdbdb" transform="rotate(-18 144 158)">SAMPLE</text>`);
  rect(4, 4, 280, 424, 1.5);
  rect(8, 8, 64, 64, 2.5);
  line(40, 62, 52, t.letter, { anchor: 'middle' });
  rect(80, 8, 200, 64, 1);
  t.indicia.forEach((value, i) => line(86, 21 + 13 * i, 8, value, { width: 188 }));
  rect(8, 78, 272, 24, 'fill');
  line(144, 95, 14, t.banner, { anchor: 'middle', width: 264, fill: '#fff' });
  t.from.forEach((value, i) => line(12, 116 + 10 * i, 8, value, { width: 160 }));
  [t.order, ...t.notes].forEach((value, i) => line(280, 116 + 9 * i, 7, value, { anchor: 'end', width: 100 }));
  const toTop = 116 + 10 * Math.max(t.from.length, 1 + t.notes.length) + 16;
  line(12, toTop, 9, 'SHIP TO:');
  t.to.forEach((value, i) => line(64, toTop + 17 * i, i === 0 || i === t.to.length - 1 ? 13 : 12, value, { width: 214 }));
  const trackTop = toTop + 17 * t.to.length + 6;
  rect(8, trackTop, 272, 3, 'fill');
  line(144, trackTop + 16, 9, 'USPS TRACKING # (SAMPLE)', { anchor: 'middle' });
  const barWidth = 260;
  const barHeight = 66;
  parts.push(`<g transform="translate(14 ${trackTop + 24}) scale(${barWidth / bw} ${barHeight / bh})">${bars}</g>`);
  line(144, trackTop + 24 + barHeight + 16, 11, t.tracking, { anchor: 'middle' });
  rect(8, trackTop + 24 + barHeight + 22, 272, 3, 'fill');
  rect(8, 394, 272, 30, 'fill');
  line(144, 414, 13, SAMPLE_MARK, { anchor: 'middle', width: 264, fill: '#fff' });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 288 432"><rect width="288" height="432" fill="#fff"/>${parts.join('')}</svg>`;
}
