/**
 * Per-Lambda bundle size and cold-start module init time, next to an empty handler built the same
 * way (the floor) and to issue 19's budgets: how much each route's code and dependencies cost before
 * its first request. Bundles are made with esbuild from the very options the stack gives
 * NodejsFunction (infra/lambda-bundling.ts); init time is the time a fresh `node`, holding what
 * Lambda's runtime loads before a handler (RUNTIME_PRELOAD), takes to import the bundle, median of 5.
 * Run alone: `npx tsx bench/lambdas.ts`.
 *
 * Budgets (issue 19, part 2): init at most 40 ms and the minified bundle at most 400 kB for a route
 * without PDF or Stripe work; init at most 60 ms (no size budget) for a route with it. Which class a
 * route is in is read from what its code reaches: pdf-lib, bwip-js or the Stripe SDK imported (they
 * are external and shipped beside the bundle, infra/lambda-bundling.ts, so the import is what shows
 * it) or any of their bytes inlined. The size is the bundle's; what ships beside it is loaded only
 * on first use and is listed, not counted.
 */
import { build, type Metafile } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { routes } from '../domain/api/routes';
import { esbuildOptionsOf, isShippedBeside, LAMBDA_BUNDLING } from '../infra/lambda-bundling';

const ROOT = resolve(import.meta.dirname, '..');
const RUNS = 5;

/** Issue 19's budgets by class. */
export const LAMBDA_BUDGETS = {
  plain: { initMs: 40, bytes: 400 * 1024 },
  'pdf/stripe': { initMs: 60, bytes: undefined },
} as const;
export type LambdaClass = keyof typeof LAMBDA_BUDGETS;

/** The packages whose presence in a bundle puts its route in the PDF/Stripe class. */
const HEAVY_PACKAGES = ['pdf-lib', 'bwip-js', 'stripe'];

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

/** Builds `entry` as the stack does (node20 syntax so this machine's node runs it); its metafile. */
async function bundle(entry: string, outfile: string): Promise<Metafile> {
  const result = await build({ ...esbuildOptionsOf(LAMBDA_BUNDLING, 'node20'), entryPoints: [entry], outfile, metafile: true, logLevel: 'silent' });
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

/** Milliseconds a fresh node process, started as Lambda's runtime starts, spends importing `file` (median of RUNS). */
function initTime(file: string, warm: string): number {
  const script = `${RUNTIME_PRELOAD} await import(${JSON.stringify(pathToFileURL(warm).href)}); const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); console.log(performance.now() - t);`;
  const times = Array.from({ length: RUNS }, () =>
    Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: ENV, encoding: 'utf8' }).trim()),
  ).sort((a, b) => a - b);
  return times[Math.floor(RUNS / 2)] as number;
}

export interface LambdaFigure {
  route: string;
  bytes: number;
  gzipBytes: number;
  initMs: number;
  kind: LambdaClass;
  /** Packages the code imports that ship beside the bundle (loaded on first use, not at init). */
  beside: string[];
}

export interface LambdaFigures {
  floor: LambdaFigure;
  lambdas: LambdaFigure[];
  /** The 1-minute load average before and after the run: init times are wall clock, so a busy machine inflates them. */
  load: { before: number; after: number };
}

