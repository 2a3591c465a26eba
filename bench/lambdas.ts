/**
 * Per-Lambda bundle size and cold-start module init time, next to an empty handler built the same
 * way (the floor): how much each route's code and dependencies cost before its first request.
 * Bundles are made with esbuild using the options infra/constructs/route-function.ts gives
 * NodejsFunction (ESM, minified, AWS SDK bundled, the createRequire banner); init time is the time a
 * fresh `node` takes to import the bundle, median of 5. Run alone: `npx tsx bench/lambdas.ts`.
 */
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { routes } from '../domain/api/routes';

const ROOT = resolve(import.meta.dirname, '..');
const RUNS = 5;

/** What a Lambda needs in its environment for its modules to load (nothing is called). */
const ENV = {
  ...process.env,
  TABLE_NAME: 'bench',
  AWS_REGION: 'us-east-1',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0',
  LOG_LEVEL: 'silent',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

async function bundle(entry: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20', // node22 on Lambda; node20 here so the bundle runs on this machine
    mainFields: ['module', 'main'],
    minify: true,
    sourcemap: 'external',
    sourcesContent: false,
    logLevel: 'silent',
    banner: { js: "import { createRequire as topLevelCreateRequire } from 'node:module'; const require = topLevelCreateRequire(import.meta.url);" },
  });
}

/** Milliseconds a fresh node process spends importing `file` (median of RUNS). */
function initTime(file: string): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); console.log(performance.now() - t);`;
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
}

export async function lambdaFigures(): Promise<{ floor: LambdaFigure; lambdas: LambdaFigure[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'prepaidship-bench-lambdas-'));
  try {
    const measure = async (route: string, entry: string, name: string): Promise<LambdaFigure> => {
      const out = join(dir, `${name}.mjs`);
      await bundle(entry, out);
      return { route, bytes: statSync(out).size, gzipBytes: gzipSync(readFileSync(out)).length, initMs: initTime(out) };
    };
    const emptyEntry = join(dir, 'empty.ts');
    writeFileSync(emptyEntry, 'export const handler = async () => ({ statusCode: 200, body: "" });\n');
    const floor = await measure('(empty handler)', emptyEntry, 'empty');
    const lambdas: LambdaFigure[] = [];
    for (const r of routes) {
      lambdas.push(await measure(`${r.method} ${r.path}`, join(ROOT, 'functions/handlers', `${r.handler}.ts`), r.handler.replace('/', '__')));
    }
    return { floor, lambdas };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printLambdaFigures({ floor, lambdas }: Awaited<ReturnType<typeof lambdaFigures>>): void {
  const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  console.log(`Lambda bundles (minified ESM) and cold module init (median of ${RUNS} fresh node processes); ratio = init / empty handler's:`);
  const row = (f: LambdaFigure) =>
    console.log(
      `  ${f.route.padEnd(46)} ${kB(f.bytes).padStart(9)} (${kB(f.gzipBytes).padStart(8)} gzip)  init ${f.initMs.toFixed(1).padStart(6)} ms  x${(f.initMs / floor.initMs).toFixed(1)}`,
    );
  row(floor);
  for (const f of lambdas) row(f);
  const largest = lambdas.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const slowest = lambdas.reduce((a, b) => (b.initMs > a.initMs ? b : a));
  console.log(`  largest: ${largest.route} ${kB(largest.bytes)}; slowest init: ${slowest.route} ${slowest.initMs.toFixed(1)} ms`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printLambdaFigures(await lambdaFigures());
