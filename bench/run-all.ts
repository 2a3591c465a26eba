/**
 * `npm run bench`: prints measured figures, asserts nothing (targets live in the issues).
 * - the gzipped JavaScript the browser loads before `/` can render (entry + modulepreloads in dist/);
 * - latency of GET /api/counter through the local front, the real handler and DynamoDB Local.
 * Run `npm run build` first for the first figure.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.LOG_LEVEL ??= 'warn';

import { existsSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startLocalEnvironment } from '../infra/local/environment';

const ROOT = resolve(import.meta.dirname, '..');
const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;

function initialJs(): void {
  const index = join(ROOT, 'dist/index.html');
  if (!existsSync(index)) return console.log('initial JS for /: skipped (run `npm run build` first)');
  const html = readFileSync(index, 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const data = readFileSync(join(ROOT, 'dist', f));
    raw += data.length;
    gz += gzipSync(data, { level: 9 }).length;
  }
  console.log(`initial JS for / (entry + modulepreload, ${files.length} files): ${kB(raw)} raw, ${kB(gz)} gzip`);
}

async function apiLatency(): Promise<void> {
  const env = await startLocalEnvironment({ tableName: 'bench' });
  const { startFront } = await import('../infra/local/server');
  const front = await startFront({ port: 0, spa: 'none' });
  try {
    const url = `${front.url}/api/counter`;
    for (let i = 0; i < 20; i++) await (await fetch(url)).arrayBuffer(); // warm: module load, JIT, connections
    const times: number[] = [];
    for (let i = 0; i < 300; i++) {
      const t = performance.now();
      await (await fetch(url)).arrayBuffer();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => (times[Math.min(times.length - 1, Math.floor(q * times.length))] as number).toFixed(2);
    console.log(`GET /api/counter via local front (300 sequential): median ${at(0.5)} ms, p95 ${at(0.95)} ms`);
  } finally {
    await front.close();
    await env.stop();
  }
}

console.log(`machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}`);
initialJs();
await apiLatency();
