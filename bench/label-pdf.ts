/**
 * `npx tsx bench/label-pdf.ts`: time to draw one sandbox label (tracking number + GS1-128 barcode +
 * 4x6 PDF), cold (the first, in a fresh process: module JIT, font tables) and warm (median and p95
 * of 50), and the PDF's size. Prints figures, asserts nothing.
 */
import { cpus } from 'node:os';
import { drawSandboxLabel } from '../functions/providers/carrier/sandbox-label';
import { newSandboxTracking } from '../functions/providers/carrier/tracking-number';
import { sampleLabelRequest } from '../test/fixtures/label-order';

const WARM_RUNS = 50;

const request = sampleLabelRequest;

async function once(): Promise<{ ms: number; bytes: number }> {
  const t = performance.now();
  const pdf = await drawSandboxLabel(request, newSandboxTracking(undefined, request.serviceId));
  return { ms: performance.now() - t, bytes: pdf.byteLength };
}

const cold = await once();
const warm: number[] = [];
const sizes: number[] = [];
for (let i = 0; i < WARM_RUNS; i++) {
  const run = await once();
  warm.push(run.ms);
  sizes.push(run.bytes);
}
warm.sort((a, b) => a - b);
const at = (q: number) => (warm[Math.min(warm.length - 1, Math.floor(q * warm.length))] as number).toFixed(1);
const kB = (n: number) => (n / 1024).toFixed(1);

console.log(`machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}`);
console.log(`sandbox label PDF: cold ${cold.ms.toFixed(1)} ms; warm median ${at(0.5)} ms, p95 ${at(0.95)} ms (${WARM_RUNS} runs)`);
console.log(`size: ${kB(cold.bytes)} kB (warm runs ${kB(Math.min(...sizes))}-${kB(Math.max(...sizes))} kB)`);
