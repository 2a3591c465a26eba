/**
 * A running batch bought a group of rows at a time (functions/batches/run.ts buyTogether): one
 * transaction places the group's orders with a debit entry apiece and one balance update, the
 * carrier makes their labels, one transaction records them with the rows' outcomes. Each row stays
 * its own order, debit and key, so a group that cannot go together (a key used before, a balance
 * short of the group, an order taken over meanwhile) is answered row by row, and a worker that dies
 * in the middle leaves every row to end in its label or its refund.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { batchQueueIdle } from '../../../../functions/batches/queue';
import { BALANCE_SHORT, CARRIER_FAILED, PLACE_TOGETHER, processChunk, runBatchToEnd } from '../../../../functions/batches/run';
import { getBatchRows, startRunning } from '../../../../functions/data/batches';
import { db, tableName } from '../../../../functions/data/client';
import { getOrder, listOrders, orderKey } from '../../../../functions/data/orders';
import { getUserById } from '../../../../functions/data/users';
import { failAndRefund } from '../../../../functions/labels/buy-label';
import { logger } from '../../../../functions/observability/logger';
import { listStoredLedger } from '../../../../functions/wallet/ledger';
import { batchCsv, sampleRows } from '../../../fixtures/batch-csv';
import { asIfOutcomesLost, uploadPriced } from '../../batch-upload';
import { expectLedgerInvariant } from '../../ledger-invariant';
import { idempotencyKey, newAccount, type Account } from '../../security/actors';
import { creditWallet } from '../../wallet-credit';
import { carrierWatch, watchCarrierAnew } from '../../watch-carrier';
import { balanceOf } from '../payments/payments';

vi.mock('../../../../functions/providers/registry/carrier', async (importOriginal) =>
  (await import('../../watch-carrier')).watchedCarrierRegistry(await importOriginal()),
);

const PRICE = 600; // sampleRow: USPS Priority, 2 lb
let ann: Account;
beforeEach(async () => {
  watchCarrierAnew();
  ann = await newAccount('user', 'chunks');
});
afterEach(async () => {
  await batchQueueIdle();
  await expectLedgerInvariant(ann.id);
});

const ordersOf = async () => (await listOrders(ann.id, { limit: 200 })).items;

/** A priced draft of `count` rows, running as its purchase from the wallet leaves it, answered by id. */
async function running(count: number): Promise<string> {
  const res = await uploadPriced({ token: ann.token, raw: batchCsv(sampleRows(count)) });
  expect(res.statusCode, res.body).toBe(201);
  const { batchId } = res.json as { batchId: string };
  // Running, as its purchase leaves it, with the worker left to the test.
  expect(await startRunning(batchId, ['draft'], { toBuy: count, purchaseKey: idempotencyKey(), paymentMethod: 'credits' })).toBe(true);
  return batchId;
}

