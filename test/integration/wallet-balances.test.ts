/**
 * What the wallet records as it moves (functions/wallet/wallet.ts): each entry's balance after and
 * each day's closing balance, exact in the order DynamoDB applied the changes, also when they race;
 * and the receipt and the balance history that read them, a handful of items whatever the ledger.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BatchWriteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { todayInEastern } from '../../domain/ship-date';
import { db, tableName } from '../../functions/data/client';
import { newOrder, putOrderStep } from '../../functions/data/orders';
import { getUserById } from '../../functions/data/users';
import { getBalanceHistory } from '../../functions/insights/balance-history';
import { buyWithCredits } from '../../functions/labels/credit-orders';
import { logger } from '../../functions/observability/logger';
import { NO_RECEIPT_MESSAGE, receiptFor } from '../../functions/receipts/receipt';
import { entryStep, listWholeLedger, newEntry } from '../../functions/wallet/ledger';
import { adjust, adjustmentEntry, debit, transactWallet } from '../../functions/wallet/wallet';
import { ulid } from 'ulid';
import { expectLedgerInvariant, ledgerOf } from './ledger-invariant';
import { labelForm, newUser } from './reliability/helpers';

/** Counts the items DynamoDB answers (GetItem, Query, BatchGetItem, TransactGetItems) while installed. */
function countItemsRead() {
  const counter = { items: 0 };
  db.middlewareStack.add(
    (next) => async (args) => {
      const out = await next(args);
      const o = out.output as { Item?: unknown; Items?: unknown[]; Responses?: Record<string, unknown[]> | unknown[] };
      if (o.Item) counter.items += 1;
      if (o.Items) counter.items += o.Items.length;
      if (Array.isArray(o.Responses)) counter.items += o.Responses.length;
      else if (o.Responses) counter.items += Object.values(o.Responses).reduce((n, list) => n + list.length, 0);
      return out;
    },
    { step: 'initialize', name: 'countItemsRead' },
  );
  return counter;
}
afterEach(() => void db.middlewareStack.remove('countItemsRead'));

describe('the balance after each entry', () => {
  it('is exact when debits of one wallet race: one after another in this process, each pinned to the balance it read', async () => {
    const ann = await newUser('race', 5000);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => transactWallet(ann, (account) => debit(account, { amountCents: 600, orderId: `race-order-${i}` }))),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    // A change from elsewhere meanwhile (the pin refuses the stale figure; the wallet reads again).
    const stale = { balanceCents: 5000, heldCents: 0, disputedCents: 0 };
    expect((await transactWallet(ann, (account) => debit(account, { amountCents: 100, orderId: 'race-late' }), stale)).ok).toBe(true);
    const { entries } = await ledgerOf(ann.id);
    const afters = entries.filter((e) => e.type === 'label').map((e) => Number(e.balanceAfterCents));
    expect(afters.sort((a, b) => b - a)).toEqual([4400, 3800, 3200, 2600, 2000, 1900]);
    expect((await getUserById(ann.id, { consistent: true }))?.balanceCents).toBe(1900);
    await expectLedgerInvariant(ann.id);
    // The day's closing balance is the last change's.
    const day = todayInEastern();
    const { Item } = await db.send(
      new GetCommand({ TableName: tableName(), Key: { pk: `USER#${ann.id}`, sk: `BALDAY#${day.slice(0, 7)}` }, ConsistentRead: true }),
    );
    expect(Item?.[`d${day.slice(8)}`]).toBe(1900);
  });

  it('is what the receipts print, by entry and by shipment', async () => {
    const bo = await newUser('receipts', 2000);
    const { order } = await buyWithCredits(bo.id, labelForm() as never, `receipts-${ulid()}`, logger);
    const adjustment = adjustmentEntry(bo, ulid(), 250, 'goodwill');
    expect((await transactWallet(bo, (account) => adjust(account, adjustment))).ok).toBe(true);
    const ledger = await listWholeLedger(bo.id);
    const printed = await Promise.all(ledger.map(async (e) => [e.type, (await receiptFor(bo.id, e.id)).balanceAfterCents]));
    expect(printed.sort()).toEqual([
      ['adjustment', 1650],
      ['label', 1400],
      ['topup', 2000],
    ]);
    // A shipment's id answers its label's receipt.
    expect((await receiptFor(bo.id, order.id)).balanceAfterCents).toBe(1400);
  });
});

describe('reads that stay small', () => {
  it('a receipt and the balance history read a handful of items for a ledger of thousands of entries', { timeout: 60_000 }, async () => {
    const cy = await newUser('big', 2000);
    const { order } = await buyWithCredits(cy.id, labelForm() as never, `big-${ulid()}`, logger);
    // 3,000 older entries of another day, written as the wallet writes them (outside any transaction: only their reading matters here).
    const old = Array.from({ length: 3000 }, (_, i) => ({
      ...entryStep({
        ...newEntry(cy, { amountCents: 1, type: 'adjustment', creditType: 'Credits', paymentType: 'WALLET', provider: 'wallet' }),
        status: 'completed',
        balanceAfterCents: i,
      }).item.Put!.Item!,
    }));
    for (let i = 0; i < old.length; i += 25) {
      await db.send(new BatchWriteCommand({ RequestItems: { [tableName()]: old.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
    }
    const read = countItemsRead();
    const receipt = await receiptFor(cy.id, order.id);
    expect(receipt.balanceAfterCents).toBe(1400);
    expect(read.items).toBeGreaterThan(0);
    expect(read.items).toBeLessThanOrEqual(10);

    // A shipment never paid has no receipt, and finding that out reads no more.
    const unpaid = newOrder(cy.id, labelForm() as never, 600, 'awaiting_payment');
    await db.send(new PutCommand(putOrderStep(unpaid).item.Put!));
    read.items = 0;
    await expect(receiptFor(cy.id, unpaid.id)).rejects.toThrow(NO_RECEIPT_MESSAGE);
    expect(read.items).toBeLessThanOrEqual(10);

    read.items = 0;
    const history = await getBalanceHistory(cy.id);
    expect(history.days.at(-1)?.balanceCents).toBe(1400);
    expect(read.items).toBeLessThanOrEqual(10);
  });
});
