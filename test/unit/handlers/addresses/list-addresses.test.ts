import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handler } from '../../../../functions/handlers/addresses/list-addresses';
import { apiEvent, call } from '../../functions/api-event';
import { bearer, emptyTable, expectNoWrites, HIDDEN_500, onlyCall, OTHER_ID, USER_ID } from '../auth/fixtures';
import { sent, TABLE, throttled } from '../payments/fixtures';
import { addressItem, apiAddress } from './fixtures';

const ddb = mockClient(DynamoDBDocumentClient);
const OLDER_ID = '01JB9000000000000000000001';

/** The newest address and an older one, as the Query answers them (newest first). */
const newest = addressItem();
const older = addressItem({ id: OLDER_ID, name: 'Bo Office', street: '5 Broadway', city: 'New York', state: 'NY', zip: '10001-1234', createdAt: '2025-05-01T08:00:00.000Z' });

beforeEach(() => {
  emptyTable(ddb);
});

afterEach(() => {
  expectNoWrites(ddb);
});

const list = async (claims: Parameters<typeof bearer>[0] = {}) => call(handler, apiEvent({ path: '/auth/addresses', headers: await bearer(claims) }));

describe('GET /auth/addresses', () => {
  it("answers the caller's addresses newest first, from one Query of their ADDR# items limited to 200", async () => {
    ddb.on(QueryCommand).resolves({ Items: [newest, older] });
    const res = await list();

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual([
      { id: newest.id, name: 'Ann Lee', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US', createdAt: newest.createdAt },
      { id: OLDER_ID, name: 'Bo Office', street: '5 Broadway', city: 'New York', state: 'NY', zip: '10001-1234', country: 'US', createdAt: '2025-05-01T08:00:00.000Z' },
    ]);
    expect(sent(ddb)).toEqual(['Query table']);
    expect(onlyCall(ddb, QueryCommand)).toEqual({
      TableName: TABLE,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :addr)',
      ExpressionAttributeValues: { ':pk': `USER#${USER_ID}`, ':addr': 'ADDR#' },
      ScanIndexForward: false,
      Limit: 200,
    });
  });

  it('never answers what only the table keeps (keys, claim, entity)', async () => {
    ddb.on(QueryCommand).resolves({ Items: [newest, older] });
    const res = await list();

    const answer = res.json as unknown as Record<string, unknown>[];
    expect(answer.map((a) => Object.keys(a).sort())).toEqual(Array(2).fill(['city', 'country', 'createdAt', 'id', 'name', 'state', 'street', 'zip']));
    expect(answer).toEqual([apiAddress(newest), apiAddress(older)]);
    for (const hidden of ['"pk"', '"sk"', 'claim', 'ADDRKEY#', 'entity', 'USER#']) expect(res.body).not.toContain(hidden);
  });

  it('reads only under the caller\'s own partition, whoever else has addresses', async () => {
    await list({ userId: OTHER_ID });

    expect(onlyCall(ddb, QueryCommand).ExpressionAttributeValues).toEqual({ ':pk': `USER#${OTHER_ID}`, ':addr': 'ADDR#' });
  });

  it('answers an empty list for a user with no saved address', async () => {
    const res = await list();

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual([]);
  });

  it('answers a plain 500 when DynamoDB throttles the Query', async () => {
    ddb.on(QueryCommand).rejects(throttled());
    const res = await list();

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
  });

  it('answers 401 without a token and 403 before the code step, without touching the table', async () => {
    const anonymous = await call(handler, apiEvent({ path: '/auth/addresses' }));
    const otp = await list({ scope: 'otp' });

    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json).toEqual({ message: 'Please sign in' });
    expect(otp.statusCode).toBe(403);
    expect(otp.json).toEqual({ message: 'Enter the code we sent to your email first' });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });
});
