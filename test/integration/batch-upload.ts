/**
 * A batch upload through the real route, then the in-process batch worker waited for: the route
 * answers the batch `pricing` and the worker quotes its rows in the background, as SQS's worker does
 * in AWS. Tests about what a priced batch holds read it here once its rows are priced.
 */
import { expect } from 'vitest';
import type { ApiBatch } from '../../domain/api/batches';
import { batchQueueIdle } from '../../functions/batches/queue';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchKey, rowKey } from '../../functions/data/batches';
import { db, tableName } from '../../functions/data/client';
import { invoke, type Answer, type Req } from './security/actors';

/**
 * POST /shipping/batches with `req`; a stored batch (201) is answered as it stands once the worker
 * has priced it (`json`), beside the route's own answer (`uploaded`). Any other answer as it came.
 */
export async function uploadPriced(req: Req): Promise<Answer & { uploaded?: ApiBatch }> {
  const res = await invoke('POST /shipping/batches', { contentType: 'text/csv', ...req });
  if (res.statusCode !== 201) return res;
  const uploaded = res.json as unknown as ApiBatch;
  await batchQueueIdle();
  const priced = await invoke('GET /shipping/batches/{batchId}', { token: req.token, params: { batchId: uploaded.batchId } });
  expect(priced.statusCode, priced.body).toBe(200);
  return { ...res, json: priced.json, uploaded };
}

/**
 * Rows of a done batch back to ready and the batch back to running, as a worker that died after
 * buying them but before writing their outcomes left them.
 */
export async function asIfOutcomesLost(batchId: string, rows: readonly number[]): Promise<void> {
  for (const row of rows) {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: rowKey(batchId, row),
        UpdateExpression: 'SET #s = :ready, shipOrderId = :null, tracking = :null',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':ready': 'ready', ':null': null },
      }),
    );
  }
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: batchKey(batchId),
      UpdateExpression: 'SET #s = :running',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':running': 'running' },
    }),
  );
}
