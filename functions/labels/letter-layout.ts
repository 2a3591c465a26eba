/**
 * The letter layout: 4x6 label pages laid two to an 8.5x11 page, at their own size (so each still
 * prints as a 4x6 label), side by side and centred, with dashed cut lines around each. The pages are
 * embedded, not drawn again (pdf-lib embedPages: each label's content becomes one form the letter
 * page places), so 500 labels are laid out in one pass over the merged file.
 */

/** US letter in PDF points. */
export const LETTER_WIDTH_PT = 612;
export const LETTER_HEIGHT_PT = 792;

/** Two labels side by side: 2 x 288 pt wide leaves 36 pt, split evenly between the margins and the gap. */
const LABEL_W = 288;
const LABEL_H = 432;
const GAP = (LETTER_WIDTH_PT - 2 * LABEL_W) / 3;
const TOP = (LETTER_HEIGHT_PT - LABEL_H) / 2;

/** The 4x6 pages of `pdf`, two to a letter page; a last odd label is alone on its page. */
export async function letterLayout(pdf: Uint8Array): Promise<Uint8Array> {
  // Imported here, not at the top: the Lambda ships pdf-lib beside its bundle (providers/carrier/sandbox-label.ts says why).
  const { PDFDocument, grayscale } = await import('pdf-lib');
  const source = await PDFDocument.load(pdf);
  const out = await PDFDocument.create();
  out.setTitle(source.getTitle() ?? 'Labels');
  out.setProducer('PrepaidShip');
  const labels = await out.embedPages(source.getPages());
  const cut = { thickness: 0.5, color: grayscale(0.45), dashArray: [4, 3] };
  for (let i = 0; i < labels.length; i += 2) {
    const page = out.addPage([LETTER_WIDTH_PT, LETTER_HEIGHT_PT]);
    for (const [slot, label] of labels.slice(i, i + 2).entries()) {
      const x = GAP + slot * (LABEL_W + GAP);
      // A label page of another size is scaled to fit the 4x6 slot, keeping its shape.
      const scale = Math.min(LABEL_W / label.width, LABEL_H / label.height, 1);
      const width = label.width * scale;
      const height = label.height * scale;
      page.drawPage(label, { x: x + (LABEL_W - width) / 2, y: TOP + (LABEL_H - height) / 2, width, height });
      const [left, right, bottom, top] = [x, x + LABEL_W, TOP, TOP + LABEL_H];
      page.drawLine({ start: { x: left, y: bottom }, end: { x: right, y: bottom }, ...cut });
      page.drawLine({ start: { x: left, y: top }, end: { x: right, y: top }, ...cut });
      page.drawLine({ start: { x: left, y: bottom }, end: { x: left, y: top }, ...cut });
      page.drawLine({ start: { x: right, y: bottom }, end: { x: right, y: top }, ...cut });
    }
  }
  return out.save();
}
