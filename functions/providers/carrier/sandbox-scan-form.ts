/**
 * The sandbox carrier's SCAN form: a one-page US Letter PDF laid out like USPS's PS 5630 (Shipment
 * Confirmation Acceptance Notice), drawn with pdf-lib and marked SAMPLE:
 *
 *   PS Form 5630 title, the mailer (the origin), the ship date and the number of pieces
 *   a Code 128 barcode of the form's id (bwip-js), the one sheet the carrier scans
 *   every tracking number on the form, in three columns
 *
 * pdf-lib and bwip-js are imported where a form is drawn, as for the label (./sandbox-label.ts).
 */
import type { PDFFont, PDFPage } from 'pdf-lib';
import type { ScanFormRequest } from './carrier';
import { formatTracking } from './tracking-number';
import { SAMPLE_MARK, winAnsiSafe } from './sandbox-label';

/** US Letter in PDF points. */
const PAGE_W = 612;
const PAGE_H = 792;
const MARGIN = 48;

/** The form's barcode: Code 128 of its id, bars only (the id is printed under it). */
async function formBarcodePng(text: string): Promise<Uint8Array> {
  const { toBuffer } = await import('bwip-js/node');
  const png = await toBuffer({ bcid: 'code128', text, scale: 3, height: 14, includetext: false, backgroundcolor: 'FFFFFF' });
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}

/** The form of `request` with the sandbox's form id `formRef`, dated `now`. */
export async function drawSandboxScanForm(request: ScanFormRequest, formRef: string, now: Date): Promise<Uint8Array> {
  const barcodePng = await formBarcodePng(formRef);
  const { PDFDocument, StandardFonts, grayscale } = await import('pdf-lib');
  const black = grayscale(0);
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(`USPS PS Form 5630 ${formRef} (SAMPLE)`);
  pdf.setSubject(SAMPLE_MARK);
  pdf.setCreator('PrepaidShip sandbox carrier');
  pdf.setProducer('PrepaidShip');
  pdf.setCreationDate(now);
  pdf.setModificationDate(now);
  const page = pdf.addPage([PAGE_W, PAGE_H]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const text = (p: PDFPage, line: string, top: number, font: PDFFont, size: number, x = MARGIN) =>
    p.drawText(winAnsiSafe(line), { x, y: PAGE_H - top, size, font, color: black });

  text(page, 'USPS PS Form 5630 - Shipment Confirmation Acceptance Notice', MARGIN + 16, bold, 16);
  text(page, SAMPLE_MARK, MARGIN + 36, bold, 12);
  const f = request.from;
  const mailer = [f.name, f.company, f.street, f.street2, `${f.city}, ${f.state} ${f.zip}`].filter((l): l is string => !!l);
  text(page, 'Mailer', MARGIN + 64, bold, 10);
  mailer.forEach((line, i) => text(page, line, MARGIN + 78 + i * 13, regular, 10));
  text(page, `Ship date: ${request.shipDate}`, MARGIN + 64, bold, 10, PAGE_W / 2);
  text(page, `Total pieces: ${request.labels.length}`, MARGIN + 78, bold, 10, PAGE_W / 2);
  text(page, `Form: ${formRef}`, MARGIN + 92, regular, 10, PAGE_W / 2);

  const barcode = await pdf.embedPng(barcodePng);
  const barcodeTop = MARGIN + 150;
  const barcodeW = Math.min(PAGE_W - 2 * MARGIN, barcode.width * 0.75);
  page.drawImage(barcode, { x: (PAGE_W - barcodeW) / 2, y: PAGE_H - barcodeTop - 60, width: barcodeW, height: 60 });
  const idWidth = regular.widthOfTextAtSize(formRef, 10);
  text(page, formRef, barcodeTop + 74, regular, 10, (PAGE_W - idWidth) / 2);

  const listTop = barcodeTop + 104;
  text(page, 'USPS tracking numbers on this form', listTop, bold, 10);
  const columnW = (PAGE_W - 2 * MARGIN) / 3;
  const perColumn = Math.ceil(request.labels.length / 3);
  request.labels.forEach((label, i) => {
    const column = Math.floor(i / perColumn);
    text(page, formatTracking(label.tracking), listTop + 16 + (i % perColumn) * 12, regular, 8, MARGIN + column * columnW);
  });
  return pdf.save({ useObjectStreams: false });
}
