/**
 * `npm run test:e2e`: Playwright drives Debian's Chromium (never a downloaded browser) against the
 * local front serving the built SPA (`npm run serve`), with its own DynamoDB Local data folder
 * that is removed afterwards. Two workers run spec files side by side (a file's tests run in order
 * in one worker); each file signs up people of its own, so no file depends on another's data.
 */
import { defineConfig, devices } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = Number(process.env.E2E_PORT ?? 3100);
// Workers load this file again: the run id set by the main process keeps one data folder per run.
process.env.E2E_RUN_ID ??= String(Date.now());
export const e2eDataDir = join(tmpdir(), `prepaidship-e2e-${process.env.E2E_RUN_ID}`);
/** The run's scratch folder, shared by the workers: locks (test/e2e/helpers.ts) and the data of tests' own fronts. */
export const e2eRunDir = join(tmpdir(), `prepaidship-e2e-${process.env.E2E_RUN_ID}-run`);
mkdirSync(e2eRunDir, { recursive: true });
/** Where the local fronts record the API answers they send, for the contract check in the teardown. */
export const contractRecordFile = join(e2eRunDir, 'answers.jsonl');
export const e2eAdmin = { email: 'admin@prepaidship.local', password: 'E2e-Admin-Pass1!' };

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  // One per core of the CI machine; E2E_WORKERS changes it.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 30_000,
  // Assertions and polls wait up to 10 s, not Playwright's 5: on a 2-core CI machine busy with two
  // browsers, the front and DynamoDB Local, a heavy page (the API reference) or a mailed code can
  // take longer than 5 s to show, and did.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalTeardown: './test/e2e/global-teardown.ts',
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'npx tsx infra/local/start.ts --static',
    url: `http://localhost:${port}/api/counter`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(port),
      DATA_DIR: e2eDataDir,
      ADMIN_EMAIL: e2eAdmin.email,
      ADMIN_PASSWORD: e2eAdmin.password,
      CONTRACT_RECORD_FILE: contractRecordFile,
    },
  },
});
