/**
 * Reads the text a PDF shows, offline, with pdf-lib alone (no pdftotext in tests): each page's
 * content streams are inflated with pdf-lib's own stream decoder, and the strings of the text-showing
 * operators (`<hex> Tj` as pdf-lib writes them for the standard fonts, and `(literal) Tj`) are
 * decoded as WinAnsi bytes. Enough for our own labels, not a general text extractor.
 */
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFPage } from 'pdf-lib';

const CP1252_EXTRAS: Record<number, string> = {
  0x80: '€',
  0x82: '‚',
  0x83: 'ƒ',
  0x84: '„',
  0x85: '…',
  0x86: '†',
  0x87: '‡',
  0x88: 'ˆ',
  0x89: '‰',
  0x8a: 'Š',
  0x8b: '‹',
  0x8c: 'Œ',
  0x8e: 'Ž',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
  0x98: '˜',
  0x99: '™',
  0x9a: 'š',
  0x9b: '›',
  0x9c: 'œ',
  0x9e: 'ž',
  0x9f: 'Ÿ',
};

const winAnsi = (bytes: number[]): string => bytes.map((b) => CP1252_EXTRAS[b] ?? String.fromCharCode(b)).join('');

function contentBytes(page: PDFPage): Uint8Array[] {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  return streams.filter((s): s is PDFRawStream => s instanceof PDFRawStream).map((s) => decodePDFRawStream(s).decode());
}

/** The content stream operators of every page, as text (for looking at what was drawn). */
export async function pdfContentStreams(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  return doc
    .getPages()
    .flatMap(contentBytes)
    .map((bytes) => Buffer.from(bytes).toString('latin1'));
}

/** Every string shown with Tj, in drawing order. */
export async function pdfTextRuns(pdf: Uint8Array): Promise<string[]> {
  const runs: string[] = [];
  for (const ops of await pdfContentStreams(pdf)) {
    for (const m of ops.matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      if (m[1] !== undefined) {
        const hex = m[1].replace(/\s+/g, '');
        runs.push(winAnsi(hex.match(/../g)?.map((h) => Number.parseInt(h, 16)) ?? []));
      } else {
        runs.push((m[2] ?? '').replace(/\\(.)/g, '$1'));
      }
    }
  }
  return runs;
}
