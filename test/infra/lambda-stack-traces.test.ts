/**
 * A Lambda's stack traces point into our TypeScript sources: the
 * bundle maps them itself through its source map (functions/observability/stack-traces.ts, injected
 * by infra/lambda-bundling.ts), read when the first trace is written instead of at every cold
 * start as Node's --enable-source-maps would. Each case builds with the options the stack gives
 * NodejsFunction and runs the bundle in a fresh node without any flag, as Lambda now runs it.
 */
import { build } from 'esbuild';
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esbuildOptionsOf, LAMBDA_BUNDLING } from '../../infra/lambda-bundling';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
let dir: string;

/** Builds `entry` as the stack does into dir/<name>/index.mjs (and its map); the bundle's path. */
async function bundle(entry: string, name: string): Promise<string> {
  const outfile = join(dir, name, 'index.mjs');
  await build({ ...esbuildOptionsOf(LAMBDA_BUNDLING, 'node20'), entryPoints: [entry], outfile, absWorkingDir: ROOT, logLevel: 'silent' });
  return outfile;
}

/** Runs `script` (ES module code) in a fresh node with no NODE_OPTIONS: its stdout and stderr. */
async function node(script: string, env: Record<string, string> = {}): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, NODE_OPTIONS: '', ...env }, encoding: 'utf8' });
}

// A module of ours whose lines are known: the error is made on line 3, in failHere, called on line 6.
const FIXTURE = `export function failHere(amountCents: number): never {
  // line 2
  throw new Error(\`cannot take \${amountCents} cents\`);
}
export const handler = async () => {
  try { failHere(5); } catch (err) { return (err as Error).stack; }
};
`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'prepaidship-stack-traces-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('Lambda stack traces', () => {
  it('name the TypeScript file, line and function, without Node flags', async () => {
    const entry = join(dir, 'fixture.ts');
    writeFileSync(entry, FIXTURE);
    const file = await bundle(entry, 'fixture');
    const { stdout } = await node(`const m = await import(${JSON.stringify(file)}); console.log(await m.handler());`);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe('Error: cannot take 5 cents');
    expect(lines[1]).toBe(`    at failHere (${entry}:3:9)`);
    expect(lines[2]).toContain(`(${entry}:6:9)`);
    expect(stdout).not.toContain('index.mjs');
  });

  it('read the map only when a trace is written, not when the bundle loads', async () => {
    const file = await bundle(join(dir, 'fixture.ts'), 'lazy');
    // The map moves away after the import: had the bundle read it at load, the trace would still be mapped.
    const { stdout } = await node(
      `const m = await import(${JSON.stringify(file)}); (await import('node:fs')).renameSync(${JSON.stringify(`${file}.map`)}, ${JSON.stringify(`${file}.gone`)}); console.log(await m.handler());`,
    );
    expect(stdout).toContain(`${file}:`);
    expect(stdout).not.toContain('fixture.ts');
    renameSync(`${file}.gone`, `${file}.map`);
  });

  describe('in the log line of a route that fails', () => {
    let server: Server;
    let endpoint: string;
    beforeAll(async () => {
      // DynamoDB answering every call with an error: the route's read fails inside the SDK's client.
      server = createServer((_req, res) => {
        res.writeHead(400, { 'content-type': 'application/x-amz-json-1.0' });
        res.end(JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#ResourceNotFoundException', message: 'Requested resource not found' }));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('the unhandled error is logged with our sources and lines', async () => {
      const file = await bundle(join(ROOT, 'functions/handlers/landing/get-counter.ts'), 'counter');
      const event = { rawPath: '/api/counter', headers: {}, requestContext: { http: { method: 'GET', sourceIp: '192.0.2.1' }, requestId: 'r1' } };
      const context = '{ awsRequestId: "r1", functionName: "counter", getRemainingTimeInMillis: () => 10000 }';
      const { stdout, stderr } = await node(
        `const m = await import(${JSON.stringify(file)}); console.log(JSON.stringify(await m.handler(${JSON.stringify(event)}, ${context})));`,
        {
          TABLE_NAME: 'traces',
          AWS_REGION: 'us-east-1',
          JWT_SECRET: 'trace-secret-trace-secret-trace-secret-00',
          LOG_LEVEL: 'error',
          DYNAMODB_ENDPOINT: endpoint,
        },
      );
      expect(JSON.parse(stdout.trim()) as { statusCode: number }).toMatchObject({ statusCode: 500 });
      const line = stderr
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { message: string; error?: { stack: string; location: string } })
        .find((l) => l.message === 'unhandled error');
      // DynamoDB's refusal is read by the SDK: the trace starts in its sources, mapped too.
      expect(line?.error?.location).toMatch(/node_modules\/@(aws-sdk|smithy)\/.+:\d+$/);
      expect(line?.error?.stack).toMatch(/\(\/.*\/node_modules\/@(aws-sdk|smithy)\/.+:\d+:\d+\)/);
      // ...and reaches our code that made the call, with its file and line (the handler is past the 10 frames kept).
      expect(line?.error?.stack).toMatch(new RegExp(`\\(${join(ROOT, 'functions/data/stats.ts')}:\\d+:\\d+\\)`));
      expect(line?.error?.stack).not.toContain('index.mjs');
      expect(readFileSync(`${file}.map`, 'utf8').length).toBeGreaterThan(0);
    });
  });
});
