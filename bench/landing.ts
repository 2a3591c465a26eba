/**
 * Figures for the web pages, each next to its budget: whether the landing page `/` paints with no
 * JavaScript and all the JavaScript it loads, the JavaScript the Shipping Labels page
 * `/user-dashboard` needs on a first visit, and Lighthouse's performance score for `/` with its mobile
 * and desktop presets. `npm run bench` calls them; `npx tsx bench/landing.ts` runs only these.
 *
 * It builds the SPA itself into a temporary folder (`vite build --manifest`: the manifest says which
 * chunks a route's modules import) and serves that build, so the figures are always of the code as it
 * is. Sizes are each file gzipped alone at level 9, as a browser fetches them; CloudFront sends brotli,
 * a little smaller (Lighthouse's "scripts transferred").
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse';
import { computeMedianRun as lighthouseMedianRun } from 'lighthouse/core/lib/median-run.js';
import { freePort } from '../infra/local/dynamodb-local';

const ROOT = resolve(import.meta.dirname, '..');
const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;

/**
 * The pages' budgets. `/` paints from its prerendered HTML and CSS, so no script may block its first
 * paint; it then loads React, Chakra and the page to hydrate, within `landingJsBytes`.
 */
export const BUDGETS = {
  renderBlockingScripts: 0,
  landingJsBytes: 140 * 1024,
  dashboardFirstLoadBytes: 180 * 1024,
  lighthouseMobile: 97,
  lighthouseDesktop: 100,
  cls: 0,
} as const;

const verdict = (ok: boolean) => (ok ? 'within budget' : 'OVER BUDGET');

/** A production build with its manifest in a temporary folder; remove it with `rmSync(dir, { recursive: true })`. */
export function buildForBench(): string {
  const dir = mkdtempSync(join(tmpdir(), 'prepaidship-bench-web-'));
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--manifest', '--outDir', dir, '--emptyOutDir', '--logLevel', 'error'],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  return dir;
}

type Manifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }>;

const gzipSize = (dir: string, file: string) => gzipSync(readFileSync(join(dir, file)), { level: 9 }).length;

/** The chunks a page needs before it can render: an entry and route modules with everything they import statically. */
function staticGraph(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen].map((key) => (manifest[key] as { file: string }).file);
}

/**
 * What `/`'s first paint waits for. Classic scripts without async or defer block it (`blocking`); a
 * module script is deferred by nature and never does, though it may run before the paint when it
 * arrives early, so the entry's modules and what they import statically are counted apart
 * (`mayRunBefore`). What the entry imports only after the paint (web/landing.tsx waits for it) is in
 * neither.
 */
function firstPaintScripts(dir: string, html: string, manifest: Manifest, entry: string): FirstPaintScripts {
  const blocking = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] as string).filter((attrs) => !/\btype="module"|\basync\b|\bdefer\b/.test(attrs));
  const files = staticGraph(manifest, [entry]);
  return {
    stylesInHead: /<style\b[^>]*>[^<]+<\/style>/.test(html.slice(0, html.indexOf('</head>'))),
    blocking: blocking.length,
    mayRunBefore: { files: files.length, bytes: files.reduce((sum, f) => sum + gzipSize(dir, f), 0) },
  };
}

interface FirstPaintScripts {
  /** The page's CSS is inline in its head (web/app/prerender-styles.ts): nothing to fetch or compute before the paint. */
  stylesInHead: boolean;
  blocking: number;
  mayRunBefore: { files: number; bytes: number };
}

export interface ScriptFigures {
  firstPaint: FirstPaintScripts;
  landing: { files: number; bytes: number };
  dashboard: { files: number; bytes: number };
  prerendered: string[];
}

/** The JavaScript figures of the build in `dir` (made by buildForBench). */
export function scriptFigures(dir: string): ScriptFigures {
  const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const total = (files: string[]) => ({ files: files.length, bytes: files.reduce((sum, f) => sum + gzipSize(dir, f), 0) });
  const landingHtml = readFileSync(join(dir, 'index.html'), 'utf8');
  return {
    firstPaint: firstPaintScripts(dir, landingHtml, manifest, 'landing.html'),
    // Once the page is painted, the landing entry always imports the hydrating app (web/landing.tsx):
    // what it imports dynamically is loaded on every visit too.
    landing: total(staticGraph(manifest, ['landing.html', ...(manifest['landing.html']?.dynamicImports ?? [])])),
    dashboard: total(staticGraph(manifest, ['index.html', 'app/layouts/dashboard-layout.tsx', 'features/labels/pages/labels-page.tsx'])),
    prerendered: ['index.html', 'login.html', 'signup.html', 'forgot-password.html'].filter((f) =>
      /<div id="root">(?:<!--[^>]*-->)*<[a-z]/.test(readFileSync(join(dir, f), 'utf8')),
    ),
  };
}

