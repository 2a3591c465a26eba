import { BatchGetCommand, DynamoDBDocumentClient, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STATS_SHARDS, statsItems } from '../../../../functions/data/stats';
import { handler } from '../../../../functions/handlers/admin/get-stats';
import { apiEvent, call } from '../../functions/api-event';
import { ADMIN_ID, bearer, emptyTable, storeAdmin, USER_ID } from '../auth/fixtures';

const ddb = mockClient(DynamoDBDocumentClient);
const table = process.env.TABLE_NAME as string;

beforeEach(() => {
  emptyTable(ddb);
  storeAdmin(ddb);
  vi.useFakeTimers({ now: new Date('2026-11-21T10:00:00.000Z'), toFake: ['Date'] });
});
afterEach(() => vi.useRealTimers());

const getStats = async (role: 'admin' | 'user' = 'admin') =>
  call(handler, apiEvent({ path: '/admin/stats', headers: await bearer({ userId: role === 'admin' ? ADMIN_ID : USER_ID, role }) }));

describe('GET /admin/stats', () => {
  it('sums the all-time and the 7 days of shards from one BatchGet, never a Scan', async () => {
    ddb.on(BatchGetCommand).resolves({
      Responses: {
        [table]: [
          { pk: 'STATS#total#0', sk: 'STATS', users: 3, labels: 10, balanceCents: 1250 },
          { pk: 'STATS#total#7', sk: 'STATS', users: 1, labels: 2, balanceCents: -250 },
          { pk: 'STATS#day#2026-11-21#4', sk: 'STATS', labels: 2, topUps: 1, topUpCents: 2500 },
          { pk: 'STATS#day#2026-11-15#9', sk: 'STATS', labels: 1, topUps: 2, topUpCents: 1001 },
        ],
      },
    });
    const res = await getStats();

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({
      users: 4,
      labels: { total: 12, last7Days: 3 },
      topUps: { last7Days: { count: 3, cents: 3501, dollars: 35.01 } },
      balances: { cents: 1000, dollars: 10 },
      window: { from: '2026-11-15', to: '2026-11-21' },
    });
    expect(ddb).toHaveReceivedCommandTimes(BatchGetCommand, 1);
    expect(ddb).not.toHaveReceivedCommand(ScanCommand);
    expect(ddb).not.toHaveReceivedCommand(QueryCommand);
    const keys = (ddb.commandCalls(BatchGetCommand)[0]?.args[0].input.RequestItems?.[table]?.Keys ?? []).map((k) => String(k.pk));
    expect(keys).toHaveLength(STATS_SHARDS * 8);
    expect(keys).toContain('STATS#day#2026-11-15#0');
    expect(keys).not.toContain('STATS#day#2026-11-14#0');
  });

  it('answers zeros before anything happened', async () => {
    ddb.on(BatchGetCommand).resolves({ Responses: { [table]: [] } });
    expect((await getStats()).json).toMatchObject({ users: 0, labels: { total: 0, last7Days: 0 }, balances: { cents: 0, dollars: 0 } });
  });

  it('is for admins only: 403 for a user, 401 without a token, and reads no figures', async () => {
    expect((await getStats('user')).statusCode).toBe(403);
    expect((await call(handler, apiEvent({ path: '/admin/stats' }))).statusCode).toBe(401);
    expect(ddb).not.toHaveReceivedCommand(BatchGetCommand);
  });

  it('refuses a signed admin claim whose stored account is not an admin', async () => {
    const res = await call(handler, apiEvent({ path: '/admin/stats', headers: await bearer({ userId: USER_ID, role: 'admin' }) }));
    expect(res.statusCode).toBe(403);
    expect(ddb).not.toHaveReceivedCommand(BatchGetCommand);
  });
});

describe('statsItems', () => {
  it('adds the all-time figures to one shard and the daily ones to that day, with a TTL', () => {
    const [total, day] = statsItems({ labels: 1, balanceCents: -600 }, new Date('2026-11-21T23:59:59.000Z'));
    expect(total?.Update).toMatchObject({
      Key: { pk: expect.stringMatching(/^STATS#total#\d$/), sk: 'STATS' },
      UpdateExpression: 'ADD #labels :labels, #balanceCents :balanceCents',
      ExpressionAttributeValues: { ':labels': 1, ':balanceCents': -600 },
    });
    expect(day?.Update).toMatchObject({
      Key: { pk: expect.stringMatching(/^STATS#day#2026-11-21#\d$/), sk: 'STATS' },
      UpdateExpression: 'ADD #labels :labels SET expiresAt = if_not_exists(expiresAt, :expires)',
      ExpressionAttributeValues: { ':labels': 1, ':expires': Math.floor(Date.parse('2026-11-21T23:59:59.000Z') / 1000) + 40 * 86_400 },
    });
  });

  it('writes no daily item for an all-time-only change, and nothing for no change', () => {
    expect(statsItems({ users: 1 })).toHaveLength(1);
    expect(statsItems({ balanceCents: 0 })).toEqual([]);
  });
});
