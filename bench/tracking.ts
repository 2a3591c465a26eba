/**
 * `npx tsx bench/tracking.ts`: what carrier events cost, against DynamoDB Local through
 * the same functions the webhook route and the scheduled poll run. LABELS labels are bought with
 * credits; then, per label, one signed EasyPost tracker event through receiveEasyPostWebhook
 * (verify, read, apply), the same event again (a replay), and an older one (stale); then an idle
 * poll run (nothing due) and one poll run with every label due (sandbox tracker: each label's
 * happened checkpoints emitted as events).
 *
 * Measured: DynamoDB requests and capacity units (bench/dynamo-meter.ts) and time, per event and per
 * run. Prints figures, asserts nothing. Runs in its own process (the modules keep their endpoint).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureInChild, measureWhenRunDirectly } from './child-measure';

const LABELS = 20;

interface Figures {
  requests: number;
  readUnits: number;
  writeUnits: number;
  ms: number;
}
export interface TrackingFigures {
  applied: Figures;
  replay: Figures;
  stale: Figures;
  idlePoll: Figures;
  pollPerLabel: Figures & { eventsPerLabel: number };
}

const per = (f: Omit<Figures, 'ms'> & { ms: number }, n: number): Figures => ({
  requests: f.requests / n,
  readUnits: f.readUnits / n,
  writeUnits: f.writeUnits / n,
  ms: f.ms / n,
});

async function measure(): Promise<TrackingFigures> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  process.env.LOG_LEVEL = 'error';
  const labelDir = mkdtempSync(join(tmpdir(), 'prepaidship-bench-tracking-'));
  process.env.LABEL_DIR = labelDir;
  const { startLocalEnvironment } = await import('../infra/local/environment');
  const local = await startLocalEnvironment({ tableName: 'bench-tracking' });
  try {
    const { meterDynamo } = await import('./dynamo-meter');
    const { logger } = await import('../functions/observability/logger');
    const { createUser } = await import('../functions/data/users');
    const { buyWithCredits } = await import('../functions/labels/credit-orders');
    const { receiveEasyPostWebhook } = await import('../functions/tracking/receive-webhook');
    const { easyPostSignature } = await import('../functions/tracking/easypost-events');
    const { easyPostWebhookSecret } = await import('../functions/tracking/webhook-secrets');
    const { pollTrackers } = await import('../functions/tracking/poll');
    const { creditWallet } = await import('../test/integration/wallet-credit');
    const { sampleLabelOrder } = await import('../test/fixtures/label-order');
    const log = logger;

    const user = await createUser({ name: 'Bench Tracking', email: 'tracking@bench.local', passwordHash: 'x', verified: true });
    await creditWallet(user, LABELS * 1000);
    const numbers: string[] = [];
    for (let i = 0; i < LABELS; i++) {
      const { order } = await buyWithCredits(user.id, sampleLabelOrder() as never, `bench-tracking-${i}`, log);
      numbers.push(order.tracking!);
    }
    const event = (tracking: string, id: string, time: string) => {
      const raw = JSON.stringify({
        id,
        object: 'Event',
        description: 'tracker.updated',
        result: {
          object: 'Tracker',
          tracking_code: tracking,
          status: 'in_transit',
          tracking_details: [
            { message: 'Arrived at USPS Regional Facility', status: 'in_transit', datetime: time, tracking_location: { city: 'DALLAS', state: 'TX' } },
          ],
        },
      });
      return [raw, easyPostSignature(raw, easyPostWebhookSecret())] as const;
    };

    const meter = meterDynamo();
    const timed = async (work: () => Promise<unknown>): Promise<Figures> => {
      meter.take();
      const start = performance.now();
      await work();
      return { ms: performance.now() - start, ...meter.take() };
    };
    const each = (make: (n: string, i: number) => readonly [string, string]) => async () => {
      for (const [i, n] of numbers.entries()) await receiveEasyPostWebhook(...make(n, i), log);
    };
    const future = new Date(Date.now() + 3 * 86_400_000);
    await timed(each((n) => event(n, `warm-${n}`, '2020-01-01T00:00:00Z'))); // warm: modules, connection
    const applied = await timed(each((n) => event(n, `evt-${n}`, future.toISOString())));
    const replay = await timed(each((n) => event(n, `evt-${n}`, future.toISOString())));
    const stale = await timed(each((n) => event(n, `old-${n}`, '2021-01-01T00:00:00Z')));
    const idlePoll = await timed(() => pollTrackers(log, new Date()));
    // Every label due; the sandbox's own events are all older than the future event above: each is
    // emitted and found stale, what a poll of a label a webhook kept current costs.
    let eventsPerLabel = 0;
    const busy = await timed(async () => {
      const counts = await pollTrackers(log, new Date(Date.now() + 7 * 86_400_000));
      eventsPerLabel = counts.polled ? (counts.applied ?? 0) / counts.polled : 0;
    });
    meter.stop();
    return {
      applied: per(applied, LABELS),
      replay: per(replay, LABELS),
      stale: per(stale, LABELS),
      idlePoll,
      pollPerLabel: { ...per({ ...busy, requests: busy.requests - idlePoll.requests }, LABELS), eventsPerLabel },
    };
  } finally {
    await local.stop();
    rmSync(labelDir, { recursive: true, force: true });
  }
}

export function formatTrackingReport(f: TrackingFigures): string {
  const line = (what: string, x: Figures) =>
    `  ${what}: ${x.requests.toFixed(1)} DynamoDB requests, ${x.readUnits.toFixed(1)} RRU, ${x.writeUnits.toFixed(1)} WRU, ${x.ms.toFixed(1)} ms`;
  return [
    '',
    `Carrier events, DynamoDB Local, ${LABELS} labels:`,
    line('one webhook event applied   ', f.applied),
    line('the same event again (replay)', f.replay),
    line('an older event (stale)      ', f.stale),
    line('a poll run with nothing due ', f.idlePoll),
    line('a poll, per due label       ', f.pollPerLabel) + ` (${f.pollPerLabel.eventsPerLabel.toFixed(1)} events applied per label)`,
  ].join('\n');
}

/** Measures in a fresh child process, prints the report and answers the figures. */
export const trackingFigures = (): Promise<TrackingFigures> => measureInChild(import.meta.url, formatTrackingReport);

await measureWhenRunDirectly(import.meta.url, measure, formatTrackingReport);
