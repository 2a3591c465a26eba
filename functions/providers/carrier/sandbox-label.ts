/**
 * The sandbox carrier's label: a 4x6 inch (288 x 432 pt) one-page PDF drawn with pdf-lib, laid out
 * like a USPS label and marked SAMPLE so nobody mistakes it for postage:
 *
 *   [P|G box] [sample indicia: ship date, weight, size, from ZIP]
 *   [black banner: USPS PRIORITY MAIL (FLAT RATE) / USPS GROUND ADVANTAGE]
 *   sender (small) ... order id, the shipper's text lines, signature and insurance (right column)
 *   SHIP TO: recipient (large, upper case)
 *   USPS TRACKING # -- GS1-128 IMpb barcode (vector bars, encoded by bwip-js) -- 9400 1112 0108 ... in groups of 4
 *   [SAMPLE - NOT VALID FOR POSTAGE]          and a light diagonal SAMPLE across the middle
 *
 * The barcode is USPS's IMpb construct in GS1 form, `(420)<ZIP5>(94)<the other 20 digits>`: AI 420
 * (ship-to postal code, variable length, so bwip-js puts FNC1 after the ZIP) then the tracking
 * number, whose first two digits are the IMpb channel application identifier (GS1's company-
 * internal AIs 91-99). bwip-js checks GS1 check digits it knows (AI 00, 01, ...) but not the USPS
 * mod-10 digit of an internal AI, so impbBarcodeText() refuses a bad one itself.
 *
 * Text uses the PDF standard fonts (Helvetica, Helvetica-Bold), which only encode WinAnsi:
 * winAnsiSafe() keeps what they can print, folds accents it cannot, and drops emoji, so odd input
 * never crashes a purchase. The output is deterministic for a given request, tracking number and
 * `now` (which only sets the PDF's creation and modification dates).
 */
import type { Color, PDFFont, PDFPage } from 'pdf-lib';
import type { Address } from '../../../domain/schemas/addresses';
import type { LabelRequest } from './carrier';
import { formatTracking, isValidUspsTracking } from './tracking-number';
import { serviceOf } from '../../../domain/postage/services';
import { SIGNATURE_NAMES } from '../../../domain/postage/extras';
import { formatUsd } from '../../../domain/money';

/** 4 x 6 inches in PDF points (72 per inch). */
export const LABEL_WIDTH_PT = 288;
export const LABEL_HEIGHT_PT = 432;
export const SAMPLE_MARK = 'SAMPLE - NOT VALID FOR POSTAGE';

// ---------------------------------------------------------------------------------------------
// Text the standard fonts can encode
// ---------------------------------------------------------------------------------------------

/** WinAnsiEncoding: printable ASCII, Latin-1 from U+00A0, and the 27 cp1252 extras pdf-lib maps. */
const WIN_ANSI = new Set<number>([
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => 0x20 + i),
  ...Array.from({ length: 0x100 - 0xa0 }, (_, i) => 0xa0 + i),
  0x152,
  0x153,
  0x160,
  0x161,
  0x178,
  0x17d,
  0x17e,
  0x192,
  0x2c6,
  0x2dc,
  0x2013,
  0x2014,
  0x2018,
  0x2019,
  0x201a,
  0x201c,
  0x201d,
  0x201e,
  0x2020,
  0x2021,
  0x2022,
  0x2026,
  0x2030,
  0x2039,
  0x203a,
  0x20ac,
  0x2122,
]);

/** Code points Helvetica can encode (exported for the test that compares it with pdf-lib's own). */
export const winAnsiCodePoints = (): ReadonlySet<number> => WIN_ANSI;

/** Latin letters without a decomposition into a WinAnsi letter plus accents. */
const FOLD: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
  Ŧ: 'T',
  ŧ: 't',
  Ə: 'E',
  ə: 'e',
  Ŋ: 'N',
  ŋ: 'n',
  ĸ: 'k',
  ſ: 's',
  Ĳ: 'IJ',
  ĳ: 'ij',
  '\u2010': '-',
  '\u2011': '-',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
};

/** Emoji and their parts (modifiers, joiners, flags, tags, variation selectors), stray combining marks. */
const UNPRINTABLE = /[\p{Extended_Pictographic}\p{Regional_Indicator}\p{M}\p{Cf}\p{Co}\p{Cs}\u{1F3FB}-\u{1F3FF}\u{E0020}-\u{E007F}]/u;

