/**
 * Label formats (docs/decisions/0215-label-formats.md): the time to make each format of one sandbox
 * label, cold (the first, in a fresh process: modules, wasm, font) and warm (median of runs), and of
 * a 500-label batch's merged 4x6 PDF and its letter layout, next to the budgets: 50 ms a label, 30 s
 * a 500-label batch. A label's PNG or ZPL is made once and kept, so its first download pays this
 * once. Prints figures, asserts nothing. `npx tsx bench/label-formats.ts`, or from `npm run bench`.
 */
import { measureInChild, measureWhenRunDirectly } from './child-measure';

const WARM_RUNS = 20;
const BATCH = 500;
export const LABEL_BUDGET_MS = 50;
export const BATCH_BUDGET_MS = 30_000;

interface Timing {
  coldMs: number;
  warmMs: number;
  bytes: number;
}

export interface LabelFormatFigures {
  label: Record<'pdf' | 'letter' | 'png203' | 'png300' | 'zpl', Timing>;
  batch: { mergeMs: number; letterMs: number; pages: number; letterPages: number; mergedBytes: number; letterBytes: number };
}

async function measure(): Promise<LabelFormatFigures> {
  const { PDFDocument } = await import('pdf-lib');
  const { drawSandboxLabel } = await import('../functions/providers/carrier/sandbox-label');
  const { drawSandboxSvg, drawSandboxZpl } = await import('../functions/providers/carrier/sandbox-label-files');
  const { svgToPng } = await import('../functions/providers/carrier/label-raster');
  const { letterLayout } = await import('../functions/labels/letter-layout');
  const { newSandboxTracking } = await import('../functions/providers/carrier/tracking-number');
  const { sampleLabelRequest } = await import('../test/fixtures/label-order');
  const request = sampleLabelRequest;
  const tracking = newSandboxTracking(undefined, request.serviceId);
  const pdf = await drawSandboxLabel(request, tracking);

  async function time(make: () => Promise<Uint8Array | string>): Promise<Timing> {
    let start = performance.now();
    const first = await make();
    const coldMs = performance.now() - start;
    const warm: number[] = [];
    for (let i = 0; i < WARM_RUNS; i++) {
      start = performance.now();
      await make();
      warm.push(performance.now() - start);
    }
    warm.sort((a, b) => a - b);
    return { coldMs, warmMs: warm[Math.floor(warm.length / 2)] as number, bytes: typeof first === 'string' ? Buffer.byteLength(first) : first.byteLength };
  }

  const label = {
    pdf: await time(() => drawSandboxLabel(request, tracking)),
    letter: await time(() => letterLayout(pdf)),
    png203: await time(async () => svgToPng(await drawSandboxSvg(request, tracking), 203)),
    png300: await time(async () => svgToPng(await drawSandboxSvg(request, tracking), 300)),
    zpl: await time(() => Promise.resolve(drawSandboxZpl(request, tracking))),
  };

  // The batch: 500 distinct labels merged as functions/batches/labels-pdf.ts merges them, then laid out on letter pages.
  const labels: Uint8Array[] = [];
  for (let i = 0; i < BATCH; i++) labels.push(await drawSandboxLabel(request, newSandboxTracking(undefined, request.serviceId)));
  let start = performance.now();
  const merged = await PDFDocument.create();
  for (const bytes of labels) {
    const source = await PDFDocument.load(bytes);
    for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
  }
  const mergedBytes = await merged.save();
  const mergeMs = performance.now() - start;
  start = performance.now();
  const letter = await letterLayout(mergedBytes);
  const letterMs = performance.now() - start;
  const letterPages = (await PDFDocument.load(letter)).getPageCount();
  return {
    label,
    batch: { mergeMs, letterMs, pages: merged.getPageCount(), letterPages, mergedBytes: mergedBytes.byteLength, letterBytes: letter.byteLength },
  };
}

export function formatLabelFormatReport(f: LabelFormatFigures): string {
  const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  const row = (name: string, t: Timing) =>
    `  ${name.padEnd(26)} cold ${t.coldMs.toFixed(1).padStart(7)} ms, warm ${t.warmMs.toFixed(1).padStart(6)} ms (budget ${LABEL_BUDGET_MS} ms), ${kB(t.bytes)}`;
  return [
    '',
    `Label formats, one sandbox label (warm: median of ${WARM_RUNS}):`,
    row('pdf (4x6, drawn)', f.label.pdf),
    row('letter (from the 4x6 PDF)', f.label.letter),
    row('png 203 dpi (SVG, resvg)', f.label.png203),
    row('png 300 dpi (SVG, resvg)', f.label.png300),
    row('zpl', f.label.zpl),
    `Label formats, a ${BATCH}-label batch (budget ${BATCH_BUDGET_MS / 1000} s each):`,
    `  pdf merge (4x6 pages)      ${(f.batch.mergeMs / 1000).toFixed(2)} s, ${f.batch.pages} pages, ${kB(f.batch.mergedBytes)}`,
    `  letter (from the merge)    ${(f.batch.letterMs / 1000).toFixed(2)} s, ${f.batch.letterPages} pages, ${kB(f.batch.letterBytes)}`,
  ].join('\n');
}

/** Measures in a fresh child process (cold figures are a first use), prints the report and answers the figures. */
export const labelFormatFigures = (): Promise<LabelFormatFigures> => measureInChild(import.meta.url, formatLabelFormatReport);

await measureWhenRunDirectly(import.meta.url, measure, formatLabelFormatReport);
