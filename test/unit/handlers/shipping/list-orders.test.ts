import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handler } from '../../../../functions/handlers/shipping/list-orders';
import { apiEvent, call } from '../../functions/api-event';
import { bearer, emptyTable, HIDDEN_500, onlyCall, OTHER_ID, storeUser, USER_ID, userItem } from '../auth/fixtures';
import { expectNoBalanceChange, sent, TABLE, throttled } from '../payments/fixtures';
import { apiOrder, FROM, ORDER_ID, orderItem, TO } from './fixtures';

const ddb = mockClient(DynamoDBDocumentClient);
const USER = `USER#${USER_ID}`;
const OLDER_ID = '01JA0000000000000000000002';

/** A created label (newest) and an older ground order that failed, as the Query answers them. */
const created = orderItem({ status: 'created' });
const failed = orderItem({
  id: OLDER_ID,
  labelType: 'ground_lbs',
  weightLb: 40,
  priceCents: 550,
  status: 'failed',
  failureReason: 'POST /v2/shipments answered HTTP 503',
  from: { ...TO, name: 'Cy Shop' },
  to: { ...FROM, name: 'Di Home', city: 'Dallas' },
  createdAt: '2025-05-30T09:00:00.000Z',
});

const apiCreated = apiOrder();

const apiFailed = {
  ...apiCreated,
  shipOrderId: OLDER_ID,
  labelType: 'ground_lbs',
  labelTypeName: 'USPS Ground Advantage (economy)',
  weight: 40,
  from: { ...TO, name: 'Cy Shop' },
  to: { ...FROM, name: 'Di Home', city: 'Dallas' },
  fromName: 'Cy Shop',
  fromCity: 'New York',
  toName: 'Di Home',
  toCity: 'Dallas',
  price: 5.5,
  priceCents: 550,
  status: 'failed',
  tracking: null,
  createdAt: '2025-05-30T09:00:00.000Z',
};

const cursorOf = (key: Record<string, string>) => Buffer.from(JSON.stringify(key)).toString('base64url');

beforeEach(() => {
  emptyTable(ddb);
  storeUser(ddb, userItem({ labelCount: 7 }));
});

afterEach(() => {
  expectNoBalanceChange(ddb);
});

const list = async (query: Record<string, string> = {}, claims: Parameters<typeof bearer>[0] = {}) =>
  call(handler, apiEvent({ path: '/shipping/orders', query, headers: await bearer(claims) }));

describe('GET /shipping/orders', () => {
  it("answers the user's orders newest first from one Query, with the label count and the next cursor", async () => {
    const last = { pk: USER, sk: `ORDER#${OLDER_ID}` };
    ddb.on(QueryCommand).resolves({ Items: [created, failed], LastEvaluatedKey: last });
    const res = await list();

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ orders: [apiCreated, apiFailed], nextCursor: cursorOf(last), totalOrders: 7 });
    expect(sent(ddb).sort()).toEqual([`Get ${USER} PROFILE`, 'Query table']);
    expect(onlyCall(ddb, QueryCommand)).toEqual({
      TableName: TABLE,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :order)',
      ExpressionAttributeValues: { ':pk': USER, ':order': 'ORDER#' },
      ScanIndexForward: false,
      Limit: 50,
    });
  });

  it('never answers what only the server keeps (label key, carrier ref, failure reason, keys)', async () => {
    ddb.on(QueryCommand).resolves({ Items: [created, failed] });
    const res = await list();

    const text = JSON.stringify(res.json);
    for (const hidden of ['labelKey', 'carrierRef', 'failureReason', 'HTTP 503', 'gsi2pk', '"pk"', 'labels/']) expect(text).not.toContain(hidden);
  });

  it('reads the page after a cursor, with the asked limit, and answers no cursor on the last page', async () => {
    const after = { pk: USER, sk: `ORDER#${ORDER_ID}` };
    ddb.on(QueryCommand).resolves({ Items: [failed] });
    const res = await list({ cursor: cursorOf(after), limit: '1' });

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ orders: [apiFailed], nextCursor: null, totalOrders: 7 });
    expect(onlyCall(ddb, QueryCommand)).toMatchObject({ Limit: 1, ExclusiveStartKey: after, ExpressionAttributeValues: { ':pk': USER } });
  });

  it('answers no orders and totalOrders 0 for a user who never bought a label', async () => {
    storeUser(ddb, userItem());
    const res = await list();

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ orders: [], nextCursor: null, totalOrders: 0 });
  });

  it.each([
    ['not base64 JSON', 'not-a-cursor!'],
    ["another user's partition", cursorOf({ pk: `USER#${OTHER_ID}`, sk: `ORDER#${ORDER_ID}` })],
    ['other key names', cursorOf({ pk: USER, sk: `ORDER#${ORDER_ID}`, gsi1pk: 'USERS' })],
    ['a number for a key', Buffer.from(JSON.stringify({ pk: USER, sk: 5 })).toString('base64url')],
  ])('answers 400 Invalid cursor for a cursor with %s, without querying', async (_what, cursor) => {
    const res = await list({ cursor });

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Invalid cursor' });
    expect(ddb).not.toHaveReceivedCommand(QueryCommand);
  });

  it('answers a plain 500 when DynamoDB throttles the Query', async () => {
    ddb.on(QueryCommand).rejects(throttled());
    const res = await list();

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
  });

  it('answers 401 without a token and 403 before the code step, without touching the table', async () => {
    const anonymous = await call(handler, apiEvent({ path: '/shipping/orders' }));
    const otp = await list({}, { scope: 'otp' });

    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json).toEqual({ message: 'Please sign in' });
    expect(otp.statusCode).toBe(403);
    expect(otp.json).toEqual({ message: 'Enter the code we sent to your email first' });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });
});