/**
 * `text` reduced to what Helvetica can print: kept when WinAnsi has it ("Zoë Ñúñez" stays as is),
 * else folded to plain letters ("Żółć" -> "Zółc", "Ł" -> "L"), emoji dropped, control characters
 * and odd spaces turned into plain spaces; anything else (other scripts) becomes one "?" per run.
 */
export function winAnsiSafe(text: string): string {
  let out = '';
  for (const ch of String(text ?? '').normalize('NFC')) {
    const cp = ch.codePointAt(0) as number;
    if (WIN_ANSI.has(cp) && cp !== 0xa0 && cp !== 0xad) {
      out += ch;
    } else if (/[\s\p{Cc}]/u.test(ch) || cp === 0xa0) {
      out += ' ';
    } else if (cp === 0xad || UNPRINTABLE.test(ch)) {
      // nothing to print
    } else if (FOLD[ch] !== undefined) {
      out += FOLD[ch];
    } else {
      const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
      out += base && [...base].every((c) => WIN_ANSI.has(c.codePointAt(0) as number)) ? base : '?';
    }
  }
  return out
    .replace(/\?{2,}/g, '?')
    .replace(/ {2,}/g, ' ')
    .trim();
}

// ---------------------------------------------------------------------------------------------
// The IMpb barcode
// ---------------------------------------------------------------------------------------------

/** The first five digits of a ZIP ("78701-1234" -> "78701"); throws when there are none. */
export function zip5(zip: string): string {
  const match = /^\s*(\d{5})(?:[\s-]?\d{4})?\s*$/.exec(zip);
  if (!match) throw new Error(`A US ZIP code is needed for the IMpb barcode, got ${JSON.stringify(zip)}`);
  return match[1] as string;
}

/**
 * The barcode's data in bwip-js's GS1 bracket syntax: `(420)78701(94)00111201080805483016`.
 * Throws for a destination without a ZIP5 or a tracking number that is not a valid IMpb number.
 */
export function impbBarcodeText(destinationZip: string, tracking: string): string {
  if (!isValidUspsTracking(tracking)) throw new Error(`Not a valid USPS IMpb tracking number: ${JSON.stringify(tracking)}`);
  return `(420)${zip5(destinationZip)}(${tracking.slice(0, 2)})${tracking.slice(2)}`;
}

/**
 * The barcode's bars, left to right, in modules: each `[start, width]` is one bar, the spaces between
 * them are what the starts leave out. bwip-js encodes the data (GS1-128, its FNC1s, its check
 * character); the label draws the bars as vector rectangles rather than as an image, which prints as
 * sharp at any size and costs a fraction of an embedded PNG to make.
 */
export async function impbBarcodeBars(destinationZip: string, tracking: string): Promise<{ modules: number; bars: [number, number][] }> {
  // Imported here, not at the top: see drawSandboxLabel. The module's named `raw` is the "raw"
  // symbology; the encoder that answers a symbol's bars is its default export's.
  const { raw } = (await import('bwip-js/node')).default;
  const [symbol] = raw({ bcid: 'gs1-128', text: impbBarcodeText(destinationZip, tracking) }) as { sbs?: number[] }[];
  if (!symbol?.sbs) throw new Error('bwip-js answered no bars for the IMpb barcode');
  const bars: [number, number][] = [];
  let at = 0;
  symbol.sbs.forEach((width, i) => {
    // Even places are bars, odd ones spaces.
    if (i % 2 === 0) bars.push([at, width]);
    at += width;
  });
  return { modules: at, bars };
}

// ---------------------------------------------------------------------------------------------
// Drawing
// ---------------------------------------------------------------------------------------------

// Set by drawSandboxLabel once pdf-lib is loaded (grayscale(0) and grayscale(1)); every helper
// below runs only inside it.
let BLACK!: Color;
let WHITE!: Color;
const MARGIN = 8;
const CONTENT_W = LABEL_WIDTH_PT - 2 * MARGIN;

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

interface TextSpec {
  /** Distance of the text's baseline from the TOP of the label. */
  top: number;
  x?: number;
  font: PDFFont;
  size: number;
  /** Shrinks down to this size before cutting the text short with "...". */
  minSize?: number;
  /** Printed after the text and never cut (the ", ST 12345" of a city line). */
  suffix?: string;
  maxWidth?: number;
  align?: 'left' | 'center' | 'right';
  color?: Color;
}

