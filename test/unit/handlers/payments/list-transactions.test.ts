import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handler } from '../../../../functions/handlers/payments/list-transactions';
import { apiEvent, call } from '../../functions/api-event';
import { ADMIN_ID, bearer, EMAIL, emptyTable, onlyCall, OTHER_ID, storeAdmin, USER_ID } from '../auth/fixtures';
import { ENTRY_ID, entryItem, expectNoBalanceChange, TABLE } from './fixtures';

const ddb = mockClient(DynamoDBDocumentClient);
const LABEL_ID = '01JA0000000000000000000009';

/** A $3.50 label bought from the wallet (newer) and the $25 card top-up (older). */
const label = entryItem({
  id: LABEL_ID,
  amountCents: -350,
  type: 'label',
  creditType: 'Credits',
  paymentType: 'WALLET',
  status: 'completed',
  orderId: 'ord_1',
  provider: 'wallet',
  providerRef: null,
  createdAt: '2025-06-02T08:00:00.000Z',
  completedAt: '2025-06-02T08:00:00.000Z',
});
const topUp = entryItem({ status: 'completed', completedAt: '2025-06-01T12:01:00.000Z' });
const othersTopUp = entryItem({ id: '01JA0000000000000000000007', userId: OTHER_ID, userName: 'Bob', userEmail: 'bob@example.com', amountCents: 1005, status: 'pending' });

const apiTopUp = {
  id: ENTRY_ID,
  userId: USER_ID,
  user: { name: 'Ann Lee', email: EMAIL },
  orderId: null,
  amount: 25,
  amountCents: 2500,
  type: 'topup',
  creditType: 'Card',
  paymentType: 'CARD',
  status: 'completed',
  createdAt: '2025-06-01T11:59:00.000Z',
  completedAt: '2025-06-01T12:01:00.000Z',
};

beforeEach(() => {
  emptyTable(ddb);
  storeAdmin(ddb);
});

afterEach(() => {
  expectNoBalanceChange(ddb);
});

const list = async (query: Record<string, string> = {}, who: 'user' | 'admin' = 'user') =>
  call(
    handler,
    apiEvent({ path: '/hoodpay/transactions', query, headers: await bearer(who === 'admin' ? { userId: ADMIN_ID, role: 'admin' } : {}) }),
  );

