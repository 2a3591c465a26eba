/**
 * A local front of a test's own, beside the suite's shared one: its own DynamoDB Local, data folder
 * and port, for tests that need other settings (a carrier stand-in), data seeded before it starts,
 * or figures no other worker's test can move (the admin dashboard's totals). Its API answers go to
 * the run's contract record.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { contractRecordFile, e2eRunDir } from '../../playwright.config';
import { collectConsoleErrors, type Account } from './helpers';

const ROOT = resolve(import.meta.dirname, '../..');

export interface OwnFront {
  url: string;
  stop(): Promise<void>;
}

/**
 * A script run as `node --import tsx <script> <dataDir>` on a front's data folder before the front
 * starts, with `env` added: it starts its own DynamoDB Local on the folder, writes through the real
 * modules, and stops (test/e2e/seed-admins.ts).
 */
export interface Seeder {
  script: string;
  env: Record<string, string>;
}

/** Seeds `admins` beside the one the front's ADMIN_EMAIL seeds (a second admin): no route makes an admin. */
export const adminsSeeder = (admins: Account[]): Seeder => ({ script: 'test/e2e/seed-admins.ts', env: { SEED_ADMINS: JSON.stringify(admins) } });

/**
 * Seeds `shipper` (signed up, topped up $25) with a $6 label from `order.from` to `order.to` bought
 * `daysAgo` days ago (test/e2e/seed-old-label.ts): no route buys in the past.
 */
export const oldLabelSeeder = (shipper: Account & { name: string }, order: { from: object; to: object }, daysAgo: number): Seeder => ({
  script: 'test/e2e/seed-old-label.ts',
  env: { SEED_SHIPPER: JSON.stringify(shipper), SEED_ORDER: JSON.stringify(order), SEED_DAYS_AGO: String(daysAgo) },
});

/**
 * Starts `npm run serve`'s front on `port` with `env` added, and waits until its API answers.
 * `seeders` run on its data folder first, in order.
 */
export async function startOwnFront(port: number, env: Record<string, string> = {}, seeders: Seeder[] = []): Promise<OwnFront> {
  const dataDir = mkdtempSync(join(e2eRunDir, 'front-'));
  try {
    for (const seeder of seeders) await seed(dataDir, seeder);
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const url = `http://localhost:${port}`;
  const front: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts', '--static'], {
    cwd: ROOT,
    // Its own process group: stopping it stops its DynamoDB Local too.
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent', CONTRACT_RECORD_FILE: contractRecordFile, ...env },
  });
  const stop = async () => {
    if (front.exitCode === null && front.signalCode === null) {
      const exited = new Promise((r) => front.once('exit', r));
      process.kill(-front.pid!, 'SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await expect.poll(async () => (await fetch(`${url}/api/counter`).catch(() => undefined))?.status, { timeout: 90_000 }).toBe(200);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, stop };
}

/** Runs `seeder` on the data folder `dataDir`, before any front uses it. */
async function seed(dataDir: string, { script, env }: Seeder): Promise<void> {
  const seeder = spawn(process.execPath, ['--import', 'tsx', script, dataDir], {
    cwd: ROOT,
    // Its own process group, as the front's: a seeder that hangs is stopped with its DynamoDB Local.
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LOG_LEVEL: 'silent', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env },
  });
  let stderr = '';
  seeder.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const timer = setTimeout(() => process.kill(-seeder.pid!, 'SIGTERM'), 90_000);
  const code = await new Promise<number | null>((res) => seeder.once('exit', res));
  clearTimeout(timer);
  if (code !== 0) throw new Error(`Seeding with ${script} failed (exit ${code}): ${stderr.trim()}`);
}

/** A laptop-sized page and its console errors (collectConsoleErrors). */
export interface LaptopPage {
  page: Page;
  /** The page's console errors and uncaught exceptions. */
  consoleErrors: string[];
  close(): Promise<void>;
}

/**
 * A laptop-sized page in a browser context of its own: axe's runner opens a page of its own in the
 * page's context, which browser.newPage's hidden context does not allow.
 */
export async function openLaptopPage(browser: Browser, baseURL?: string): Promise<LaptopPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...(baseURL ? { baseURL } : {}) });
  const page = await context.newPage();
  return { page, consoleErrors: collectConsoleErrors(page), close: () => context.close() };
}

/**
 * Opens the one page a serial describe block's tests share (openLaptopPage, on the suite's front)
 * before its first test, hands it to `take`, and closes it after its last.
 */
export function useLaptopPage(take: (page: Page, consoleErrors: string[]) => void): void {
  let opened: LaptopPage | undefined;
  test.beforeAll(async ({ browser }) => {
    opened = await openLaptopPage(browser);
    take(opened.page, opened.consoleErrors);
  });
  test.afterAll(async () => {
    await opened?.close();
  });
}

/** A serial describe block's own front and the one page its tests share, filled in before its first test. */
export interface OwnFrontPage extends Omit<LaptopPage, 'close'> {
  front: OwnFront;
}

/**
 * Starts a front of the calling describe block's own (startOwnFront) and a page on it before the
 * block's first test, and stops both after its last. Tests read the answer's fields, which are set
 * by then.
 */
export function useOwnFrontPage(port: number, env: Record<string, string> = {}, seeders: Seeder[] = []): OwnFrontPage {
  const own = {} as OwnFrontPage;
  let opened: LaptopPage | undefined;
  test.beforeAll(async ({ browser }) => {
    // A cold DynamoDB Local, each seeder's too, takes most of this on a busy machine.
    test.setTimeout(180_000);
    own.front = await startOwnFront(port, env, seeders);
    opened = await openLaptopPage(browser, own.front.url);
    own.page = opened.page;
    own.consoleErrors = opened.consoleErrors;
  });
  test.afterAll(async () => {
    await opened?.close();
    await own.front?.stop();
  });
  return own;
}