/** Draws one line, made safe for the font and fitted into maxWidth. Returns the size used. */
function drawLine(page: PDFPage, raw: string, spec: TextSpec): number {
  const { font, align = 'left', color = BLACK } = spec;
  const maxWidth = spec.maxWidth ?? CONTENT_W;
  let text = winAnsiSafe(raw).slice(0, 200); // no line on a 4-inch label holds more
  const suffix = spec.suffix === undefined ? '' : winAnsiSafe(spec.suffix);
  let size = spec.size;
  const minSize = spec.minSize ?? spec.size;
  while (size > minSize && font.widthOfTextAtSize(text + suffix, size) > maxWidth) size = Math.max(minSize, size - 0.5);
  if (font.widthOfTextAtSize(text + suffix, size) > maxWidth) {
    while (text.length > 1 && font.widthOfTextAtSize(`${text}...${suffix}`, size) > maxWidth) text = text.slice(0, -1);
    text = `${text.trimEnd()}...`;
  }
  text += suffix;
  const width = font.widthOfTextAtSize(text, size);
  const left = spec.x ?? MARGIN;
  const x = align === 'center' ? left + (maxWidth - width) / 2 : align === 'right' ? left + maxWidth - width : left;
  page.drawText(text, { x, y: LABEL_HEIGHT_PT - spec.top, size, font, color });
  return size;
}

/** A rectangle given by its top-left corner measured from the top of the label. */
function box(page: PDFPage, x: number, top: number, width: number, height: number, opts: { fill?: boolean; border?: number } = {}) {
  page.drawRectangle({
    x,
    y: LABEL_HEIGHT_PT - top - height,
    width,
    height,
    ...(opts.fill ? { color: BLACK } : {}),
    ...(opts.border ? { borderColor: BLACK, borderWidth: opts.border } : {}),
  });
}

function rule(page: PDFPage, top: number, thickness: number) {
  const y = LABEL_HEIGHT_PT - top;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: LABEL_WIDTH_PT - MARGIN, y }, thickness, color: BLACK });
}

/** "2026-09-07" -> "09/07/2026"; anything else is printed as given. */
function usDate(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : isoDate;
}

/** 2.5 -> "2.5", 3 -> "3", 0.3333 -> "0.33". */
const num = (n: number): string => (Number.isFinite(n) ? String(Number(n.toFixed(2))) : '?');

/**
 * An address's lines above its city line: name, company, street and second street line, those
 * given. Phones are not printed: a USPS label shows none; the carrier gets them with the shipment.
 */
const linesAboveCity = (a: Address): string[] => [a.name, a.company, a.street, a.street2].filter((line): line is string => Boolean(line));

/** A city line in two parts, so fitting it may shorten the city but never the state and ZIP. */
const cityLine = (a: Address): { city: string; suffix: string } => ({ city: a.city, suffix: `, ${a.state} ${a.zip}` });

function drawSampleWatermark(page: PDFPage, fonts: Fonts, { grayscale, degrees }: typeof import('pdf-lib')) {
  const text = 'SAMPLE';
  const size = 54;
  const angle = 18;
  const width = fonts.bold.widthOfTextAtSize(text, size);
  const height = fonts.bold.heightAtSize(size, { descender: false });
  const rad = (angle * Math.PI) / 180;
  // Rotation is about the text origin: place the origin so the text's centre sits on the middle of
  // the address blocks (between the service banner and the tracking rule), clear of the barcode.
  const cx = LABEL_WIDTH_PT / 2;
  const cy = LABEL_HEIGHT_PT - 158;
  const x = cx - (width / 2) * Math.cos(rad) + (height / 2) * Math.sin(rad);
  const y = cy - (width / 2) * Math.sin(rad) - (height / 2) * Math.cos(rad);
  page.drawText(text, { x, y, size, font: fonts.bold, color: grayscale(0.86), rotate: degrees(angle) });
}

/**
 * The SAMPLE 4x6 label for `request` with `tracking` (a valid IMpb number; throws otherwise, and for
 * an unknown label type or a destination without a ZIP). `now` sets the PDF's dates.
 */