/** Counts the TransactWriteItems calls made while `work` runs. */
async function transactionsDuring(work: () => Promise<void>): Promise<number> {
  let count = 0;
  const name = `count-transactions-${Math.random()}`;
  db.middlewareStack.add(
    (next, context) => (args) => {
      if (context.commandName === 'TransactWriteItemsCommand') count++;
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    await work();
  } finally {
    db.middlewareStack.remove(name);
  }
  return count;
}

describe('a batch bought a group of rows at a time', () => {
  it("buys every row once with one debit entry each, exact balances after, a group in its rows' order, in a few transactions", async () => {
    const rows = 2 * PLACE_TOGETHER + 5;
    await creditWallet(ann, rows * PRICE + 100);
    const batchId = await running(rows);

    const transactions = await transactionsDuring(() => runBatchToEnd(batchId, logger));

    const stored = await getBatchRows(batchId);
    expect(stored.map((r) => r.status)).toEqual(Array(rows).fill('bought'));
    const orders = await ordersOf();
    expect(orders).toHaveLength(rows);
    expect(new Set(stored.map((r) => r.shipOrderId)).size).toBe(rows);
    expect(orders.every((o) => o.status === 'created' && o.tracking)).toBe(true);
    expect(carrierWatch.buyLabel).toHaveBeenCalledTimes(rows);
    // Three groups: each placed in one transaction and recorded in one (and the batch made done).
    expect(transactions).toBeLessThanOrEqual(3 * 2 + 1);
    // One debit per label; each entry's balance after is the one before it less its price, in the rows' order.
    const debits = (await listStoredLedger(ann.id)).filter((e) => e.type === 'label').sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(debits).toHaveLength(rows);
    expect(debits.map((e) => e.balanceAfterCents)).toEqual(Array.from({ length: rows }, (_, i) => rows * PRICE + 100 - (i + 1) * PRICE));
    // A group's debits stand together in its rows' order (two groups are bought at once: which is placed first is a race).
    const rowOfOrder = new Map(stored.map((r) => [r.shipOrderId, r.row]));
    const debitRows = debits.map((e) => rowOfOrder.get(e.orderId) as number);
    for (let first = 0; first < rows; first += PLACE_TOGETHER) {
      const group = stored.slice(first, first + PLACE_TOGETHER).map((r) => r.row);
      const at = debitRows.indexOf(group[0]!);
      expect(debitRows.slice(at, at + group.length)).toEqual(group);
    }
    expect(await balanceOf(ann.id)).toBe(100);
    expect((await getUserById(ann.id, { consistent: true }))?.labelCount).toBe(rows);
  });

  it('a balance short of the group: bought row by row, as far as it goes, the rest failing with nothing charged', async () => {
    await creditWallet(ann, 3 * PRICE);
    const batchId = await running(5);

    await runBatchToEnd(batchId, logger);

    const stored = await getBatchRows(batchId);
    expect(stored.filter((r) => r.status === 'bought')).toHaveLength(3);
    expect(stored.filter((r) => r.status === 'failed').map((r) => r.error)).toEqual([BALANCE_SHORT, BALANCE_SHORT]);
    expect(await balanceOf(ann.id)).toBe(0);
    expect(carrierWatch.buyLabel).toHaveBeenCalledTimes(3);
  });

  it('a row whose key placed an order before (a worker that died after buying it): the group goes row by row, and that row answers its first order', async () => {
    await creditWallet(ann, 4 * PRICE);
    const batchId = await running(4);
    await runBatchToEnd(batchId, logger);
    const first = await getBatchRows(batchId);
    expect(first.map((r) => r.status)).toEqual(['bought', 'bought', 'bought', 'bought']);
    // Rows 2 and 3 back to ready, as a worker that died before writing their outcomes left them.
    await asIfOutcomesLost(batchId, [2, 3]);

    await runBatchToEnd(batchId, logger);

    const again = await getBatchRows(batchId);
    expect(again.map((r) => [r.status, r.shipOrderId])).toEqual(first.map((r) => ['bought', r.shipOrderId]));
    expect(carrierWatch.buyLabel).toHaveBeenCalledTimes(4);
    expect(await ordersOf()).toHaveLength(4);
    expect(await balanceOf(ann.id)).toBe(0);
  });

  it('an order taken over while its label was made: the others are recorded on their own, and its sale is refunded at the carrier', async () => {
    await creditWallet(ann, 3 * PRICE);
    const batchId = await running(3);
    // Recovery ends the second row's order (refunded) while the carrier makes its label.
    carrierWatch.buyLabel.mockImplementation(async (req, real, beforeCall) => {
      const label = await real.buyLabel(req, beforeCall);
      if (req.to.name === 'Receiver 2') {
        const order = await getOrder(ann.id, req.orderId);
        const owner = await getUserById(ann.id, { consistent: true });
        await failAndRefund(owner!, order!, 'taken over by recovery in the test', logger);
      }
      return label;
    });

    await runBatchToEnd(batchId, logger);

    const stored = await getBatchRows(batchId);
    expect(stored.map((r) => r.status)).toEqual(['bought', 'failed', 'bought']);
    expect(stored[1]?.error).toBe(CARRIER_FAILED);
    expect(carrierWatch.refundLabel).toHaveBeenCalledTimes(1);
    expect((await ordersOf()).map((o) => o.status).sort()).toEqual(['created', 'created', 'failed']);
    expect(await balanceOf(ann.id)).toBe(PRICE);
  });

  it('a worker that dies inside a group: after the leases end, every row ends in its label or its refund, never two labels', async () => {
    const rows = PLACE_TOGETHER + 4;
    await creditWallet(ann, rows * PRICE);
    const batchId = await running(rows);
    // The worker "dies" while the carrier makes the third row's label: that call never answers, so
    // its group is placed and paid, some of its labels made, none recorded.
    let stuck = false;
    carrierWatch.buyLabel.mockImplementation((req, real, beforeCall) => {
      if (req.to.name === 'Receiver 3') {
        stuck = true;
        return new Promise(() => undefined);
      }
      return real.buyLabel(req, beforeCall);
    });
    void processChunk(batchId, logger);
    await vi.waitFor(() => expect(stuck).toBe(true));
    await vi.waitFor(async () => expect((await ordersOf()).filter((o) => o.status !== 'processing').length).toBeGreaterThan(0), { timeout: 10_000 });
    const processing = (await ordersOf()).filter((o) => o.status === 'processing');
    expect(processing.length).toBeGreaterThan(0);

    // The restart: the carrier answers again, the purchases' and the batch's leases have ended.
    watchCarrierAnew();
    const past = new Date(Date.now() - 1000).toISOString();
    for (const order of processing) {
      await db.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: orderKey(ann.id, order.id),
          UpdateExpression: 'SET leaseUntil = :past',
          ExpressionAttributeValues: { ':past': past },
        }),
      );
    }
    await runBatchToEnd(batchId, logger);

    const stored = await getBatchRows(batchId);
    const orders = await ordersOf();
    expect(stored.every((r) => r.status === 'bought' || r.status === 'failed')).toBe(true);
    expect(orders.filter((o) => o.status === 'processing')).toEqual([]);
    // One order per row, never a second: a row bought has its label, a row failed its refund.
    expect(orders).toHaveLength(rows);
    const bought = stored.filter((r) => r.status === 'bought');
    expect(bought.length).toBeGreaterThan(0);
    for (const row of bought) expect(orders.find((o) => o.id === row.shipOrderId)?.status).toBe('created');
    expect(orders.filter((o) => o.status === 'created')).toHaveLength(bought.length);
    expect(await balanceOf(ann.id)).toBe((rows - bought.length) * PRICE);
  });
});
