/**
 * `npx tsx bench/balances.ts`: what a receipt's balance after and the balance history cost for the
 * biggest shipper: one account with ENTRIES ledger entries over DAYS days (labels, refunds, top-ups,
 * each with the balance after it as the wallet stores it), its months' closing balances written by
 * the backfill (functions/wallet/backfill-balances.ts, also timed), against DynamoDB Local through
 * receiptFor and getBalanceHistory, the handlers' own calls. Per request: the items DynamoDB
 * answered (largest of RUNS) and the time (p95 of RUNS). Prints figures next to their budgets,
 * asserts nothing; runs in a child process like the other DynamoDB benches.
 */
import { measureInChild, measureWhenRunDirectly } from './child-measure';

const ENTRIES = Number(process.env.BENCH_BALANCE_ENTRIES ?? 100_000);
const DAYS = 120;
const RUNS = 200;
/** Budgets: items read by one request, and its p95 time locally. */
const ITEMS_BUDGET = 10;
const P95_BUDGET_MS = 100;

interface Figures {
  items: number;
  p95Ms: number;
}

export interface BalanceFigures {
  entries: number;
  backfillSeconds: number;
  receipt: Figures;
  history: Figures;
}

async function measure(): Promise<BalanceFigures> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  process.env.LOG_LEVEL = 'error';
  const { startLocalEnvironment } = await import('../infra/local/environment');
  const local = await startLocalEnvironment({ tableName: 'bench-balances' });
  try {
    const { BatchWriteCommand } = await import('@aws-sdk/lib-dynamodb');
    const { ulid } = await import('ulid');
    const { db, tableName } = await import('../functions/data/client');
    const { createUser } = await import('../functions/data/users');
    const { entryStep, newEntry } = await import('../functions/wallet/ledger');
    const { backfillBalances } = await import('../functions/wallet/backfill-balances');
    const { receiptFor } = await import('../functions/receipts/receipt');
    const { getBalanceHistory } = await import('../functions/insights/balance-history');

    const user = await createUser({ name: 'Big Shipper', email: `big-${Date.now()}@example.com`, passwordHash: 'x', verified: true });
    // The ledger, oldest first: a $200 card top-up every 30 entries, a refund every 25th label, labels otherwise.
    const start = Date.now() - DAYS * 86_400_000;
    let balance = 0;
    const ids: string[] = [];
    const items = Array.from({ length: ENTRIES }, (_, i) => {
      const at = new Date(start + Math.floor((i * DAYS * 86_400_000) / ENTRIES)).toISOString();
      const [type, cents] = i % 30 === 0 ? (['topup', 20_000] as const) : i % 25 === 0 ? (['refund', 600] as const) : (['label', -600] as const);
      balance += cents;
      const entry = newEntry(user, {
        amountCents: cents,
        type,
        creditType: type === 'topup' ? 'Card' : 'Credits',
        paymentType: type === 'topup' ? 'CARD' : 'WALLET',
        provider: type === 'topup' ? 'stripe' : 'wallet',
        orderId: type === 'topup' ? null : ulid(),
      });
      ids.push(entry.id);
      return entryStep({ ...entry, createdAt: at, status: 'completed', completedAt: at, balanceAfterCents: balance }).item.Put!.Item!;
    });
    const batches = Array.from({ length: Math.ceil(items.length / 25) }, (_, i) => items.slice(i * 25, (i + 1) * 25));
    for (let i = 0; i < batches.length; i += 2) {
      await Promise.all(
        batches
          .slice(i, i + 8)
          .map((batch) => db.send(new BatchWriteCommand({ RequestItems: { [tableName()]: batch.map((Item) => ({ PutRequest: { Item } })) } }))),
      );
    }
    // The wallet keeps the balance on the account; the ledger above was written around it.
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `USER#${user.id}`, sk: 'PROFILE' },
        UpdateExpression: 'SET balanceCents = :b',
        ExpressionAttributeValues: { ':b': balance },
      }),
    );

    const began = performance.now();
    await backfillBalances(user.id);
    const backfillSeconds = (performance.now() - began) / 1000;
    // One label bought the usual way on top: its receipt by shipment reads the label and its debit too.
    const { buyWithCredits } = await import('../functions/labels/credit-orders');
    const { logger } = await import('../functions/observability/logger');
    const { sampleLabelOrder } = await import('../test/fixtures/label-order');
    const { order } = await buyWithCredits(user.id, sampleLabelOrder() as never, 'bench-balances', logger);

    // Items DynamoDB answered, counted on the product's own client.
    let read = 0;
    db.middlewareStack.add(
      (next) => async (args) => {
        const out = await next(args);
        const o = out.output as { Item?: unknown; Items?: unknown[]; Responses?: Record<string, unknown[]> };
        read += (o.Item ? 1 : 0) + (o.Items?.length ?? 0) + Object.values(o.Responses ?? {}).reduce((n, list) => n + list.length, 0);
        return out;
      },
      { step: 'initialize', name: 'benchItemsRead' },
    );
    async function time(call: (i: number) => Promise<unknown>): Promise<Figures> {
      await call(0); // warm the modules and the connection
      const ms: number[] = [];
      let items = 0;
      for (let i = 1; i <= RUNS; i++) {
        read = 0;
        const t = performance.now();
        await call(i);
        ms.push(performance.now() - t);
        items = Math.max(items, read);
      }
      ms.sort((a, b) => a - b);
      return { items, p95Ms: ms[Math.ceil(RUNS * 0.95) - 1] as number };
    }
    // Every 10th receipt is the bought label's, asked for by its shipment id.
    const receipt = await time((i) => receiptFor(user.id, i % 10 === 0 ? order.id : (ids[(i * 7919) % ids.length] as string)));
    const history = await time(() => getBalanceHistory(user.id));
    db.middlewareStack.remove('benchItemsRead');
    return { entries: ENTRIES, backfillSeconds, receipt, history };
  } finally {
    await local.stop();
  }
}

export function formatBalanceReport(f: BalanceFigures): string {
  const line = (what: string, r: Figures) =>
    `  ${what}: ${r.items} items read (budget ${ITEMS_BUDGET}: ${r.items <= ITEMS_BUDGET ? 'met' : 'NOT met'}), p95 ${r.p95Ms.toFixed(1)} ms (budget ${P95_BUDGET_MS}: ${r.p95Ms < P95_BUDGET_MS ? 'met' : 'NOT met'})`;
  return [
    '',
    `Balance reads for one shipper with ${f.entries.toLocaleString('en-US')} ledger entries (${RUNS} requests each; DynamoDB Local):`,
    line('receipt (balance after)', f.receipt),
    line('balance history, 90 days', f.history),
    `  backfill of its closing balances from the whole ledger: ${f.backfillSeconds.toFixed(1)} s (one-off)`,
  ].join('\n');
}

/** Measures in a fresh child process, prints the report and answers the figures. */
export const balanceFigures = (): Promise<BalanceFigures> => measureInChild(import.meta.url, formatBalanceReport);

await measureWhenRunDirectly(import.meta.url, measure, formatBalanceReport);
