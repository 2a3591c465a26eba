/**
 * POST /shipping/batches against DynamoDB Local through the real handler: a cell longer than its
 * field allows refuses the file, and a shipper holds at most BATCH_MAX_OPEN batches not yet done,
 * even when uploads race. Proof: the answers and the stored items (batch pointers and row items).
 */
import { QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiBatch } from '../../../../domain/api/batches';
import { BATCH_MAX_OPEN } from '../../../../domain/constants';
import { finishBatch, startRunning } from '../../../../functions/data/batches';
import { db, tableName } from '../../../../functions/data/client';
import { batchCsv, sampleRow, sampleRows } from '../../../fixtures/batch-csv';
import { invoke, newAccount, type Account } from '../../security/actors';
import { uploadPriced } from '../../batch-upload';

let ann: Account;
beforeEach(async () => {
  ann = await newAccount('user', 'blimit');
});

const upload = (who: Account, raw: string) => uploadPriced({ token: who.token, raw });

/** The batch ids the user's list points at. */
async function storedBatchIds(who: Account): Promise<string[]> {
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :ref)',
      ExpressionAttributeValues: { ':pk': `USER#${who.id}`, ':ref': 'BATCHREF#' },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).map((i) => String(i.batchId));
}

/** Every batch item and row item in this file's table, whoever owns it. */
async function storedBatchItems(): Promise<{ batches: number; rows: number }> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.send(new ScanCommand({ TableName: tableName(), ConsistentRead: true, ExclusiveStartKey: start }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return { batches: items.filter((i) => i.entity === 'batch').length, rows: items.filter((i) => i.entity === 'batchRow').length };
}

describe('batch cell limits', () => {
  it('refuses a file with a cell longer than its field allows with a 400 naming row and column, storing nothing', async () => {
    const before = await storedBatchItems();
    const res = await upload(ann, batchCsv([sampleRow(), sampleRow(), sampleRow({ fromStreet: 's'.repeat(201) })]));
    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({
      message: 'Cell longer than the field allows: row 4, column fromStreet: at most 200 characters (it has 201). Shorten it and upload again.',
    });
    expect(await storedBatchIds(ann)).toEqual([]);
    expect(await storedBatchItems()).toEqual(before);
  });

  it('refuses a row edit with a cell over its limit, leaving the row as it was', async () => {
    const created = await upload(ann, batchCsv(sampleRows(1)));
    const { batchId } = created.json as unknown as ApiBatch;
    const res = await invoke('PUT /shipping/batches/{batchId}/rows/{row}', {
      token: ann.token,
      params: { batchId, row: '2' },
      body: { fields: sampleRow({ toZip: '123456789012' }) },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json)).toMatch(/Must be at most 10 characters/);
    const read = await invoke('GET /shipping/batches/{batchId}', { token: ann.token, params: { batchId } });
    expect((read.json as unknown as ApiBatch).rows[0]?.fields.toZip).toBe(sampleRow().toZip);
  });
});

describe(`at most ${BATCH_MAX_OPEN} open batches`, () => {
  it(`refuses the ${BATCH_MAX_OPEN + 1}st with 409 and stores nothing; a batch done frees a place`, async () => {
    for (let i = 0; i < BATCH_MAX_OPEN; i++) expect((await upload(ann, batchCsv(sampleRows(1)))).statusCode).toBe(201);
    const before = await storedBatchItems();
    const refused = await upload(ann, batchCsv(sampleRows(3)));
    expect(refused.statusCode).toBe(409);
    expect(refused.json).toEqual({ message: expect.stringMatching(/^You have 20 batches not yet bought/) });
    expect(await storedBatchIds(ann)).toHaveLength(BATCH_MAX_OPEN);
    expect(await storedBatchItems()).toEqual(before);

    // Another shipper is not held back by Ann's batches.
    const bob = await newAccount('user', 'blimit-b');
    expect((await upload(bob, batchCsv(sampleRows(1)))).statusCode).toBe(201);

    // One of Ann's batches is done: one more may be stored, and then no further one.
    const [first] = await storedBatchIds(ann);
    expect(await startRunning(first!, ['draft'], { toBuy: 0, purchaseKey: 'k', paymentMethod: 'credits' })).toBe(true);
    expect(await finishBatch(first!, undefined)).toBe(true);
    expect((await upload(ann, batchCsv(sampleRows(1)))).statusCode).toBe(201);
    expect((await upload(ann, batchCsv(sampleRows(1)))).statusCode).toBe(409);
    expect(await storedBatchIds(ann)).toHaveLength(BATCH_MAX_OPEN + 1);
  });

  it('holds when uploads race: exactly the free places are taken, and the refused ones leave no rows', async () => {
    const before = await storedBatchItems();
    const answers = await Promise.all(Array.from({ length: BATCH_MAX_OPEN + 5 }, () => upload(ann, batchCsv(sampleRows(2)))));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(BATCH_MAX_OPEN);
    expect(codes.filter((c) => c === 409)).toHaveLength(5);
    expect(await storedBatchIds(ann)).toHaveLength(BATCH_MAX_OPEN);
    const after = await storedBatchItems();
    expect(after.batches - before.batches).toBe(BATCH_MAX_OPEN);
    expect(after.rows - before.rows).toBe(2 * BATCH_MAX_OPEN);
  });
});