export function printScriptFigures(f: ScriptFigures): void {
  const { firstPaint, landing, dashboard } = f;
  console.log(`prerendered pages (content in the HTML, what a crawler reads): ${f.prerendered.join(', ') || 'none'}`);
  const prerendered = f.prerendered.includes('index.html') && firstPaint.stylesInHead;
  const paintsWithoutJs = prerendered && firstPaint.blocking <= BUDGETS.renderBlockingScripts;
  console.log(
    `first paint of /: ${paintsWithoutJs ? 'needs no JavaScript' : 'NEEDS JavaScript'} (prerendered with its CSS: ${prerendered ? 'yes' : 'no'}; render-blocking scripts: ${firstPaint.blocking}, budget ${BUDGETS.renderBlockingScripts}; the deferred module entry and its static imports, ${kB(firstPaint.mayRunBefore.bytes)} gzip in ${firstPaint.mayRunBefore.files} files, import the rest after the paint): ${verdict(paintsWithoutJs)}`,
  );
  console.log(
    `all JavaScript / loads: ${kB(landing.bytes)} gzip in ${landing.files} files (budget <= ${kB(BUDGETS.landingJsBytes)}): ${verdict(landing.bytes <= BUDGETS.landingJsBytes)}`,
  );
  console.log(
    `JavaScript of a first visit to /user-dashboard (entry, dashboard layout, Shipping Labels page): ${kB(dashboard.bytes)} gzip in ${dashboard.files} files (budget <= ${kB(BUDGETS.dashboardFirstLoadBytes)}): ${verdict(dashboard.bytes <= BUDGETS.dashboardFirstLoadBytes)}`,
  );
}

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * `npm run serve` on a free port with a throwaway data folder, in a child process: the handlers
 * bind their DynamoDB client at module load, so a second local environment inside this process
 * (after run-all's API bench) would leave them pointing at a DynamoDB Local that has stopped.
 */
async function startServe(distDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'prepaidship-bench-landing-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'infra/local/start.ts'), '--static'], {
    cwd: ROOT,
    env: { ...process.env, DIST_DIR: distDir, PORT: String(port), DATA_DIR: dataDir, ADMIN_PASSWORD: 'Bench-Admin-Pass1!', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((res) => child.once('exit', () => res()));
  const stop = async () => {
    // start.ts stops DynamoDB Local's java process on SIGTERM before it exits.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  let output = '';
  try {
    const url = await new Promise<string>((res, rej) => {
      const timer = setTimeout(() => rej(new Error(`the local front did not start within 60 s:\n${output}`)), 60_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const found = /PrepaidShip is running at (\S+)/.exec(output);
        if (found) {
          clearTimeout(timer);
          res(found[1] as string);
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      void exited.then(() => {
        clearTimeout(timer);
        rej(new Error(`the local front exited:\n${output}`));
      });
    });
    return { url, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

const ms = (lhr: Result, audit: string) => {
  const value = lhr.audits[audit]?.numericValue;
  return value === undefined ? '?' : `${Math.round(value)} ms`;
};

/** One Lighthouse run of `url` (performance only): the score and the metrics it is made of. */
async function audit(chrome: LaunchedChrome, url: string, config?: Config): Promise<Result> {
  const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, config);
  if (!result) throw new Error('Lighthouse returned no result');
  return result.lhr;
}

// Its .d.ts names the runs through Lighthouse's global LH namespace, which this project does not load.
const computeMedianRun = lighthouseMedianRun as unknown as (runs: Result[]) => Result;

/** Lighthouse's scores move by several points between runs on a shared machine: each preset runs this often. */
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

const scoreOf = (lhr: Result) => {
  const score = lhr.categories.performance?.score;
  return score == null ? undefined : Math.round(score * 100);
};

/** LIGHTHOUSE_RUNS runs of one preset and the median one, chosen as Lighthouse's own tooling does (by FCP and TTI). */
async function medianAudit(chrome: LaunchedChrome, url: string, config?: Config): Promise<{ median: Result; scores: (number | undefined)[] }> {
  const runs: Result[] = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await audit(chrome, url, config));
  return { median: computeMedianRun(runs), scores: runs.map(scoreOf) };
}

function summary(preset: string, { median: lhr, scores }: { median: Result; scores: (number | undefined)[] }, budget: number): string {
  const rounded = scoreOf(lhr);
  const cls = lhr.audits['cumulative-layout-shift']?.numericValue;
  const scripts = lhr.audits['resource-summary']?.details;
  const scriptBytes = scripts?.type === 'table' ? (scripts.items.find((i) => i.resourceType === 'script')?.transferSize as number | undefined) : undefined;
  return (
    `Lighthouse ${preset} performance for /, median of ${scores.length} runs (${scores.map((x) => x ?? '?').join(', ')}): ${rounded ?? '?'} (budget >= ${budget}): ${verdict(rounded !== undefined && rounded >= budget)};` +
    ` CLS ${cls?.toFixed(3) ?? '?'} (budget ${BUDGETS.cls}): ${verdict(cls === BUDGETS.cls)}` +
    ` (FCP ${ms(lhr, 'first-contentful-paint')}, LCP ${ms(lhr, 'largest-contentful-paint')},` +
    ` TBT ${ms(lhr, 'total-blocking-time')}, SI ${ms(lhr, 'speed-index')}; scripts transferred ${scriptBytes === undefined ? '?' : kB(scriptBytes)})`
  );
}

/**
 * Lighthouse 12's performance score for `/` with the mobile (default, a 375-px-class phone) and
 * desktop presets, the median of LIGHTHOUSE_RUNS runs each (3 unless set), against the build in `dir` served by the real local front (API and DynamoDB
 * Local included, so the labels counter answers; text compressed like CloudFront). Everything
 * started here is stopped here.
 */
export async function lighthouseScores(dir: string): Promise<void> {
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromePath)) return console.log(`Lighthouse for /: skipped (no browser at ${chromePath}; apt-get install -y chromium)`);

  const front = await startServe(dir);
  let chrome: LaunchedChrome | undefined;
  try {
    chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    const url = `${front.url}/`;
    await audit(chrome, url); // warm: the front's first requests load the handler modules
    console.log(summary('mobile', await medianAudit(chrome, url), BUDGETS.lighthouseMobile));
    console.log(summary('desktop', await medianAudit(chrome, url, desktopConfig), BUDGETS.lighthouseDesktop));
  } finally {
    chrome?.kill();
    await front.stop();
  }
}

/** Everything above on a fresh build. */
export async function webFigures(): Promise<void> {
  const dir = buildForBench();
  try {
    printScriptFigures(scriptFigures(dir));
    await lighthouseScores(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await webFigures();
