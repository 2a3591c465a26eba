import { DynamoDBDocumentClient, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler } from '../../../../functions/handlers/addresses/create-address';
import { apiEvent, call } from '../../functions/api-event';
import { bearer, emptyTable, expectNoWrites, HIDDEN_500, jsonEvent, onlyCall, OTHER_ID, transactionCancelled, USER_ID } from '../auth/fixtures';
import { NOW, NOW_ISO, sent, TABLE, throttled } from '../payments/fixtures';
import { transactItems } from '../shipping/fixtures';
import { ADDRESS, ADDRESS_CLAIM, addressItem } from './fixtures';

const ddb = mockClient(DynamoDBDocumentClient);
const USER = `USER#${USER_ID}`;
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const DUPLICATE = { message: 'This address is already saved.' };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  emptyTable(ddb);
});

afterEach(() => {
  vi.useRealTimers();
});

const save = async (body: unknown, claims: Parameters<typeof bearer>[0] = {}) => call(handler, jsonEvent('POST', '/auth/addresses', body, await bearer(claims)));

/** The claim sort key the n-th (0-based) TransactWrite put. */
const claimOf = (n: number) => transactItems(ddb, n)[0]?.Put?.Item?.sk as string;

/** The user already keeps `n` addresses (the count check's Query answers them). */
const keeps = (n: number) =>
  ddb.on(QueryCommand).resolves({ Items: Array.from({ length: n }, (_, i) => addressItem({ id: `01JC${String(i).padStart(22, '0')}` })) });

