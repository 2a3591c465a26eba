/**
 * What ships beside a Lambda's bundle, to keep out of its cold start: the packages loaded on first
 * use are external to the bundle, and the functions whose code imports them get them beside it,
 * one esbuild file per import, where Node resolves the bare specifier. These tests run the very
 * shell commands NodejsFunction runs after bundling, in a scratch asset directory, and check that
 * the code's imports resolve there to modules with the package's exports that work; and that the
 * stack's reading of the code gives each function what it imports and nothing else.
 */
import { execFileSync, execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../domain/api/routes';
import { moduleUsage } from '../../infra/handler-usage';
import { besideBundleCommands, LAMBDA_BUNDLING, SHIPPED_BESIDE } from '../../infra/lambda-bundling';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const IMPORTS = ['@easypost/api', '@resvg/resvg-wasm', 'bwip-js/node', 'pdf-lib', 'stripe'];
const RASTER_FILES = ['node_modules/@resvg/resvg-wasm/index_bg.wasm', 'node_modules/bwip-js/fonts/OCRB7.ttf'];

let asset: string;
/**
 * Runs `body` (ES module code) in a fresh node from the asset directory, as the bundle there would
 * run: Node's own resolution from the asset's node_modules, nothing above it. Its JSON output.
 */
const runBeside = (body: string): unknown => {
  const probe = join(asset, 'probe.mjs');
  writeFileSync(probe, body);
  return JSON.parse(execFileSync(process.execPath, [probe], { cwd: asset, encoding: 'utf8' })) as unknown;
};
const named = (names: string[]) => names.filter((k) => k !== 'default' && k !== '__esModule').sort();

beforeAll(() => {
  // Outside the project, so nothing resolves from its node_modules by accident.
  asset = mkdtempSync(join(tmpdir(), 'prepaidship-beside-'));
  for (const command of besideBundleCommands(ROOT, asset, { imports: IMPORTS, files: ['domain/zip-table.json', ...RASTER_FILES] })) {
    execSync(command, { cwd: ROOT, shell: '/bin/bash', stdio: 'pipe' });
  }
}, 60_000);
afterAll(() => rmSync(asset, { recursive: true, force: true }));

describe('besideBundleCommands', () => {
  it('keeps the shipped packages out of every bundle', () => {
    expect(LAMBDA_BUNDLING.externalModules).toEqual(expect.arrayContaining([...SHIPPED_BESIDE]));
  });

  it.each(IMPORTS)('ships %s as one module beside the bundle, with the named exports of the package itself', async (specifier) => {
    const shipped = runBeside(
      `const m = await import(${JSON.stringify(specifier)}); console.log(JSON.stringify({ url: import.meta.resolve(${JSON.stringify(specifier)}), names: Object.keys(m), defaultType: typeof m.default }));`,
    ) as { url: string; names: string[]; defaultType: string };
    expect(fileURLToPath(shipped.url).startsWith(join(asset, 'node_modules'))).toBe(true);
    const real = (await import(specifier)) as Record<string, unknown>;
    // A CommonJS entry (pdf-lib's `main`) adds `default` and `__esModule`; the code uses named exports
    // and, for Stripe and EasyPost, the default (the client class).
    expect(named(shipped.names)).toEqual(named(Object.keys(real)));
    if (specifier === 'stripe' || specifier === '@easypost/api') expect(shipped.defaultType).toBe('function');
  });

  it('ships modules that work: a PDF drawn with the shipped pdf-lib and a barcode from the shipped bwip-js', () => {
    const made = runBeside(`
      const { PDFDocument } = await import('pdf-lib');
      const pdf = await PDFDocument.create();
      pdf.addPage([288, 432]);
      const { toBuffer } = await import('bwip-js/node');
      const png = await toBuffer({ bcid: 'code128', text: '9400111201080000000000' });
      console.log(JSON.stringify({ pdf: Buffer.from(await pdf.save()).subarray(0, 5).toString(), png: png.subarray(1, 4).toString() }));
    `);
    expect(made).toEqual({ pdf: '%PDF-', png: 'PNG' });
  });

  it("ships an EasyPost client that makes its requests (superagent's CommonJS inside the ES module)", () => {
    const answered = runBeside(`
      const { createServer } = await import('node:http');
      const server = createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'shp_1', path: req.url })));
      await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { default: EasyPost } = await import('@easypost/api');
      const client = new EasyPost('key', { baseUrl: 'http://127.0.0.1:' + server.address().port + '/v2/' });
      const shipment = await client.Shipment.retrieve('shp_1');
      server.close();
      console.log(JSON.stringify({ id: shipment.id, path: shipment.path }));
    `);
    expect(answered).toEqual({ id: 'shp_1', path: '/v2/shipments/shp_1' });
  });

  it('ships a rasterizer that works from the files beside it: an SVG with text to a 4x6 PNG at 203 dpi', () => {
    const made = runBeside(`
      const { readFile } = await import('node:fs/promises');
      const { initWasm, Resvg } = await import('@resvg/resvg-wasm');
      await initWasm(await readFile('index_bg.wasm'));
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 288 432"><text x="10" y="40" font-size="20">SAMPLE</text></svg>';
      const png = new Resvg(svg, { fitTo: { mode: 'width', value: 812 }, background: '#fff', font: { fontBuffers: [await readFile('OCRB7.ttf')], defaultFontFamily: 'OCRB' } }).render();
      const bytes = png.asPng();
      console.log(JSON.stringify({ width: png.width, height: png.height, png: Buffer.from(bytes.subarray(1, 4)).toString(), inked: png.pixels.some((v, i) => i % 4 !== 3 && v < 128) }));
    `);
    expect(made).toEqual({ width: 812, height: 1218, png: 'PNG', inked: true });
  });

  it('copies data files next to the bundle under their own name', () => {
    expect(readFileSync(join(asset, 'zip-table.json'), 'utf8')).toBe(readFileSync(join(ROOT, 'domain/zip-table.json'), 'utf8'));
  });
});

describe('what each function gets beside its bundle', () => {
  const usage = moduleUsage(
    ROOT,
    routes.map((r) => `handlers/${r.handler}`),
  );
  const beside = (handler: string) => usage.get(`handlers/${handler}`)!.beside;

  it('gives the packages to the routes that draw, take card payments or reach EasyPost, as their code imports them', () => {
    expect(beside('shipping/create-label').imports).toEqual(['@easypost/api', 'bwip-js/node', 'pdf-lib', 'stripe']);
    expect(beside('receipts/get-receipt').imports).toEqual(['pdf-lib']);
    // A card label is priced from its quote, and an expired quote is quoted again through the carrier, whose sandbox draws labels.
    expect(beside('payments/create-checkout-session').imports).toEqual(['@easypost/api', 'bwip-js/node', 'pdf-lib', 'stripe']);
    expect(beside('shipping/quote-rates').imports).toEqual(['@easypost/api', 'bwip-js/node', 'pdf-lib']);
    // The address check reaches EasyPost when it is the carrier, and reads the ZIP table otherwise.
    expect(beside('addresses/verify-address')).toEqual({ imports: ['@easypost/api'], files: ['domain/zip-table.json'] });
    // A label download may make a PNG: resvg and its wasm and font go with it, and with nothing else.
    expect(beside('shipping/download-order')).toEqual({
      imports: ['@easypost/api', '@resvg/resvg-wasm', 'bwip-js/node', 'pdf-lib'],
      files: ['node_modules/@resvg/resvg-wasm/index_bg.wasm', 'node_modules/bwip-js/fonts/OCRB7.ttf'],
    });
  });

  it('gives the ZIP table to the address check only, and the rasterizer files to the label download only', () => {
    expect(beside('addresses/verify-address').files).toEqual(['domain/zip-table.json']);
    const others = routes.filter((r) => !['addresses/verify-address', 'shipping/download-order'].includes(r.handler) && beside(r.handler).files.length > 0);
    expect(others).toEqual([]);
    const rasterizing = routes.filter((r) => beside(r.handler).imports.includes('@resvg/resvg-wasm')).map((r) => r.handler);
    expect(rasterizing).toEqual(['shipping/download-order']);
  });

  it('gives nothing to a route that neither draws nor pays by card', () => {
    expect(beside('auth/get-profile')).toEqual({ imports: [], files: [] });
    expect(beside('payments/hoodpay-webhook')).toEqual({ imports: [], files: [] });
  });

  it('never ships a path that does not exist', () => {
    for (const r of routes) for (const file of beside(r.handler).files) expect(existsSync(join(ROOT, file))).toBe(true);
  });
});
