/**
 * Figures for the landing page `/` (issue 7): the gzipped JavaScript the browser must load before it
 * can render anything, and Lighthouse's performance score with its mobile and desktop presets.
 * `npm run bench` calls both; `npx tsx bench/landing.ts` runs only these. Run `npm run build` first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse';
import { freePort } from '../infra/local/dynamodb-local';

const ROOT = resolve(import.meta.dirname, '..');
const DIST_INDEX = join(ROOT, 'dist/index.html');
const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;

/** Scripts in dist/index.html: the entry and its modulepreloads, fetched before `/` can render. */
function initialScripts(): string[] {
  const html = readFileSync(DIST_INDEX, 'utf8');
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
}

/** Prints the raw and gzipped size of the entry chunk plus its modulepreloads (issue 7's budget: 150 kB gzip). */
export function initialJs(): void {
  if (!existsSync(DIST_INDEX)) return console.log('initial JS for /: skipped (run `npm run build` first)');
  const files = initialScripts();
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const data = readFileSync(join(ROOT, 'dist', f));
    raw += data.length;
    gz += gzipSync(data, { level: 9 }).length;
  }
  console.log(`initial JS for / (entry + modulepreload, ${files.length} files): ${kB(raw)} raw, ${kB(gz)} gzip`);
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
async function startServe(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'prepaidship-bench-landing-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'infra/local/start.ts'), '--static'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ADMIN_PASSWORD: 'Bench-Admin-Pass1!', LOG_LEVEL: 'warn' },
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

function summary(preset: string, lhr: Result): string {
  const score = lhr.categories.performance?.score;
  const scripts = lhr.audits['resource-summary']?.details;
  const scriptBytes = scripts?.type === 'table' ? (scripts.items.find((i) => i.resourceType === 'script')?.transferSize as number | undefined) : undefined;
  return (
    `Lighthouse ${preset} performance for /: ${score == null ? '?' : Math.round(score * 100)}` +
    ` (FCP ${ms(lhr, 'first-contentful-paint')}, LCP ${ms(lhr, 'largest-contentful-paint')},` +
    ` TBT ${ms(lhr, 'total-blocking-time')}, CLS ${lhr.audits['cumulative-layout-shift']?.numericValue?.toFixed(3) ?? '?'},` +
    ` SI ${ms(lhr, 'speed-index')}; scripts transferred ${scriptBytes === undefined ? '?' : kB(scriptBytes)})`
  );
}

/**
 * Lighthouse 12's performance score for `/` with the mobile (default) and desktop presets, against
 * the built dist/ served by the real local front (API and DynamoDB Local included, so the labels
 * counter answers). Everything started here is stopped here. The local front sends files
 * uncompressed (CloudFront compresses them), so "scripts transferred" is the raw size and the scores
 * are lower than the deployed site's.
 */
export async function lighthouseScores(): Promise<void> {
  if (!existsSync(DIST_INDEX)) return console.log('Lighthouse for /: skipped (run `npm run build` first)');
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromePath)) return console.log(`Lighthouse for /: skipped (no browser at ${chromePath}; apt-get install -y chromium)`);

  const front = await startServe();
  let chrome: LaunchedChrome | undefined;
  try {
    chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    const url = `${front.url}/`;
    await audit(chrome, url); // warm: the front's first requests load the handler modules
    console.log(summary('mobile', await audit(chrome, url)));
    console.log(summary('desktop', await audit(chrome, url, desktopConfig)));
  } finally {
    chrome?.kill();
    await front.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  initialJs();
  await lighthouseScores();
}
