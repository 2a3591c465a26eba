/**
 * Per-Lambda bundle size and cold module init, against an SDK floor: how much each route's code and
 * dependencies cost before its first request, beyond what every route pays for talking to DynamoDB.
 * The floor is a handler bundled the same way that only creates a DynamoDBDocumentClient at module
 * level, so a route's ratio to it is what the route adds to the one client every Lambda makes, and
 * the ratio holds from one machine (and one load) to another where absolute milliseconds do not.
 * Bundles are made with esbuild from the very options the stack gives NodejsFunction
 * (infra/lambda-bundling.ts); init time is the time a fresh `node`, holding what Lambda's runtime
 * loads before a handler (RUNTIME_PRELOAD), takes to import the bundle, median of 5 processes.
 * Run alone: `npx tsx bench/lambdas.ts`.
 *
 * Budgets: every route's minified bundle at most 1 MB; init at most 1.5 times the floor's for a
 * route without PDF or Stripe work, at most 2 times for a route with it. Which class a route is in
 * is read from what its code reaches: pdf-lib, bwip-js, the Stripe SDK or EasyPost's client imported (they are external
 * and shipped beside the bundle, infra/lambda-bundling.ts, so the import is what shows it) or any of
 * their bytes inlined. The size is the bundle's; what ships beside it is loaded only on first use
 * and is listed, not counted.
 */
import { build, type Metafile } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { routes } from '../domain/api/routes';
import { esbuildOptionsOf, isShippedBeside, LAMBDA_BUNDLING } from '../infra/lambda-bundling';

const ROOT = resolve(import.meta.dirname, '..');
const RUNS = 5;

/** The budgets: one bundle size for every route, and init as a multiple of the SDK floor's by class. */
export const LAMBDA_BUDGETS = {
  bytes: 1024 * 1024,
  ratio: { plain: 1.5, 'pdf/stripe': 2 },
} as const;
export type LambdaClass = keyof typeof LAMBDA_BUDGETS.ratio;

/** The packages whose presence in a bundle puts its route in the PDF/Stripe class. */
const HEAVY_PACKAGES = ['pdf-lib', 'bwip-js', 'stripe', '@easypost/api'];

/**
 * The SDK floor's handler: the DynamoDB document client every route makes once per container
 * (functions/data/client.ts), with nothing else. Exported, and read by the handler, so esbuild keeps
 * the client and all the SDK it pulls in.
 */
const SDK_FLOOR_SOURCE = `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
export const db = DynamoDBDocumentClient.from(new DynamoDBClient({}));
export const handler = async () => ({ statusCode: 200, body: String(db !== undefined) });
`;

/**
 * What a Lambda needs in its environment for its modules to load (nothing is called). No
 * NODE_OPTIONS, as the stack gives none: a caller's own (a debugger, --enable-source-maps) would
 * add its cost to every figure.
 */