export async function lambdaFigures(): Promise<LambdaFigures> {
  const loadBefore = loadavg()[0] as number;
  const dir = mkdtempSync(join(tmpdir(), 'prepaidship-bench-lambdas-'));
  try {
    // Stands for the runtime's own index.mjs (see RUNTIME_PRELOAD).
    const warm = join(dir, 'runtime.mjs');
    writeFileSync(warm, 'export const runtime = true;\n');
    const measure = async (route: string, entry: string, name: string): Promise<LambdaFigure> => {
      const out = join(dir, `${name}.mjs`);
      const { kind, beside } = classOf(await bundle(entry, out));
      return { route, bytes: statSync(out).size, gzipBytes: gzipSync(readFileSync(out)).length, initMs: initTime(out, warm), kind, beside };
    };
    const emptyEntry = join(dir, 'empty.ts');
    writeFileSync(emptyEntry, 'export const handler = async () => ({ statusCode: 200, body: "" });\n');
    const floor = await measure('(empty handler)', emptyEntry, 'empty');
    const lambdas: LambdaFigure[] = [];
    for (const r of routes) {
      lambdas.push(await measure(`${r.method} ${r.path}`, join(ROOT, 'functions/handlers', `${r.handler}.ts`), r.handler.replace('/', '__')));
    }
    return { floor, lambdas, load: { before: loadBefore, after: loadavg()[0] as number } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether `f` is within its class's budgets (size and init). */
export function withinBudget(f: LambdaFigure): { size: boolean; init: boolean } {
  const budget = LAMBDA_BUDGETS[f.kind];
  return { size: budget.bytes === undefined || f.bytes <= budget.bytes, init: f.initMs <= budget.initMs };
}

export function printLambdaFigures({ floor, lambdas, load }: LambdaFigures): void {
  const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  const mark = (ok: boolean) => (ok ? 'ok  ' : 'OVER');
  console.log(
    `Lambda bundles (minified ESM, infra/lambda-bundling.ts) and cold module init (median of ${RUNS} fresh node processes holding what Lambda's runtime loads first: ${RUNTIME_MODULES.join(', ')}); ratio = init / empty handler's (${floor.initMs.toFixed(1)} ms, ${kB(floor.bytes)}).`,
  );
  console.log(`Load average (1 min) ${load.before.toFixed(1)} before, ${load.after.toFixed(1)} after the run: init times are wall clock.`);
  console.log(
    `Budgets (issue 19): plain routes <= ${kB(LAMBDA_BUDGETS.plain.bytes)} and <= ${LAMBDA_BUDGETS.plain.initMs} ms; routes whose code reaches pdf-lib, bwip-js or stripe <= ${LAMBDA_BUDGETS['pdf/stripe'].initMs} ms.`,
  );
  for (const f of lambdas) {
    const budget = LAMBDA_BUDGETS[f.kind];
    const ok = withinBudget(f);
    const size = `${kB(f.bytes).padStart(9)} (budget ${budget.bytes === undefined ? 'none'.padStart(10) : `<= ${kB(budget.bytes)}`}) ${budget.bytes === undefined ? '    ' : mark(ok.size)}`;
    const init = `init ${f.initMs.toFixed(1).padStart(6)} ms x${(f.initMs / floor.initMs).toFixed(1).padEnd(5)} (budget <= ${budget.initMs} ms) ${mark(ok.init)}`;
    const beside = f.beside.length ? `  (beside: ${f.beside.join(', ')})` : '';
    console.log(`  ${f.route.padEnd(46)} ${f.kind.padEnd(10)} ${size}  ${kB(f.gzipBytes).padStart(8)} gzip  ${init}${beside}`);
  }
  const count = (kind: LambdaClass, check: (f: LambdaFigure) => boolean) => {
    const of = lambdas.filter((f) => f.kind === kind);
    return `${of.filter(check).length}/${of.length}`;
  };
  const both = lambdas.filter((f) => withinBudget(f).size && withinBudget(f).init).length;
  console.log(
    `  within budget: ${both} of ${lambdas.length} routes (plain: size ${count('plain', (f) => withinBudget(f).size)}, init ${count('plain', (f) => withinBudget(f).init)}; pdf/stripe: init ${count('pdf/stripe', (f) => withinBudget(f).init)})`,
  );
  const largest = lambdas.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const slowest = lambdas.reduce((a, b) => (b.initMs > a.initMs ? b : a));
  console.log(`  largest: ${largest.route} ${kB(largest.bytes)}; slowest init: ${slowest.route} ${slowest.initMs.toFixed(1)} ms`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printLambdaFigures(await lambdaFigures());
