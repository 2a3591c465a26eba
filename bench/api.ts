/**
 * API latency through the local front (real handlers, DynamoDB Local), with what each call asks of
 * DynamoDB: requests and consumed capacity units. The orders list is measured for a user with 1,000
 * orders. Prints figures, asserts nothing. Run alone: `npx tsx bench/api.ts`.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.LOG_LEVEL ??= 'warn';

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LabelOrderBody } from '../domain/schemas/labels';
import { startLocalEnvironment } from '../infra/local/environment';
import { sampleLabelOrder } from '../test/fixtures/label-order';

const ORDERS = 1000;

/** A quote's budget, local with the sandbox carrier: the Create Label dialog asks for one as the form settles. */
const QUOTE_P95_BUDGET_MS = 300;

interface Measured {
  name: string;
  /** A p95 budget to print beside the figure, in ms. */
  budgetMs?: number;
  median: number;
  p95: number;
  requests: number;
  readUnits: number;
  writeUnits: number;
}

const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;

export async function apiFigures(options: { runs?: number } = {}): Promise<Measured[]> {
  const runs = options.runs ?? 100;
  const labelDir = mkdtempSync(join(tmpdir(), 'prepaidship-bench-labels-'));
  process.env.LABEL_DIR = labelDir;
  const env = await startLocalEnvironment({ tableName: `bench-api-${Date.now()}` });
  const { startFront } = await import('../infra/local/server');
  const { meterDynamo } = await import('./dynamo-meter');
  const { createUser } = await import('../functions/data/users');
  const { newEntry, putPendingEntry } = await import('../functions/wallet/ledger');
  const { settleTopUp } = await import('../functions/payments/top-ups');
  const { newOrder, completeOrder } = await import('../functions/data/orders');
  const { placeCreditOrder } = await import('../functions/labels/credit-orders');
  const { signSessionToken } = await import('../test/session-token');
  const front = await startFront({ port: 0, spa: 'none' });
  const meter = meterDynamo();
  try {
    // Two users: one with 1,000 orders to list, one who buys labels during the run.
    const lister = await createUser({ name: 'Many Orders', email: 'many@bench.local', passwordHash: 'x', verified: true });
    const buyer = await createUser({ name: 'Bench Buyer', email: 'buyer@bench.local', passwordHash: 'x', verified: true });
    for (const user of [lister, buyer]) {
      const entry = newEntry(user, { amountCents: 1_000_000, type: 'topup', creditType: 'Card', paymentType: 'CARD', provider: 'stripe' });
      await putPendingEntry(entry);
      await settleTopUp({ userId: user.id, entryId: entry.id, outcome: 'completed', eventKey: `bench#${entry.id}`, paidCents: 1_000_000 });
    }
    const form = sampleLabelOrder() as LabelOrderBody;
    // The lister's orders go straight through the data layer (the same transactions a purchase
    // makes, without drawing 1,000 PDFs), 25 at a time.
    for (let i = 0; i < ORDERS; i += 25) {
      await Promise.all(
        Array.from({ length: Math.min(25, ORDERS - i) }, async (_, j) => {
          const order = newOrder(lister.id, { ...form }, 600, 'processing');
          await placeCreditOrder(lister, order, `seed-${i + j}`);
          await completeOrder(order, {
            tracking: `9400${String(i + j).padStart(18, '0')}`,
            carrierRef: 'bench',
            service: 'USPS Priority Mail',
            labelKey: 'none',
          });
        }),
      );
    }
    // Quotes are rated per user (60 a minute): the runs are spread over a few quoting users.
    const quoters = await Promise.all(
      [1, 2, 3, 4].map(async (n) => {
        const quoter = await createUser({ name: `Bench Quoter ${n}`, email: `quoter${n}@bench.local`, passwordHash: 'x', verified: true });
        return signSessionToken({ userId: quoter.id, role: 'user', scope: 'full' });
      }),
    );
    let quotes = 0;
    const quoteCall = () =>
      fetch(`${front.url}/shipping/rates`, { method: 'POST', headers: headers(quoters[++quotes % quoters.length]!), body: JSON.stringify(form) });
    const listerToken = await signSessionToken({ userId: lister.id, role: 'user', scope: 'full' });
    const buyerToken = await signSessionToken({ userId: buyer.id, role: 'user', scope: 'full' });
    const headers = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

    let bought = 0;
    let lastOrder = { id: '', tracking: '' };
    const calls: [string, () => Promise<Response>, { budgetMs?: number; mode?: 'table' | 'rates' }?][] = [
      ['POST /shipping/rates (table mode)', quoteCall, { budgetMs: QUOTE_P95_BUDGET_MS, mode: 'table' }],
      ['POST /shipping/rates (rates mode, 12 services)', quoteCall, { budgetMs: QUOTE_P95_BUDGET_MS, mode: 'rates' }],
      ['GET /api/counter', () => fetch(`${front.url}/api/counter`)],
      ['GET /auth/profile', () => fetch(`${front.url}/auth/profile`, { headers: headers(buyerToken) })],
      [`GET /shipping/orders (${ORDERS} orders, first page)`, () => fetch(`${front.url}/shipping/orders`, { headers: headers(listerToken) })],
      [
        'POST /shipping/create-label (credits)',
        async () => {
          const res = await fetch(`${front.url}/shipping/create-label`, {
            method: 'POST',
            headers: { ...headers(buyerToken), 'idempotency-key': `bench-${++bought}` },
            body: JSON.stringify(form),
          });
          const body = (await res.clone().json()) as { label?: { shipOrderId: string; tracking: string } };
          if (body.label) lastOrder = { id: body.label.shipOrderId, tracking: body.label.tracking };
          return res;
        },
      ],
      ['GET /shipping/download-order/{id}', () => fetch(`${front.url}/shipping/download-order/${lastOrder.id}`, { headers: headers(buyerToken) })],
      [
        'POST /shipping/track',
        () =>
          fetch(`${front.url}/shipping/track`, { method: 'POST', headers: headers(buyerToken), body: JSON.stringify({ trackingNumber: lastOrder.tracking }) }),
      ],
    ];

    const results: Measured[] = [];
    const { resetConfigForTests } = await import('../functions/config');
    for (const [name, call, { budgetMs, mode = 'table' } = {}] of calls) {
      process.env.PRICING_MODE = mode;
      resetConfigForTests();
      // Warm: module load, JIT, connections; the first purchase also gives download and track an order.
      for (let i = 0; i < 10; i++) {
        const res = await call();
        if (!res.ok) throw new Error(`${name} answered ${res.status}: ${await res.text()}`);
        await res.arrayBuffer();
      }
      meter.take();
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        await (await call()).arrayBuffer();
        times.push(performance.now() - t);
      }
      const used = meter.take();
      times.sort((a, b) => a - b);
      results.push({
        name,
        budgetMs,
        median: at(times, 0.5),
        p95: at(times, 0.95),
        requests: used.requests / runs,
        readUnits: used.readUnits / runs,
        writeUnits: used.writeUnits / runs,
      });
    }
    return results;
  } finally {
    meter.stop();
    await front.close();
    await env.stop();
    rmSync(labelDir, { recursive: true, force: true });
  }
}

export function printApiFigures(results: Measured[]): void {
  console.log('API through the local front (sequential calls; DynamoDB requests and capacity units per call):');
  for (const r of results) {
    console.log(
      `  ${r.name.padEnd(48)} median ${r.median.toFixed(2).padStart(6)} ms  p95 ${r.p95.toFixed(2).padStart(6)} ms  ` +
        `${r.requests.toFixed(1)} req  ${r.readUnits.toFixed(1)} RCU  ${r.writeUnits.toFixed(1)} WCU` +
        (r.budgetMs === undefined ? '' : `  (p95 budget ${r.budgetMs} ms: ${r.p95 <= r.budgetMs ? 'within' : 'OVER'})`),
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printApiFigures(await apiFigures());
