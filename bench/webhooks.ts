/**
 * `npx tsx bench/webhooks.ts` (or `await webhookFigures()` from run-all.ts): how long after a label's
 * purchase answers the shop's endpoint receives its signed `label.created`, locally: the same
 * purchase code the route runs (functions/labels/credit-orders.ts, the sandbox carrier), the outbox
 * written in its transaction, the in-process webhook worker, a receiver on this machine answering
 * 200. PURCHASES labels one after another; the p95 of (received - answered) is printed next to the
 * issue's budget of 2 s. A negative delay means the delivery arrived before the purchase's answer
 * was read (the worker starts once the transaction commits). Prints figures, asserts nothing.
 *
 * Measured in a child process (bench/child-measure.ts): the handlers' modules keep their DynamoDB
 * endpoint for the life of a process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureInChild, measureWhenRunDirectly } from './child-measure';

const PURCHASES = 40;
const BUDGET_MS = 2000;

export interface WebhookFigures {
  purchases: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  purchaseP50Ms: number;
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;

async function measure(): Promise<WebhookFigures> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  process.env.LOG_LEVEL = 'error';
  const labelDir = mkdtempSync(join(tmpdir(), 'prepaidship-bench-webhooks-'));
  process.env.LABEL_DIR = labelDir;
  const received = new Map<string, number>();
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (c: string) => (body += c));
    req.on('end', () => {
      const event = JSON.parse(body) as { data: { shipOrderId: string } };
      received.set(event.data.shipOrderId, performance.now());
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { startLocalEnvironment } = await import('../infra/local/environment');
  const local = await startLocalEnvironment({ tableName: 'bench-webhooks' });
  try {
    const { createUser } = await import('../functions/data/users');
    const { createWebhook } = await import('../functions/data/webhooks');
    const { buyWithCredits } = await import('../functions/labels/credit-orders');
    const { logger } = await import('../functions/observability/logger');
    const { webhookQueueIdle } = await import('../functions/webhooks/queue');
    const { creditWallet } = await import('../test/integration/wallet-credit');
    const { sampleLabelOrder } = await import('../test/fixtures/label-order');

    const user = await createUser({ name: 'Bench Hooks', email: 'hooks@bench.local', passwordHash: 'x', verified: true });
    await creditWallet(user, (PURCHASES + 1) * 1000);
    await createWebhook(user.id, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, events: ['label.created'] });

    const delays: number[] = [];
    const purchases: number[] = [];
    for (let i = 0; i <= PURCHASES; i++) {
      const start = performance.now();
      const { order } = await buyWithCredits(user.id, sampleLabelOrder() as never, `bench-hook-${i}`, logger);
      const answered = performance.now();
      await webhookQueueIdle();
      const got = received.get(order.id);
      if (got === undefined) throw new Error(`no delivery for ${order.id}`);
      // The first purchase warms the modules and the connections.
      if (i === 0) continue;
      delays.push(got - answered);
      purchases.push(answered - start);
    }
    return { purchases: PURCHASES, p50Ms: pct(delays, 0.5), p95Ms: pct(delays, 0.95), maxMs: Math.max(...delays), purchaseP50Ms: pct(purchases, 0.5) };
  } finally {
    await local.stop();
    server.close();
    rmSync(labelDir, { recursive: true, force: true });
  }
}

export function formatWebhookReport(f: WebhookFigures): string {
  return [
    '',
    `Webhooks, locally (in-process worker, receiver on 127.0.0.1), ${f.purchases} label purchases one after another:`,
    `  purchase answered -> label.created received: p50 ${f.p50Ms.toFixed(1)} ms, p95 ${f.p95Ms.toFixed(1)} ms, max ${f.maxMs.toFixed(1)} ms (budget: p95 under ${BUDGET_MS} ms)` +
      ` · the purchase itself: p50 ${f.purchaseP50Ms.toFixed(1)} ms`,
  ].join('\n');
}

/** Measures in a fresh child process, prints the report and answers the figures. */
export const webhookFigures = (): Promise<WebhookFigures> => measureInChild(import.meta.url, formatWebhookReport);

await measureWhenRunDirectly(import.meta.url, measure, formatWebhookReport);
