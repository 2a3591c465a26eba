import { BatchGetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { beforeEach, describe, expect, it } from 'vitest';
import { STATS_SHARDS } from '../../../functions/data/stats';
import { handler } from '../../../functions/handlers/landing/get-counter';
import { apiEvent, call } from './api-event';

const ddb = mockClient(DynamoDBDocumentClient);
const table = process.env.TABLE_NAME as string;

beforeEach(() => ddb.reset());

describe('GET /api/counter', () => {
  it('sums every shard in one BatchGet', async () => {
    ddb.on(BatchGetCommand).resolves({ Responses: { [table]: [{ labels: 3 }, { labels: 4 }] } });
    const res = await call(handler, apiEvent({ path: '/api/counter' }));
    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ count: 7 });
    expect(ddb).toHaveReceivedCommandTimes(BatchGetCommand, 1);
    const keys = ddb.commandCalls(BatchGetCommand)[0]?.args[0].input.RequestItems?.[table]?.Keys;
    expect(keys).toHaveLength(STATS_SHARDS);
  });

  it('answers 0 before any label exists', async () => {
    ddb.on(BatchGetCommand).resolves({ Responses: { [table]: [] } });
    expect((await call(handler, apiEvent({}))).json).toEqual({ count: 0 });
  });

  it('asks again for unprocessed shards', async () => {
    ddb
      .on(BatchGetCommand)
      .resolvesOnce({ Responses: { [table]: [{ labels: 1 }] }, UnprocessedKeys: { [table]: { Keys: [{ pk: 'STATS#total#2', sk: 'STATS' }] } } })
      .resolvesOnce({ Responses: { [table]: [{ labels: 2 }] } });
    expect((await call(handler, apiEvent({}))).json).toEqual({ count: 3 });
    expect(ddb).toHaveReceivedCommandTimes(BatchGetCommand, 2);
  });

  it('answers a plain 500 when DynamoDB fails, without its message', async () => {
    ddb.on(BatchGetCommand).rejects(new Error('ProvisionedThroughputExceededException: table prepaidship'));
    const res = await call(handler, apiEvent({}));
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('Provisioned');
  });
});
