/**
 * One DynamoDB for many fronts: `npm start` given DYNAMODB_ENDPOINT makes its table in that DynamoDB
 * (here the run's own DynamoDB Local) and starts no DynamoDB Local of its own; two fronts on the same
 * table see each other's writes; Ctrl-C stops the front and leaves the shared DynamoDB running.
 */
import { DescribeTableCommand, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { freePort, localDynamoClient } from '../../infra/local/dynamodb-local';

const ROOT = resolve(import.meta.dirname, '../..');
const endpoint = inject('dynamoEndpoint');
const TABLE = `shared-${Date.now()}`;
const dir = mkdtempSync(join(tmpdir(), 'ps-shared-'));
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** `npm start` (API only) in its own process group, on the shared DynamoDB. */
async function startFront(name: string): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts', '--api-only'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: join(dir, name),
      DYNAMODB_ENDPOINT: endpoint,
      TABLE_NAME: TABLE,
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD: 'Shared-Admin-Pass1!',
      CAPTCHA_PROVIDER: 'none',
    },
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  started.push(child);
  const url = `http://localhost:${port}`;
  await vi.waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`the front exited with ${child.exitCode}: ${output}`);
      expect((await fetch(`${url}/api/counter`)).status).toBe(200);
    },
    { timeout: 60_000, interval: 250 },
  );
  return { child, url, output: () => output };
}

/** The java processes in the process group of `child` (a DynamoDB Local it would have started). */
const javaIn = (child: ChildProcess): string[] =>
  execFileSync('ps', ['-o', 'pid=,comm=', '-g', String(child.pid)], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => /\bjava\b/.test(line));

const stopped = (child: ChildProcess) => new Promise<void>((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r())));

describe('npm start with DYNAMODB_ENDPOINT', () => {
  it(
    'creates the table there, starts no DynamoDB Local, shares the data with a second front and leaves the DynamoDB running',
    { timeout: 120_000 },
    async () => {
      const client = localDynamoClient(endpoint);
      try {
        const { TableNames } = await client.send(new ListTablesCommand({}));
        expect(TableNames).not.toContain(TABLE);

        const first = await startFront('a');
        expect(first.output()).toContain(`Using the DynamoDB at ${endpoint}`);
        expect(javaIn(first.child)).toEqual([]);
        const { Table } = await client.send(new DescribeTableCommand({ TableName: TABLE }));
        expect(Table?.GlobalSecondaryIndexes?.map((g) => g.IndexName).sort()).toEqual(['gsi1', 'gsi2', 'gsi3']);

        // The second front finds the table and the admin the first one made.
        const second = await startFront('b');
        expect(second.output()).not.toContain('Admin account created');
        const login = await fetch(`${second.url}/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'admin@prepaidship.local', password: 'Shared-Admin-Pass1!', recaptchaToken: 'test' }),
        });
        expect(login.status, await login.clone().text()).toBe(200);

        for (const front of [first, second]) {
          process.kill(-front.child.pid!, 'SIGINT');
          await stopped(front.child);
        }
        // The shared DynamoDB still answers, with the table in it.
        expect((await client.send(new ListTablesCommand({}))).TableNames).toContain(TABLE);
      } finally {
        client.destroy();
      }
    },
  );
});
