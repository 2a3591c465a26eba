/** `npm start` keeps data in DATA_DIR: a second DynamoDB Local on the same folder sees the first one's writes. */
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localDynamoClient, startDynamoLocal } from '../../infra/local/dynamodb-local';
import { ensureTable } from '../../infra/local/ensure-table';

const dir = mkdtempSync(join(tmpdir(), 'ps-restart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const docClient = (endpoint: string) => DynamoDBDocumentClient.from(localDynamoClient(endpoint));

describe('DynamoDB Local with a data folder', () => {
  it('keeps the table and its items across a stop and start', async () => {
    const first = await startDynamoLocal({ dataDir: dir });
    try {
      expect(await ensureTable(first.endpoint, 'keep')).toBe(true);
      await docClient(first.endpoint).send(new PutCommand({ TableName: 'keep', Item: { pk: 'A', sk: 'B', v: 42 } }));
    } finally {
      await first.stop();
    }
    expect(first.child.exitCode !== null || first.child.signalCode !== null).toBe(true);

    const second = await startDynamoLocal({ dataDir: dir });
    try {
      expect(await ensureTable(second.endpoint, 'keep')).toBe(false);
      const { Item } = await docClient(second.endpoint).send(new GetCommand({ TableName: 'keep', Key: { pk: 'A', sk: 'B' } }));
      expect(Item?.v).toBe(42);
    } finally {
      await second.stop();
    }
  });
});