describe('GET /hoodpay/transactions', () => {
  it("answers the caller's entries, newest first, from one Query on their partition", async () => {
    ddb.on(QueryCommand).resolves({ Items: [label, topUp] });
    const res = await list();

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({
      data: [
        {
          id: LABEL_ID,
          userId: USER_ID,
          user: { name: 'Ann Lee', email: EMAIL },
          orderId: 'ord_1',
          amount: -3.5,
          amountCents: -350,
          type: 'label',
          creditType: 'Credits',
          paymentType: 'WALLET',
          status: 'completed',
          createdAt: '2025-06-02T08:00:00.000Z',
          completedAt: '2025-06-02T08:00:00.000Z',
        },
        apiTopUp,
      ],
      nextCursor: null,
    });
    expect(onlyCall(ddb, QueryCommand)).toEqual({
      TableName: TABLE,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :txn)',
      ExpressionAttributeValues: { ':pk': `USER#${USER_ID}`, ':txn': 'TXN#' },
      ScanIndexForward: false,
      Limit: 50,
      ExclusiveStartKey: undefined,
    });
  });

  it('keeps internal fields (keys, provider refs) out of the answer', async () => {
    ddb.on(QueryCommand).resolves({ Items: [topUp] });
    const res = await list();

    expect(res.body).not.toMatch(/cs_test_123|gsi1pk|"pk"|providerRef/);
  });

  it("filters a user's own entries by ?type=, still on their partition", async () => {
    ddb.on(QueryCommand).resolves({ Items: [topUp] });
    const res = await list({ type: 'topup', limit: '10' });

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ data: [apiTopUp], nextCursor: null });
    expect(onlyCall(ddb, QueryCommand)).toEqual({
      TableName: TABLE,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :txn)',
      FilterExpression: '#type = :type',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':pk': `USER#${USER_ID}`, ':txn': 'TXN#', ':type': 'topup' },
      ScanIndexForward: false,
      Limit: 10,
      ExclusiveStartKey: undefined,
    });
  });

  it("answers an admin with ?type=topup every user's top-ups, newest first, from gsi1 (never a Scan)", async () => {
    ddb.on(QueryCommand).resolves({ Items: [othersTopUp, topUp] });
    const res = await list({ type: 'topup' }, 'admin');

    expect(res.statusCode).toBe(200);
    const { data } = res.json as { data: Array<Record<string, unknown>> };
    expect(data.map((e) => [e.userId, e.user, e.amount])).toEqual([
      [OTHER_ID, { name: 'Bob', email: 'bob@example.com' }, 10.05],
      [USER_ID, { name: 'Ann Lee', email: EMAIL }, 25],
    ]);
    expect(onlyCall(ddb, QueryCommand)).toEqual({
      TableName: TABLE,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :t',
      ExpressionAttributeValues: { ':t': 'TXNTYPE#topup' },
      ScanIndexForward: false,
      Limit: 50,
      ExclusiveStartKey: undefined,
    });
  });

  it('answers an admin without ?type= their own entries', async () => {
    await list({}, 'admin');

    expect(onlyCall(ddb, QueryCommand)).toMatchObject({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :txn)',
      ExpressionAttributeValues: { ':pk': `USER#${ADMIN_ID}`, ':txn': 'TXN#' },
    });
  });

  it('hands back a cursor that continues after the last entry read, and null on the last page', async () => {
    const lastKey = { pk: `USER#${USER_ID}`, sk: `TXN#${LABEL_ID}` };
    ddb.on(QueryCommand).resolvesOnce({ Items: [label], LastEvaluatedKey: lastKey }).resolvesOnce({ Items: [topUp] });
    const first = await list({ limit: '1' });
    const { nextCursor } = first.json as { nextCursor: string };
    const second = await list({ limit: '1', cursor: nextCursor });

    expect(JSON.parse(Buffer.from(nextCursor, 'base64url').toString('utf8'))).toEqual(lastKey);
    expect(second.statusCode).toBe(200);
    expect(second.json).toEqual({ data: [apiTopUp], nextCursor: null });
    expect(ddb.commandCalls(QueryCommand)[1]?.args[0].input).toMatchObject({ ExclusiveStartKey: lastKey, Limit: 1 });
  });

  it('answers 400 for an unknown type, without querying', async () => {
    const res = await list({ type: 'bonus' });

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({
      message: 'type must be topup, label, refund or adjustment',
      fields: { type: 'type must be topup, label, refund or adjustment' },
    });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it.each([
    ['garbage', '!!not base64 json!!'],
    ['an attribute that is not a key', Buffer.from(JSON.stringify({ balanceCents: '1' })).toString('base64url')],
    ["another user's partition", Buffer.from(JSON.stringify({ pk: 'USER#someone-else', sk: 'TXN#1' })).toString('base64url')],
    ["the admin index's cursor", Buffer.from(JSON.stringify({ pk: `USER#${USER_ID}`, sk: 'TXN#1', gsi1pk: 'TXNTYPE#topup', gsi1sk: 'x' })).toString('base64url')],
  ])('answers 400 Invalid cursor for %s, without querying', async (_what, cursor) => {
    const res = await list({ cursor });

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Invalid cursor' });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it('answers 401 without a token and 403 before the code step, without querying', async () => {
    const anonymous = await call(handler, apiEvent({ path: '/hoodpay/transactions' }));
    const otp = await call(handler, apiEvent({ path: '/hoodpay/transactions', headers: await bearer({ scope: 'otp' }) }));

    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json).toEqual({ message: 'Please sign in' });
    expect(otp.statusCode).toBe(403);
    expect(otp.json).toEqual({ message: 'Enter the code we sent to your email first' });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });
});