describe('POST /auth/addresses', () => {
  it('answers 201 with the saved address, under a new ULID and the time it was saved', async () => {
    const res = await save(ADDRESS);

    expect(res.statusCode).toBe(201);
    expect(res.json).toEqual({ id: expect.stringMatching(ULID), ...ADDRESS, createdAt: NOW_ISO });
  });

  it('writes the claim (attribute_not_exists) and the address carrying that claim in ONE TransactWrite', async () => {
    const res = await save(ADDRESS);

    const id = res.json?.id as string;
    expect(sent(ddb)).toEqual(['Query table', `Transact[Put ${USER} ${ADDRESS_CLAIM}, Put ${USER} ADDR#${id}]`]);
    expect(onlyCall(ddb, TransactWriteCommand)).toEqual({
      TransactItems: [
        {
          Put: {
            TableName: TABLE,
            Item: { pk: USER, sk: ADDRESS_CLAIM, entity: 'addressClaim', addressId: id },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        { Put: { TableName: TABLE, Item: addressItem({ id }) } },
      ],
    });
  });

  it('counts the saved addresses first with the list Query (Limit 200)', async () => {
    await save(ADDRESS);

    expect(onlyCall(ddb, QueryCommand)).toEqual({
      TableName: TABLE,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :addr)',
      ExpressionAttributeValues: { ':pk': USER, ':addr': 'ADDR#' },
      ScanIndexForward: false,
      Limit: 200,
    });
  });

  it('makes the SAME claim key for the same place written with other case and spaces', async () => {
    await save(ADDRESS);
    await save({ name: 'Home', street: '  1   MAIN st ', city: 'AUSTIN', state: 'tx', zip: ' 78701', country: 'us ' });

    expect(ddb).toHaveReceivedCommandTimes(TransactWriteCommand, 2);
    expect(claimOf(0)).toBe(ADDRESS_CLAIM);
    expect(claimOf(1)).toBe(claimOf(0));
  });

  it('makes a different claim key for another place (another ZIP) and ignores the name', async () => {
    await save(ADDRESS);
    await save({ ...ADDRESS, name: 'Someone Else' });
    await save({ ...ADDRESS, zip: '78702' });

    expect(claimOf(1)).toBe(claimOf(0));
    expect(claimOf(2)).not.toBe(claimOf(0));
  });

  it('keys the claim and the address under the caller, so another user may save the same place', async () => {
    await save(ADDRESS, { userId: OTHER_ID });

    const [claim, address] = transactItems(ddb, 0);
    expect(claim?.Put?.Item).toMatchObject({ pk: `USER#${OTHER_ID}`, sk: ADDRESS_CLAIM });
    expect(address?.Put?.Item).toMatchObject({ pk: `USER#${OTHER_ID}`, claim: ADDRESS_CLAIM });
  });

  it('ignores keys, claim, id and dates sent in the body: the caller cannot choose where the address is written', async () => {
    const res = await save({ ...ADDRESS, pk: `USER#${OTHER_ID}`, sk: 'PROFILE', claim: 'ADDRKEY#mine', entity: 'user', id: 'chosen', createdAt: '2000-01-01T00:00:00.000Z' });

    const id = res.json?.id as string;
    expect(res.statusCode).toBe(201);
    expect(id).toMatch(ULID);
    expect(res.json).toEqual({ id, ...ADDRESS, createdAt: NOW_ISO });
    expect(sent(ddb)).toEqual(['Query table', `Transact[Put ${USER} ${ADDRESS_CLAIM}, Put ${USER} ADDR#${id}]`]);
    expect(transactItems(ddb, 0)[1]?.Put?.Item).toEqual(addressItem({ id }));
  });

  it('stores and answers a lower-case state upper-case, and the fields trimmed', async () => {
    const res = await save({ ...ADDRESS, name: ' Ann Lee ', state: 'tx', zip: '78701-1234 ' });

    expect(res.statusCode).toBe(201);
    expect(res.json).toMatchObject({ name: 'Ann Lee', state: 'TX', zip: '78701-1234' });
    expect(transactItems(ddb, 0)[1]?.Put?.Item).toMatchObject({ name: 'Ann Lee', state: 'TX', zip: '78701-1234' });
  });

  it("answers 409 This address is already saved. when the claim's condition fails", async () => {
    ddb.on(TransactWriteCommand).rejects(transactionCancelled('ConditionalCheckFailed', 'None'));
    const res = await save(ADDRESS);

    expect(res.statusCode).toBe(409);
    expect(res.json).toEqual(DUPLICATE);
    expect(sent(ddb)).toEqual(['Query table', expect.stringMatching(/^Transact\[Put .* ADDRKEY#/)]);
  });

  it('answers a plain 500 for a transaction cancelled for another reason (a conflict), not 409', async () => {
    ddb.on(TransactWriteCommand).rejects(transactionCancelled('TransactionConflict', 'None'));
    const res = await save(ADDRESS);

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
  });

  it('answers 400 at 200 saved addresses, without writing', async () => {
    keeps(200);
    const res = await save(ADDRESS);

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'You can keep at most 200 addresses. Delete one first.' });
    expect(sent(ddb)).toEqual(['Query table']);
    expectNoWrites(ddb);
  });

  it('still saves the 200th address', async () => {
    keeps(199);
    const res = await save(ADDRESS);

    expect(res.statusCode).toBe(201);
    expect(ddb).toHaveReceivedCommandTimes(TransactWriteCommand, 1);
  });

  it.each([
    ['an empty body', {}, { name: 'Required', street: 'Required', city: 'Required', state: 'Required', zip: 'Required', country: 'Required' }],
    ['blank fields', { ...ADDRESS, name: '  ', street: '' }, { name: 'Required', street: 'Required' }],
    ['a state that is not a code', { ...ADDRESS, state: 'Texas' }, { state: 'Use a two-letter US state code' }],
    ['an unknown code', { ...ADDRESS, state: 'XX' }, { state: 'Use a two-letter US state code' }],
    ['a 4-digit ZIP', { ...ADDRESS, zip: '7870' }, { zip: 'ZIP must be 5 digits or ZIP+4' }],
    ['a ZIP+3', { ...ADDRESS, zip: '78701-123' }, { zip: 'ZIP must be 5 digits or ZIP+4' }],
  ])('answers 400 with the field messages for %s, without touching the table', async (_what, body, fields) => {
    const res = await save(body);

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: Object.values(fields)[0], fields });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it('answers 400 Required for a body that is not an object', async () => {
    const res = await save(null);

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Required', fields: { _: 'Required' } });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it('answers a plain 500 when DynamoDB throttles the write', async () => {
    ddb.on(TransactWriteCommand).rejects(throttled());
    const res = await save(ADDRESS);

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
  });

  it('answers 401 without a token and 403 before the code step, without touching the table', async () => {
    const anonymous = await call(handler, jsonEvent('POST', '/auth/addresses', ADDRESS));
    const otp = await save(ADDRESS, { scope: 'otp' });

    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json).toEqual({ message: 'Please sign in' });
    expect(otp.statusCode).toBe(403);
    expect(otp.json).toEqual({ message: 'Enter the code we sent to your email first' });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it('answers 415 for a body that is not JSON', async () => {
    const res = await call(handler, apiEvent({ method: 'POST', path: '/auth/addresses', headers: { ...(await bearer()), 'content-type': 'text/plain' }, body: 'street=1 Main St' }));

    expect(res.statusCode).toBe(415);
    expect(ddb).not.toHaveReceivedAnyCommand();
  });
});