const ENV = {
  ...process.env,
  NODE_OPTIONS: undefined,
  TABLE_NAME: 'bench',
  AWS_REGION: 'us-east-1',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0',
  LOG_LEVEL: 'silent',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

/**
 * Builds `entry` as the stack does (node20 syntax so this machine's node runs it); its metafile. An
 * entry given as source (the SDK floor's, written in a temporary directory that has no
 * node_modules) resolves its imports from the project root, as a handler's do.
 */
async function bundle(entry: string | { source: string }, outfile: string): Promise<Metafile> {
  const input =
    typeof entry === 'string'
      ? { entryPoints: [entry] }
      : { stdin: { contents: entry.source, loader: 'ts' as const, resolveDir: ROOT, sourcefile: 'sdk-floor.ts' } };
  const result = await build({ ...esbuildOptionsOf(LAMBDA_BUNDLING, 'node20'), ...input, outfile, metafile: true, logLevel: 'silent' });
  return result.metafile;
}

/**
 * The class of the bundle `metafile` describes: PDF/Stripe when any of HEAVY_PACKAGES has bytes in
 * it. The output's inputs, not the metafile's: those list every file esbuild read, also the ones
 * tree-shaking left out whole (a Hoodpay route reads the Stripe provider's module but ships none of it).
 */
function classOf(metafile: Metafile): { kind: LambdaClass; beside: string[] } {
  const outputs = Object.values(metafile.outputs);
  const shipped = outputs.flatMap((output) =>
    Object.entries(output.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([file]) => file),
  );
  const inlined = shipped.some((file) => HEAVY_PACKAGES.some((name) => file.includes(`node_modules/${name}/`)));
  // The externals the output still imports: esbuild lists only those of code that survived tree-shaking.
  const beside = [...new Set(outputs.flatMap((output) => output.imports.filter((i) => i.external && isShippedBeside(i.path)).map((i) => i.path)))].sort();
  return { kind: inlined || beside.length > 0 ? 'pdf/stripe' : 'plain', beside };
}

/**
 * What Lambda's Node.js runtime has loaded before it imports a handler, so a handler's init is
 * counted on top of it, as in AWS: the runtime interface client (aws-lambda-nodejs-runtime-interface-client
 * 3.3, `src/index.mjs` and what it requires: `module` for its `createRequire` banner, `http` for the
 * runtime API client, `net` for response streaming, `util`, `fs`, `path`, `assert`) is itself an ES
 * module file, so the loader has read one before the handler (`warm`). Not `process.stdout`: with the
 * telemetry log fd that Lambda sets, the runtime's console writes with `fs.writeSync`. Nothing else:
 * `https`, `tls`, `crypto`, `stream/web` and the rest stay the handler's cost.
 */
const RUNTIME_MODULES = ['module', 'http', 'net', 'util', 'fs', 'path', 'assert'];
const RUNTIME_PRELOAD = RUNTIME_MODULES.map((m) => `import 'node:${m}';`).join(' ');

/** Milliseconds one fresh node process, started as Lambda's runtime starts, spends importing `file`. */
function initOnce(file: string, warm: string): number {
  const script = `${RUNTIME_PRELOAD} await import(${JSON.stringify(pathToFileURL(warm).href)}); const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); console.log(performance.now() - t);`;
  return Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: ENV, encoding: 'utf8' }).trim());
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/**
 * The medians of RUNS fresh processes importing `file` and as many importing the floor's bundle,
 * taken in turns: a machine whose load changes during the run changes both alike, so the ratio of
 * the two holds where a floor measured once at the start would drift away from later routes.
 */
function pairedInit(file: string, floorFile: string, warm: string): { initMs: number; floorMs: number } {
  const own: number[] = [];
  const floor: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    floor.push(initOnce(floorFile, warm));
    own.push(initOnce(file, warm));
  }
  return { initMs: median(own), floorMs: median(floor) };
}

export interface LambdaFigure {
  route: string;
  bytes: number;
  gzipBytes: number;
  initMs: number;
  /** The floor's init, measured in turns with this bundle's. */
  floorMs: number;
  kind: LambdaClass;
  /** Packages the code imports that ship beside the bundle (loaded on first use, not at init). */
  beside: string[];
}

export interface LambdaFigures {
  /** The SDK floor: a handler that only creates a DynamoDBDocumentClient, bundled and measured as the routes are. */
  floor: LambdaFigure;
  lambdas: LambdaFigure[];
  /**
   * The 1-minute load average before and after the run, and the machine's cores: init times are
   * wall clock, so a busy machine inflates them (the ratios less, as long as the load holds).
   */
  load: { before: number; after: number; cores: number };
}

