/**
 * PNG labels: an SVG drawn at 4x6 inches rasterized to a printer's resolution, or a carrier's PNG
 * brought to it, with resvg (@resvg/resvg-wasm: WebAssembly, so the same build runs on the arm64
 * Lambda and on any laptop, with no native binary per platform). Text is set in OCR-B, the font
 * bwip-js ships for barcode text (no system fonts are read: a Lambda has none).
 *
 * In a Lambda the wasm and the font are copied beside the bundle (infra/handler-usage.ts,
 * FILES_READ_BY_MODULE) and read from LAMBDA_TASK_ROOT; run from source they are read from
 * node_modules. Both are loaded on the first PNG only, like pdf-lib on the first PDF.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pngSizeAt, type PngDpi } from '../../../domain/label-formats';

/** The files beside a Lambda's bundle, by the names they are copied under. */
export const RASTER_WASM_FILE = 'index_bg.wasm';
export const RASTER_FONT_FILE = 'OCRB7.ttf';
/** The font's family name inside the file: the default, so an SVG that names no font is set in it. */
export const RASTER_FONT_FAMILY = 'OCRB';

const fileOf = (name: string, fromSource: string): string =>
  process.env.LAMBDA_TASK_ROOT ? join(process.env.LAMBDA_TASK_ROOT, name) : fileURLToPath(new URL(`../../../${fromSource}`, import.meta.url));

type Resvg = typeof import('@resvg/resvg-wasm');
let loading: Promise<{ resvg: Resvg; font: Uint8Array }> | undefined;

/** resvg with its wasm started (once per process: initWasm refuses a second start) and the font read. */
const loaded = () =>
  (loading ??= (async () => {
    // Imported here, not at the top: the Lambda ships it beside its bundle (infra/lambda-bundling.ts).
    const resvg = await import('@resvg/resvg-wasm');
    const [wasm, font] = await Promise.all([
      readFile(fileOf(RASTER_WASM_FILE, 'node_modules/@resvg/resvg-wasm/index_bg.wasm')),
      readFile(fileOf(RASTER_FONT_FILE, 'node_modules/bwip-js/fonts/OCRB7.ttf')),
    ]);
    await resvg.initWasm(wasm);
    return { resvg, font: new Uint8Array(font) };
  })().catch((err: unknown) => {
    loading = undefined;
    throw err;
  }));

/** The SVG (of a 4x6 label, any viewBox of that shape) as a PNG of exactly 4x6 inches at `dpi`. */
export async function svgToPng(svg: string, dpi: PngDpi): Promise<Uint8Array> {
  const { resvg, font } = await loaded();
  const renderer = new resvg.Resvg(svg, {
    fitTo: { mode: 'width', value: pngSizeAt(dpi).width },
    // Crisp edges: bars and boxes land on whole pixels, as a thermal printer prints them (and faster than anti-aliasing).
    shapeRendering: 1,
    background: '#ffffff',
    font: { fontBuffers: [font], defaultFontFamily: RASTER_FONT_FAMILY },
  });
  const image = renderer.render();
  try {
    return image.asPng();
  } finally {
    image.free();
    renderer.free();
  }
}

/** A 4x6 PNG (a carrier's, at its own resolution) scaled to exactly 4x6 inches at `dpi`; as it is when it already is. */
export async function pngAt(png: Uint8Array, dpi: PngDpi): Promise<Uint8Array> {
  const { width, height } = pngSizeAt(dpi);
  const size = pngSize(png);
  if (size?.width === width && size.height === height) return png;
  const href = `data:image/png;base64,${Buffer.from(png).toString('base64')}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><image width="${width}" height="${height}" preserveAspectRatio="none" xlink:href="${href}"/></svg>`;
  return svgToPng(svg, dpi);
}

/** A PNG's pixel size from its header, or undefined when the bytes are not a PNG. */
export function pngSize(png: Uint8Array): { width: number; height: number } | undefined {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.byteLength < 24 || signature.some((b, i) => png[i] !== b)) return undefined;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
