/** The letter layout read back with pdf-lib: letter pages, two 4x6 labels a page placed at their own size, cut lines. */
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { letterLayout } from '../../../functions/labels/letter-layout';

/** A PDF of `n` 4x6 pages, each with a frame (pdf-lib cannot embed a page without content). */
async function fourBySix(n: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < n; i++) doc.addPage([288, 432]).drawRectangle({ x: 10, y: 10, width: 268, height: 412, borderWidth: 2 });
  return doc.save();
}

/** The form XObjects each page draws, and its content stream text. */
async function pagesOf(pdf: Uint8Array) {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((page) => {
    const xObjects = page.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    const text = streams.map((s) => (s instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(s).decode()).toString('latin1') : '')).join('\n');
    return { size: [page.getWidth(), page.getHeight()], forms: xObjects?.keys().length ?? 0, text };
  });
}

describe('letterLayout', () => {
  it.each([1, 2, 3, 500])('lays %i labels on ceil(n / 2) letter pages, two a page', async (n) => {
    const pages = await pagesOf(await letterLayout(await fourBySix(n)));
    expect(pages).toHaveLength(Math.ceil(n / 2));
    for (const [i, page] of pages.entries()) {
      expect(page.size).toEqual([612, 792]);
      expect(page.forms).toBe(i === pages.length - 1 && n % 2 === 1 ? 1 : 2);
    }
  });

  it('places each label at its own 4x6 size, side by side and centred, inside dashed cut lines', async () => {
    const [page] = await pagesOf(await letterLayout(await fourBySix(2)));
    // pdf-lib places an embedded page with `cm` (scale 1, translate x y) then `Do`.
    const placed = [...page!.text.matchAll(/q\s*1 0 0 1 ([\d.]+) ([\d.]+) cm[^Q]*?\/\S+ Do/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(placed).toEqual([
      [12, 180],
      [312, 180],
    ]);
    expect(page!.text).toMatch(/\[4 3\] 0 d/);
    expect(page!.text.match(/ l\b/g)?.length).toBe(8);
  });
});