export async function drawSandboxLabel(request: LabelRequest, tracking: string, now: Date = new Date()): Promise<Uint8Array> {
  const service = serviceOf(request.serviceId);
  const barcode = await impbBarcodeBars(request.to.zip, tracking);
  // pdf-lib and bwip-js are imported where a label is drawn, not at the top of this module: a Lambda
  // ships them beside its bundle (infra/lambda-bundling.ts, SHIPPED_BESIDE), and esbuild hoists an
  // external package's static import to the bundle's top, which would load them at every cold start
  // although this module itself is imported only on first draw.
  const pdfLib = await import('pdf-lib');
  const { PDFDocument, StandardFonts, grayscale } = pdfLib;
  BLACK = grayscale(0);
  WHITE = grayscale(1);

  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(`USPS label ${tracking} (SAMPLE)`);
  pdf.setSubject(SAMPLE_MARK);
  pdf.setCreator('PrepaidShip sandbox carrier');
  pdf.setProducer('PrepaidShip');
  pdf.setCreationDate(now);
  pdf.setModificationDate(now);

  const page = pdf.addPage([LABEL_WIDTH_PT, LABEL_HEIGHT_PT]);
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };

  drawSampleWatermark(page, fonts, pdfLib);

  // Frame.
  box(page, 4, 4, LABEL_WIDTH_PT - 8, LABEL_HEIGHT_PT - 8, { border: 1.5 });

  // Header: the service letter, and the (sample) indicia.
  box(page, MARGIN, MARGIN, 64, 64, { border: 2.5 });
  drawLine(page, service.letter, { top: MARGIN + 54, x: MARGIN, maxWidth: 64, font: fonts.bold, size: 52, align: 'center' });
  const indiciaX = MARGIN + 72;
  const indiciaW = CONTENT_W - 72;
  box(page, indiciaX, MARGIN, indiciaW, 64, { border: 1 });
  const indicia = { x: indiciaX + 6, maxWidth: indiciaW - 12 };
  drawLine(page, 'SAMPLE POSTAGE - NO VALUE', { ...indicia, top: MARGIN + 13, font: fonts.bold, size: 8.5, minSize: 6 });
  drawLine(page, `Ship date: ${usDate(request.shipDate)}`, { ...indicia, top: MARGIN + 26, font: fonts.regular, size: 8 });
  drawLine(page, `Weight: ${num(request.weightLb)} lb`, { ...indicia, top: MARGIN + 37, font: fonts.regular, size: 8 });
  drawLine(page, `Size: ${num(request.lengthIn)} x ${num(request.widthIn)} x ${num(request.heightIn)} in`, {
    ...indicia,
    top: MARGIN + 48,
    font: fonts.regular,
    size: 8,
    minSize: 6,
  });
  drawLine(page, `From ZIP ${request.from.zip}`, { ...indicia, top: MARGIN + 59, font: fonts.regular, size: 8, minSize: 6 });

  // Service banner.
  const bannerTop = MARGIN + 70;
  box(page, MARGIN, bannerTop, CONTENT_W, 24, { fill: true });
  drawLine(page, service.banner, {
    top: bannerTop + 17,
    font: fonts.bold,
    size: 15,
    minSize: 9,
    maxWidth: CONTENT_W - 8,
    x: MARGIN + 4,
    align: 'center',
    color: WHITE,
  });

  // Sender, small: name (bold), company, both street lines, city line.
  const fromTop = bannerTop + 38;
  const fromText = { x: MARGIN + 4, maxWidth: 170, size: 8, minSize: 6 };
  const fromLines = linesAboveCity(request.from);
  fromLines.forEach((line, i) => drawLine(page, line, { ...fromText, top: fromTop + 10 * i, font: i === 0 ? fonts.bold : fonts.regular }));
  const fromCity = cityLine(request.from);
  const fromCityTop = fromTop + 10 * fromLines.length;
  drawLine(page, fromCity.city, { ...fromText, top: fromCityTop, font: fonts.regular, suffix: fromCity.suffix });
  drawLine(page, `Order ${request.orderId}`, {
    top: fromTop,
    x: MARGIN + 176,
    maxWidth: CONTENT_W - 180,
    font: fonts.regular,
    size: 6,
    minSize: 4.5,
    align: 'right',
  });

  // Beneath it the shipper's own lines, then the services USPS must honour at delivery.
  const extras = request.extras;
  const notes = [
    ...(extras?.labelText ?? []).map((text) => ({ text, font: fonts.regular })),
    ...(extras && extras.signature !== 'none' ? [{ text: SIGNATURE_NAMES[extras.signature].toUpperCase(), font: fonts.bold }] : []),
    ...(extras?.insuredValueCents ? [{ text: `INSURED ${formatUsd(extras.insuredValueCents)}`, font: fonts.bold }] : []),
  ];
  notes.forEach(({ text, font }, i) =>
    drawLine(page, text, { top: fromTop + 9 * (i + 1), x: MARGIN + 176, maxWidth: CONTENT_W - 180, font, size: 7, minSize: 4.5, align: 'right' }),
  );

  // Recipient, large: the same lines in upper case, closer together when a company or second line adds to them.
  const toTop = fromCityTop + 28;
  const to = request.to;
  drawLine(page, 'SHIP TO:', { top: toTop + 2, x: MARGIN + 4, font: fonts.bold, size: 9 });
  const toText = { x: MARGIN + 52, maxWidth: CONTENT_W - 56, minSize: 8 };
  const toLines = linesAboveCity(to);
  const toStep = toLines.length > 2 ? 16 : 18;
  toLines.forEach((line, i) =>
    drawLine(page, line.toUpperCase(), {
      ...toText,
      top: toTop + 2 + toStep * i,
      ...(i === 0 ? { font: fonts.bold, size: 13 } : { font: fonts.regular, size: 12 }),
    }),
  );
  const toCity = cityLine(to);
  const toCityTop = toTop + 2 + toStep * toLines.length;
  drawLine(page, toCity.city.toUpperCase(), { ...toText, top: toCityTop, font: fonts.bold, size: 13, suffix: toCity.suffix.toUpperCase() });

  // Tracking: heading, barcode, number. The longest addresses push it down, and the bars give up
  // what room they must to stay clear of the SAMPLE mark (never under USPS's 0.75 in).
  const trackTop = toCityTop + 20;
  rule(page, trackTop, 3);
  drawLine(page, 'USPS TRACKING # (SAMPLE)', { top: trackTop + 15, font: fonts.bold, size: 9, align: 'center' });
  const barcodeWidth = Math.min(CONTENT_W - 12, barcode.modules * 1.05); // about 1.05 pt (15 mil) per module
  const barcodeTop = trackTop + 22;
  const markTop = LABEL_HEIGHT_PT - MARGIN - 30;
  // USPS asks for bars at least 0.75 in (54 pt) tall; the number and its rule go under them, above the mark's note.
  const barcodeHeight = Math.max(54, Math.min(88, markTop - 43 - barcodeTop));
  const moduleWidth = barcodeWidth / barcode.modules;
  const barcodeLeft = (LABEL_WIDTH_PT - barcodeWidth) / 2;
  // One filled path of all the bars (`x y w h re` each): a rectangle apiece would wrap each bar in its own graphics state.
  const barsBottom = LABEL_HEIGHT_PT - barcodeTop - barcodeHeight;
  page.pushOperators(
    pdfLib.pushGraphicsState(),
    pdfLib.setFillingGrayscaleColor(0),
    ...barcode.bars.map(([start, width]) => pdfLib.rectangle(barcodeLeft + start * moduleWidth, barsBottom, width * moduleWidth, barcodeHeight)),
    pdfLib.fill(),
    pdfLib.popGraphicsState(),
  );
  drawLine(page, formatTracking(tracking), { top: barcodeTop + barcodeHeight + 15, font: fonts.bold, size: 11, align: 'center' });
  rule(page, barcodeTop + barcodeHeight + 23, 3);

  // The SAMPLE mark.
  drawLine(page, 'Made by the PrepaidShip sandbox. It carries no postage: do not mail.', {
    top: markTop - 8,
    font: fonts.regular,
    size: 7,
    minSize: 5,
    align: 'center',
  });
  box(page, MARGIN, markTop, CONTENT_W, 30, { fill: true });
  drawLine(page, SAMPLE_MARK, {
    top: markTop + 20,
    x: MARGIN + 4,
    maxWidth: CONTENT_W - 8,
    font: fonts.bold,
    size: 14,
    minSize: 9,
    align: 'center',
    color: WHITE,
  });

  return pdf.save({ useObjectStreams: false });
}