export async function lambdaFigures(): Promise<LambdaFigures> {
  const loadBefore = loadavg()[0] as number;
  const dir = mkdtempSync(join(tmpdir(), 'prepaidship-bench-lambdas-'));
  try {
    // Stands for the runtime's own index.mjs (see RUNTIME_PRELOAD).
    const warm = join(dir, 'runtime.mjs');
    writeFileSync(warm, 'export const runtime = true;\n');
    const floorFile = join(dir, 'sdk-floor.mjs');
    const measure = async (route: string, entry: string | { source: string }, name: string): Promise<LambdaFigure> => {
      const out = join(dir, `${name}.mjs`);
      const { kind, beside } = classOf(await bundle(entry, out));
      return { route, bytes: statSync(out).size, gzipBytes: gzipSync(readFileSync(out)).length, ...pairedInit(out, floorFile, warm), kind, beside };
    };
    const floor = await measure('(SDK floor: DynamoDBDocumentClient only)', { source: SDK_FLOOR_SOURCE }, 'sdk-floor');
    const lambdas: LambdaFigure[] = [];
    for (const r of routes) {
      lambdas.push(await measure(`${r.method} ${r.path}`, join(ROOT, 'functions/handlers', `${r.handler}.ts`), r.handler.replace('/', '__')));
    }
    return { floor, lambdas, load: { before: loadBefore, after: loadavg()[0] as number, cores: cpus().length } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `f`'s init as a multiple of the SDK floor's, measured in turns with it. */
export const ratioOf = (f: LambdaFigure): number => f.initMs / f.floorMs;

/** Whether `f` is within the size budget and its class's init budget (a ratio to `floor`). */
export function withinBudget(f: LambdaFigure): { size: boolean; init: boolean } {
  return { size: f.bytes <= LAMBDA_BUDGETS.bytes, init: ratioOf(f) <= LAMBDA_BUDGETS.ratio[f.kind] };
}

export function printLambdaFigures({ floor, lambdas, load }: LambdaFigures): void {
  const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  const x = (ratio: number) => `x${ratio.toFixed(2)}`;
  console.log(
    `Lambda bundles (minified ESM, infra/lambda-bundling.ts) and cold module init (median of ${RUNS} fresh node processes holding what Lambda's runtime loads first: ${RUNTIME_MODULES.join(', ')}); ratio = init / the SDK floor's, measured in turns with each route, a handler that only creates a DynamoDBDocumentClient: ${floor.initMs.toFixed(1)} ms, ${kB(floor.bytes)}.`,
  );
  console.log(
    `Budgets: every bundle <= ${kB(LAMBDA_BUDGETS.bytes)}; init <= ${x(LAMBDA_BUDGETS.ratio.plain)} the floor for a plain route, <= ${x(LAMBDA_BUDGETS.ratio['pdf/stripe'])} for one whose code reaches pdf-lib, bwip-js or stripe.`,
  );
  for (const f of lambdas) {
    const ok = withinBudget(f);
    const over = [...(ok.size ? [] : ['size']), ...(ok.init ? [] : ['init'])];
    const verdict = over.length ? `OVER (${over.join(', ')})` : 'ok';
    const init = `init ${f.initMs.toFixed(1).padStart(6)} ms ${x(ratioOf(f)).padEnd(6)} (<= ${x(LAMBDA_BUDGETS.ratio[f.kind])})`;
    const beside = f.beside.length ? `  (beside: ${f.beside.join(', ')})` : '';
    console.log(`  ${f.route.padEnd(46)} ${f.kind.padEnd(10)} ${kB(f.bytes).padStart(9)} ${kB(f.gzipBytes).padStart(8)} gzip  ${init}  ${verdict}${beside}`);
  }
  const count = (kind: LambdaClass, check: (f: LambdaFigure) => boolean) => {
    const of = lambdas.filter((f) => f.kind === kind);
    return `${of.filter(check).length}/${of.length}`;
  };
  const size = (f: LambdaFigure) => withinBudget(f).size;
  const init = (f: LambdaFigure) => withinBudget(f).init;
  const both = lambdas.filter((f) => size(f) && init(f)).length;
  console.log(
    `  within budget: ${both} of ${lambdas.length} routes (size ${lambdas.filter(size).length}/${lambdas.length}; init: plain ${count('plain', init)}, pdf/stripe ${count('pdf/stripe', init)})`,
  );
  const ratios = lambdas.map((f) => ratioOf(f)).sort((a, b) => a - b);
  const largest = lambdas.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const slowest = lambdas.reduce((a, b) => (b.initMs > a.initMs ? b : a));
  console.log(
    `  ratio to the floor: min ${x(ratios[0] as number)}, median ${x(ratios[Math.floor(ratios.length / 2)] as number)}, max ${x(ratios.at(-1) as number)}; largest: ${largest.route} ${kB(largest.bytes)}; slowest init: ${slowest.route} ${slowest.initMs.toFixed(1)} ms`,
  );
  console.log(
    `  machine: ${load.cores} cores, load average (1 min) ${load.before.toFixed(1)} before and ${load.after.toFixed(1)} after the run: init times are wall clock, the floor's included.`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printLambdaFigures(await lambdaFigures());
