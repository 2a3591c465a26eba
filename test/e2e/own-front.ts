/**
 * A local front of a test's own, beside the suite's shared one: its own DynamoDB Local, data folder
 * and port, for tests that need other settings (a carrier stand-in) or figures no other worker's
 * test can move (the admin dashboard's totals). Its API answers go to the run's contract record.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect } from '@playwright/test';
import { contractRecordFile, e2eRunDir } from '../../playwright.config';
import type { Account } from './helpers';

const ROOT = resolve(import.meta.dirname, '../..');

export interface OwnFront {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts `npm run serve`'s front on `port` with `env` added, and waits until its API answers.
 * `admins` are seeded into its data first, beside the one its ADMIN_EMAIL seeds (a second admin).
 */
export async function startOwnFront(port: number, env: Record<string, string> = {}, admins: Account[] = []): Promise<OwnFront> {
  const dataDir = mkdtempSync(join(e2eRunDir, 'front-'));
  if (admins.length) {
    try {
      await seedAdmins(dataDir, admins);
    } catch (err) {
      rmSync(dataDir, { recursive: true, force: true });
      throw err;
    }
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

/** Seeds `admins` into the data folder `dataDir` (test/e2e/seed-admins.ts), before any front uses it. */
async function seedAdmins(dataDir: string, admins: Account[]): Promise<void> {
  const seeder = spawn(process.execPath, ['--import', 'tsx', 'test/e2e/seed-admins.ts', dataDir], {
    cwd: ROOT,
    // Its own process group, as the front's: a seeder that hangs is stopped with its DynamoDB Local.
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, SEED_ADMINS: JSON.stringify(admins), AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  });
  let stderr = '';
  seeder.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const timer = setTimeout(() => process.kill(-seeder.pid!, 'SIGTERM'), 90_000);
  const code = await new Promise<number | null>((res) => seeder.once('exit', res));
  clearTimeout(timer);
  if (code !== 0) throw new Error(`Seeding the admins failed (exit ${code}): ${stderr.trim()}`);
}
