/**
 * `npm run test:e2e`: Playwright drives Debian's Chromium (never a downloaded browser) against the
 * local front serving the built SPA (`npm run serve`), with its own DynamoDB Local data folder
 * that is removed afterwards.
 */
import { defineConfig, devices } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = Number(process.env.E2E_PORT ?? 3100);
// Workers load this file again: the run id set by the main process keeps one data folder per run.
process.env.E2E_RUN_ID ??= String(Date.now());
export const e2eDataDir = join(tmpdir(), `prepaidship-e2e-${process.env.E2E_RUN_ID}`);
/** Where the local front records the API answers it sends, for the contract check in the teardown. */
export const contractRecordFile = join(tmpdir(), `prepaidship-e2e-${process.env.E2E_RUN_ID}-answers.jsonl`);
export const e2eAdmin = { email: 'admin@prepaidship.local', password: 'E2e-Admin-Pass1!' };

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
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
