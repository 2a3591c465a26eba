import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler } from '../../../../functions/handlers/addresses/delete-address';
import { apiEvent, call } from '../../functions/api-event';
import { bearer, emptyTable, expectNoWrites, HIDDEN_500, onlyCall, OTHER_ID, transactionCancelled, USER_ID } from '../auth/fixtures';
import { sent, TABLE, throttled } from '../payments/fixtures';
import { ADDRESS_CLAIM, ADDRESS_ID, addressItem, storeAddress } from './fixtures';

const ddb = mockClient(DynamoDBDocumentClient);
const USER = `USER#${USER_ID}`;
const NOT_FOUND = { message: 'Address not found' };

beforeEach(() => {
  emptyTable(ddb);
});

const remove = async (id = ADDRESS_ID, claims: Parameters<typeof bearer>[0] = {}) =>
  call(handler, apiEvent({ method: 'DELETE', path: `/auth/addresses/${id}`, params: { id }, headers: await bearer(claims) }));

describe('DELETE /auth/addresses/{id}', () => {
  it("reads the address under the caller's key, then deletes it and its claim in one TransactWrite", async () => {
    storeAddress(ddb);
    const res = await remove();

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ message: 'Address deleted' });
    expect(sent(ddb)).toEqual([`Get ${USER} ADDR#${ADDRESS_ID}`, `Transact[Delete ${USER} ADDR#${ADDRESS_ID}, Delete ${USER} ${ADDRESS_CLAIM}]`]);
    expect(ddb).toHaveReceivedCommandWith(GetCommand, { TableName: TABLE, Key: { pk: USER, sk: `ADDR#${ADDRESS_ID}` }, ConsistentRead: true });
    expect(onlyCall(ddb, TransactWriteCommand)).toEqual({
      TransactItems: [
        { Delete: { TableName: TABLE, Key: { pk: USER, sk: `ADDR#${ADDRESS_ID}` }, ConditionExpression: 'attribute_exists(pk)' } },
        { Delete: { TableName: TABLE, Key: { pk: USER, sk: ADDRESS_CLAIM } } },
      ],
    });
  });

  it('deletes the claim the item records, not one recomputed from its fields', async () => {
    const legacy = 'ADDRKEY#written-by-an-older-rule';
    storeAddress(ddb, addressItem({ claim: legacy }));
    await remove();

    expect(onlyCall(ddb, TransactWriteCommand).TransactItems?.[1]).toEqual({ Delete: { TableName: TABLE, Key: { pk: USER, sk: legacy } } });
  });

  it("answers 404 for another user's address: it is read under the caller's key, where it does not exist", async () => {
    storeAddress(ddb, addressItem({}, OTHER_ID));
    const res = await remove(ADDRESS_ID, { userId: USER_ID });

    expect(res.statusCode).toBe(404);
    expect(res.json).toEqual(NOT_FOUND);
    expect(sent(ddb)).toEqual([`Get ${USER} ADDR#${ADDRESS_ID}`]);
    expectNoWrites(ddb);
  });

  it('answers 404 for an unknown id, without writing', async () => {
    const res = await remove('01JZ0000000000000000000000');

    expect(res.statusCode).toBe(404);
    expect(res.json).toEqual(NOT_FOUND);
    expect(sent(ddb)).toEqual([`Get ${USER} ADDR#01JZ0000000000000000000000`]);
    expectNoWrites(ddb);
  });

  it('answers 404 when a concurrent delete removed it between the read and the write', async () => {
    storeAddress(ddb);
    ddb.on(TransactWriteCommand).rejects(transactionCancelled('ConditionalCheckFailed', 'None'));
    const res = await remove();

    expect(res.statusCode).toBe(404);
    expect(res.json).toEqual(NOT_FOUND);
    expect(ddb).toHaveReceivedCommandTimes(TransactWriteCommand, 1);
  });

  it('answers a plain 500 when DynamoDB throttles the delete', async () => {
    storeAddress(ddb);
    ddb.on(TransactWriteCommand).rejects(throttled());
    const res = await remove();

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
  });

  it('answers 401 without a token and 403 before the code step, without touching the table', async () => {
    storeAddress(ddb);
    const anonymous = await call(handler, apiEvent({ method: 'DELETE', path: `/auth/addresses/${ADDRESS_ID}`, params: { id: ADDRESS_ID } }));
    const otp = await remove(ADDRESS_ID, { scope: 'otp' });

    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json).toEqual({ message: 'Please sign in' });
    expect(otp.statusCode).toBe(403);
    expect(otp.json).toEqual({ message: 'Enter the code we sent to your email first' });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });
});
