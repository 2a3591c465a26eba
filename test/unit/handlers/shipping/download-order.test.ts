import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler } from '../../../../functions/handlers/shipping/download-order';
import { apiEvent, call } from '../../functions/api-event';
import { bearer, emptyTable, HIDDEN_500, OTHER_ID, USER_ID } from '../auth/fixtures';
import { expectNoBalanceChange, sent, TABLE, throttled } from '../payments/fixtures';
import { ORDER_ID, orderItem, PDF, storeOrder, TRACKING } from './fixtures';

const labels = vi.hoisted(() => ({ put: vi.fn(), get: vi.fn() }));
vi.mock('../../../../functions/providers/registry/blobs', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../functions/providers/registry/blobs')>()),
  getLabelStore: () => labels,
}));

const ddb = mockClient(DynamoDBDocumentClient);
const LABEL_KEY = `labels/${USER_ID}/${ORDER_ID}.pdf`;

beforeEach(() => {
  emptyTable(ddb);
  labels.put.mockReset();
  labels.get.mockReset().mockResolvedValue(PDF);
});

afterEach(() => {
  expectNoBalanceChange(ddb);
  expect(labels.put).not.toHaveBeenCalled();
});

const download = async (shipOrderId = ORDER_ID, claims: Parameters<typeof bearer>[0] = {}) =>
  call(
    handler,
    apiEvent({ path: `/shipping/download-order/${shipOrderId}`, params: { shipOrderId }, headers: await bearer(claims) }),
  );

describe('GET /shipping/download-order/{shipOrderId}', () => {
  it("answers the stored PDF of a created order, read under the caller's own key", async () => {
    storeOrder(ddb, orderItem({ status: 'created' }));
    const res = await download();

    expect(res.statusCode).toBe(200);
    expect(res.isBase64Encoded).toBe(true);
    expect(Buffer.from(res.body ?? '', 'base64').equals(Buffer.from(PDF))).toBe(true);
    expect(res.headers).toMatchObject({ 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${TRACKING}.pdf"` });
    expect(sent(ddb)).toEqual([`Get USER#${USER_ID} ORDER#${ORDER_ID}`]);
    expect(ddb).toHaveReceivedCommandWith(GetCommand, { TableName: TABLE, Key: { pk: `USER#${USER_ID}`, sk: `ORDER#${ORDER_ID}` }, ConsistentRead: true });
    expect(labels.get).toHaveBeenCalledExactlyOnceWith(LABEL_KEY);
  });

  it("answers 404 for another user's order: it is read under the caller's key, where it does not exist", async () => {
    storeOrder(ddb, orderItem({ status: 'created', userId: OTHER_ID }));
    const res = await download(ORDER_ID, { userId: USER_ID });

    expect(res.statusCode).toBe(404);
    expect(res.json).toEqual({ message: 'No label for this order' });
    expect(sent(ddb)).toEqual([`Get USER#${USER_ID} ORDER#${ORDER_ID}`]);
    expect(labels.get).not.toHaveBeenCalled();
  });

  it('answers 404 for an unknown order', async () => {
    const res = await download('01JZ0000000000000000000000');

    expect(res.statusCode).toBe(404);
    expect(res.json).toEqual({ message: 'No label for this order' });
    expect(sent(ddb)).toEqual([`Get USER#${USER_ID} ORDER#01JZ0000000000000000000000`]);
    expect(labels.get).not.toHaveBeenCalled();
  });

  it.each(['awaiting_payment', 'processing', 'failed'])('answers 404 for an order that is %s (it has no label)', async (status) => {
    storeOrder(ddb, orderItem({ status }));
    const res = await download();

    expect(res.statusCode).toBe(404);
    expect(res.json).toEqual({ message: 'No label for this order' });
    expect(labels.get).not.toHaveBeenCalled();
  });

  it('answers a plain 500 when the label is missing from the store', async () => {
    storeOrder(ddb, orderItem({ status: 'created' }));
    labels.get.mockResolvedValue(undefined);
    const res = await download();

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
    expect(res.body).not.toContain('labels/');
    expect(labels.get).toHaveBeenCalledExactlyOnceWith(LABEL_KEY);
  });

  it('answers a plain 500 when DynamoDB throttles the read', async () => {
    ddb.on(GetCommand).rejects(throttled());
    const res = await download();

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
    expect(labels.get).not.toHaveBeenCalled();
  });

  it('answers 401 without a token and 403 before the code step, without touching the table', async () => {
    const anonymous = await call(handler, apiEvent({ path: `/shipping/download-order/${ORDER_ID}`, params: { shipOrderId: ORDER_ID } }));
    const otp = await download(ORDER_ID, { scope: 'otp' });

    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json).toEqual({ message: 'Please sign in' });
    expect(otp.statusCode).toBe(403);
    expect(otp.json).toEqual({ message: 'Enter the code we sent to your email first' });
    expect(ddb).not.toHaveReceivedAnyCommand();
    expect(labels.get).not.toHaveBeenCalled();
  });
});
