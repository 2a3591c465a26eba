/**
 * GET /shipping/batches against DynamoDB Local through the real handlers: a
 * shipper's batches, newest first, their own only, page by page with the cursor; the status is the
 * batch item's current one. Proof: the answers and the stored pointer items.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiBatch, BatchesPage } from '../../../../domain/api/batches';
import { batchRefKey, startAwaitingPayment } from '../../../../functions/data/batches';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../../../functions/data/client';
import { batchCsv, type CsvRow, sampleRow, sampleRows } from '../../../fixtures/batch-csv';
import { invoke, newAccount, type Account } from '../../security/actors';
import { uploadPriced } from '../../batch-upload';

let ann: Account;
let bob: Account;
beforeEach(async () => {
  [ann, bob] = await Promise.all([newAccount('user', 'blist-a'), newAccount('user', 'blist-b')]);
});

async function upload(who: Account, rows: readonly CsvRow[]): Promise<string> {
  const res = await uploadPriced({ token: who.token, raw: batchCsv(rows) });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json as unknown as ApiBatch).batchId;
}
const list = async (who: Account, query?: Record<string, string>) => {
  const res = await invoke('GET /shipping/batches', { token: who.token, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json as unknown as BatchesPage;
};

describe('GET /shipping/batches', () => {
  it("lists the caller's own batches, newest first, with their rows and current status", async () => {
    const first = await upload(ann, sampleRows(2));
    const other = await upload(bob, sampleRows(1));
    const second = await upload(ann, [sampleRow(), sampleRow({ toZip: '123' }), sampleRow()]);

    const page = await list(ann);
    expect(page.batches.map((b) => b.batchId)).toEqual([second, first]);
    expect(page.nextCursor).toBeNull();
    expect(page.batches[0]).toMatchObject({ status: 'draft', rowCount: 3, toBuy: 0 });
    expect(page.batches[1]).toMatchObject({ status: 'draft', rowCount: 2, toBuy: 0 });
    expect((await list(bob)).batches.map((b) => b.batchId)).toEqual([other]);

    // The pointer is stored under the owner's partition only.
    const ref = await db.send(new GetCommand({ TableName: tableName(), Key: batchRefKey(ann.id, first), ConsistentRead: true }));
    expect(ref.Item).toMatchObject({ entity: 'batchRef', batchId: first, rowCount: 2 });
    const leaked = await db.send(new GetCommand({ TableName: tableName(), Key: batchRefKey(bob.id, first), ConsistentRead: true }));
    expect(leaked.Item).toBeUndefined();

    // The status is read from the batch item, not copied into the pointer.
    // (Awaiting a card payment: a status no worker or scheduled job acts on by itself.)
    expect(await startAwaitingPayment(first, { toBuy: 2, paymentMethod: 'purchase', purchaseKey: 'k' })).toBe(true);
    expect((await list(ann)).batches.find((b) => b.batchId === first)).toMatchObject({ status: 'awaiting_payment', toBuy: 2 });
  });

  it('pages with limit and the cursor: every batch once, newest first', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(await upload(ann, sampleRows(1)));

    const seen: string[] = [];
    let cursor: string | null | undefined;
    for (let pages = 0; pages < 5; pages++) {
      const page = await list(ann, { limit: '1', ...(cursor ? { cursor } : {}) });
      seen.push(...page.batches.map((b) => b.batchId));
      expect(page.batches.length).toBeLessThanOrEqual(1);
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual([...ids].reverse());
  });

  it('answers an empty page for a shipper with no batch', async () => {
    expect(await list(bob)).toEqual({ batches: [], nextCursor: null });
  });
});
