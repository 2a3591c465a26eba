/**
 * A receipt as a one-page US Letter PDF (612 x 792 pt), drawn with pdf-lib like the sandbox label:
 *
 *   RECEIPT                                   Receipt number <entry id>
 *   <seller name>                             Date <completed, US Eastern time>
 *   <seller address lines>
 *   Billed to: <name>, <email>
 *   ---------------------------------------------------------------
 *   <what: Shipping label / Wallet top-up / ...>
 *   Service, Tracking, From, To, Ship date, Order (a label), Reason (an adjustment) ...
 *   ---------------------------------------------------------------
 *   Amount paid                         $6.00
 *   Payment method                      Card
 *   Balance after                       $14.00
 *
 * Dates and times are printed in US Eastern time (the zone of ship dates and of the exports' days),
 * with "ET" after them. Text goes through winAnsiSafe (the standard fonts print WinAnsi only).
 * Tests read the text back with test/unit/providers/carrier/pdf-text.ts.
 */
import type { Color, PDFFont, PDFPage } from 'pdf-lib';
import { formatUsd } from '../../domain/money';
import { winAnsiSafe } from '../providers/carrier/sandbox-label';
import type { Receipt } from './receipt';

const WIDTH = 612;
const HEIGHT = 792;
const MARGIN = 56;
const CONTENT_W = WIDTH - 2 * MARGIN;
// Set by drawReceipt once pdf-lib is loaded (grayscale(0.1) and grayscale(0.35)); the helpers below
// run only inside it.
let INK!: Color;
let MUTED!: Color;

/** Dates on receipts: US Eastern time, stated. Made on first use: loading a zone's ICU data would otherwise slow every cold start. */
let easternTime: Intl.DateTimeFormat | undefined;
export function receiptDate(iso: string): string {
  easternTime ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return `${easternTime.format(new Date(iso))} ET`;
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Draws one line of text with its baseline `top` points below the page's top, shrunk or cut to fit. */
function text(page: PDFPage, raw: string, o: { x: number; top: number; font: PDFFont; size: number; maxWidth: number; align?: 'left' | 'right' }) {
  let line = winAnsiSafe(raw);
  let size = o.size;
  while (o.font.widthOfTextAtSize(line, size) > o.maxWidth && size > 7) size -= 0.5;
  while (line.length > 1 && o.font.widthOfTextAtSize(line, size) > o.maxWidth) line = `${line.slice(0, -2)}…`;
  const width = o.font.widthOfTextAtSize(line, size);
  const x = o.align === 'right' ? o.x + o.maxWidth - width : o.x;
  page.drawText(line, { x, y: HEIGHT - o.top, font: o.font, size, color: INK });
}

function rule(page: PDFPage, top: number) {
  page.drawLine({ start: { x: MARGIN, y: HEIGHT - top }, end: { x: WIDTH - MARGIN, y: HEIGHT - top }, thickness: 0.75, color: MUTED });
}

/** The receipt's PDF bytes; `now` sets only the document's creation date. */
export async function drawReceipt(r: Receipt, now: Date = new Date()): Promise<Uint8Array> {
  // Imported here, not at the top: the Lambda ships pdf-lib beside its bundle, and esbuild hoists an
  // external package's static import to the bundle's top (functions/providers/carrier/sandbox-label.ts).
  const { grayscale, PDFDocument, StandardFonts } = await import('pdf-lib');
  INK = grayscale(0.1);
  MUTED = grayscale(0.35);
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(`Receipt ${r.number}`);
  pdf.setAuthor(winAnsiSafe(r.seller.name));
  pdf.setCreator('PrepaidShip');
  pdf.setProducer('PrepaidShip');
  pdf.setCreationDate(now);
  pdf.setModificationDate(now);
  const page = pdf.addPage([WIDTH, HEIGHT]);
  const fonts: Fonts = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  const half = CONTENT_W / 2;
  const right = { x: MARGIN + half, maxWidth: half, align: 'right' as const };

  text(page, 'RECEIPT', { x: MARGIN, top: MARGIN + 20, font: fonts.bold, size: 24, maxWidth: half });
  text(page, `Receipt number ${r.number}`, { ...right, top: MARGIN + 12, font: fonts.regular, size: 10 });
  text(page, `Date ${receiptDate(r.completedAt)}`, { ...right, top: MARGIN + 26, font: fonts.regular, size: 10 });

  let top = MARGIN + 52;
  text(page, r.seller.name, { x: MARGIN, top, font: fonts.bold, size: 12, maxWidth: CONTENT_W });
  for (const line of r.seller.addressLines) {
    top += 15;
    text(page, line, { x: MARGIN, top, font: fonts.regular, size: 10, maxWidth: CONTENT_W });
  }
  top += 28;
  text(page, 'Billed to', { x: MARGIN, top, font: fonts.bold, size: 10, maxWidth: CONTENT_W });
  top += 15;
  text(page, `${r.customer.name} <${r.customer.email}>`, { x: MARGIN, top, font: fonts.regular, size: 10, maxWidth: CONTENT_W });

  top += 22;
  rule(page, top);
  top += 26;
  text(page, r.title, { x: MARGIN, top, font: fonts.bold, size: 16, maxWidth: CONTENT_W });
  for (const [label, value] of r.details) {
    top += 18;
    text(page, label, { x: MARGIN, top, font: fonts.regular, size: 10, maxWidth: 110 });
    text(page, value, { x: MARGIN + 120, top, font: fonts.regular, size: 10, maxWidth: CONTENT_W - 120 });
  }

  top += 22;
  rule(page, top);
  const totals: [string, string, boolean][] = [
    [r.amountLabel, formatUsd(Math.abs(r.amountCents)), true],
    ['Payment method', r.paymentMethod, false],
    ['Balance after', formatUsd(r.balanceAfterCents), false],
  ];
  for (const [label, value, strong] of totals) {
    top += 22;
    const font = strong ? fonts.bold : fonts.regular;
    text(page, label, { x: MARGIN, top, font, size: 12, maxWidth: half });
    text(page, value, { ...right, top, font, size: 12 });
  }

  top += 40;
  text(page, 'Amounts in US dollars. Dates and times in US Eastern time (ET).', { x: MARGIN, top, font: fonts.regular, size: 9, maxWidth: CONTENT_W });
  text(page, '"Balance after" is the wallet balance available to spend right after this transaction.', {
    x: MARGIN,
    top: top + 13,
    font: fonts.regular,
    size: 9,
    maxWidth: CONTENT_W,
  });
  return pdf.save();
}
