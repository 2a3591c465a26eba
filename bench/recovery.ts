/**
 * `npx tsx bench/recovery.ts` (or `await recoveryFigures()` from run-all.ts): what the scheduled
 * work (functions/jobs/) costs per run in AWS, from measured figures. The same function the Lambda
 * runs, against DynamoDB Local: RUNS idle runs (nothing due: the common case, every minute), then one
 * run that recovers STRANDED purchases cut short (placed and paid, then nothing: half of them sold
 * by the sandbox carrier before the "crash", half not), with the clock moved past their leases.
 *
 * Measured: DynamoDB requests and capacity units per run (bench/dynamo-meter.ts) and the run's
 * duration. Priced with bench/cost.ts's public us-east-1 list prices, for the Lambda's 512 MB, plus
 * the EventBridge rule's invocation (priced as a custom event, an upper bound: scheduled rules'
 * own events are not billed today). Prints figures, asserts nothing.
 *
 * recoveryFigures() measures in a child process: the handlers' modules keep their DynamoDB endpoint
 * for the life of a process, so it must be a fresh one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureInChild, measureWhenRunDirectly } from './child-measure';
import { PRICES } from './cost';

const RUNS = 20;
const STRANDED = 10;
const RUNS_PER_MONTH = 60 * 24 * 30;
const EVENTBRIDGE_EVENT = 1.0 / 1e6;

interface RunFigures {
  requests: number;
  readUnits: number;
  writeUnits: number;
  medianMs: number;
}

export interface RecoveryFigures {
  idle: RunFigures & { dollarsPerRun: number; dollarsPerMonth: number };
  perRecoveredOrder: RunFigures & { dollarsPerOrder: number };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/**
 * Dollars of one invocation that used these units and ran this long. DynamoDB bills every read
 * request at least half a read unit (an eventually consistent read rounded up to 4 KB), even a Query
 * that finds nothing, for which DynamoDB Local reports 0: the floor puts that back.
 */
const dollars = (f: RunFigures) =>
  Math.max(f.readUnits, f.requests * 0.5) * PRICES.dynamoReadRequestUnit +
  f.writeUnits * PRICES.dynamoWriteRequestUnit +
  (f.medianMs / 1000) * PRICES.lambdaMemoryGb * PRICES.lambdaGbSecondArm +
  PRICES.lambdaRequest +
  EVENTBRIDGE_EVENT;

async function measure(): Promise<RecoveryFigures> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  process.env.LOG_LEVEL = 'error';
  const labelDir = mkdtempSync(join(tmpdir(), 'prepaidship-bench-recovery-'));
  process.env.LABEL_DIR = labelDir;
  const { startLocalEnvironment } = await import('../infra/local/environment');
  const local = await startLocalEnvironment({ tableName: 'bench-recovery' });
  try {
    const { meterDynamo } = await import('./dynamo-meter');
    const { runScheduledWork } = await import('../functions/jobs/scheduled-work');
    const { logger } = await import('../functions/observability/logger');
    const { createUser } = await import('../functions/data/users');
    const { newOrder } = await import('../functions/data/orders');
    const { placeCreditOrder } = await import('../functions/labels/credit-orders');
    const { labelRequestOf } = await import('../functions/labels/buy-label');
    const { getCarrier } = await import('../functions/providers/registry/carrier');
    const { creditWallet } = await import('../test/integration/wallet-credit');
    const { sampleLabelOrder } = await import('../test/fixtures/label-order');

    const meter = meterDynamo();
    const timedRun = async (now?: Date) => {
      meter.take();
      const start = performance.now();
      await runScheduledWork(logger, now);
      return { ms: performance.now() - start, ...meter.take() };
    };

    await timedRun(); // warm the modules and the connection
    const idle = [];
    for (let i = 0; i < RUNS; i++) idle.push(await timedRun());

    const user = await createUser({ name: 'Bench Recovery', email: 'recovery@bench.local', passwordHash: 'x', verified: true });
    await creditWallet(user, STRANDED * 1000);
    for (let i = 0; i < STRANDED; i++) {
      const placed = await placeCreditOrder(user, newOrder(user.id, sampleLabelOrder() as never, 600, 'processing'), `bench-${i}`);
      if (placed.kind === 'placed' && i % 2 === 0) await getCarrier().buyLabel(labelRequestOf(placed.order));
    }
    const busy = await timedRun(new Date(Date.now() + 3600_000));
    meter.stop();

    const idleFigures: RunFigures = {
      requests: median(idle.map((r) => r.requests)),
      readUnits: median(idle.map((r) => r.readUnits)),
      writeUnits: median(idle.map((r) => r.writeUnits)),
      medianMs: median(idle.map((r) => r.ms)),
    };
    const perOrder: RunFigures = {
      requests: (busy.requests - idleFigures.requests) / STRANDED,
      readUnits: (busy.readUnits - idleFigures.readUnits) / STRANDED,
      writeUnits: (busy.writeUnits - idleFigures.writeUnits) / STRANDED,
      medianMs: (busy.ms - idleFigures.medianMs) / STRANDED,
    };
    const perRun = dollars(idleFigures);
    const orderOnly = dollars(perOrder) - PRICES.lambdaRequest - EVENTBRIDGE_EVENT;
    return {
      idle: { ...idleFigures, dollarsPerRun: perRun, dollarsPerMonth: perRun * RUNS_PER_MONTH },
      perRecoveredOrder: { ...perOrder, dollarsPerOrder: orderOnly },
    };
  } finally {
    await local.stop();
    rmSync(labelDir, { recursive: true, force: true });
  }
}

export function formatRecoveryReport(f: RecoveryFigures): string {
  const usd = (n: number, digits = 6) => `$${n.toFixed(digits)}`;
  return [
    '',
    'Scheduled work (recovery), per run, priced as in AWS (512 MB arm64 Lambda, on-demand DynamoDB, us-east-1):',
    `  idle run (nothing due):  ${f.idle.requests} DynamoDB request(s), ${f.idle.readUnits} RRU measured (billed at least 0.5 per read), ${f.idle.writeUnits} WRU, ${f.idle.medianMs.toFixed(1)} ms median of ${RUNS}` +
      ` -> ${usd(f.idle.dollarsPerRun, 8)} per run, ${usd(f.idle.dollarsPerMonth, 4)} per month at one run a minute (budget: under $0.10 a month)`,
    `  per recovered purchase: ${f.perRecoveredOrder.requests.toFixed(1)} requests, ${f.perRecoveredOrder.readUnits.toFixed(1)} RRU, ${f.perRecoveredOrder.writeUnits.toFixed(1)} WRU, ${f.perRecoveredOrder.medianMs.toFixed(1)} ms` +
      ` -> ${usd(f.perRecoveredOrder.dollarsPerOrder, 7)} (of ${STRANDED}, half sold by the carrier before the crash)`,
  ].join('\n');
}

/** Measures in a fresh child process, prints the report and answers the figures. */
export const recoveryFigures = (): Promise<RecoveryFigures> => measureInChild(import.meta.url, formatRecoveryReport);

await measureWhenRunDirectly(import.meta.url, measure, formatRecoveryReport);
