import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProviderUnavailable } from '../../../../functions/errors';
import { handler } from '../../../../functions/handlers/shipping/create-label';
import { apiEvent, call } from '../../functions/api-event';
import { bearer, emptyTable, HIDDEN_500, jsonEvent, storeUser, transactionCancelled, USER_ID, userItem } from '../auth/fixtures';
import { NOW, NOW_ISO, sent, statsExpected, TABLE, throttled } from '../payments/fixtures';
import {
  apiOrder,
  BOUGHT,
  entryIdIn,
  expectBalanceMovesWithLedger,
  FROM,
  IDEMPOTENCY_EXPIRES,
  IDEMPOTENCY_KEY,
  labelForm,
  ORDER_ID,
  orderItem,
  PDF,
  refundTransaction,
  storeIdempotencyKey,
  storeOrder,
  TO,
  TRACKING,
  transactItems,
  walletEntryItem,
} from './fixtures';

const carrier = vi.hoisted(() => ({ buyLabel: vi.fn() }));
const labels = vi.hoisted(() => ({ put: vi.fn(), get: vi.fn() }));
vi.mock('../../../../functions/providers/registry/blobs', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../functions/providers/registry/blobs')>()),
  getLabelStore: () => labels,
}));
vi.mock('../../../../functions/providers/registry/carrier', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../functions/providers/registry/carrier')>()),
  getCarrier: () => carrier,
}));

const ddb = mockClient(DynamoDBDocumentClient);
const USER = `USER#${USER_ID}`;
const PROFILE = { pk: USER, sk: 'PROFILE' };
const CARRIER_DOWN = { message: 'USPS label service is not answering right now. Please try again in a moment.' };

/**
 * The user item as the table would hold it: once the order's debit transaction went through, a
 * consistent read (the answer's balance) sees the debited balance.
 */
function storeUserWithDebits(): void {
  const start = userItem();
  ddb.on(GetCommand, { Key: PROFILE }).callsFake(() => {
    const debited = ddb
      .commandCalls(TransactWriteCommand)
      .flatMap((c) => c.args[0].input.TransactItems ?? [])
      .filter((i) => i.Update?.Key?.pk === USER && i.Update?.UpdateExpression?.startsWith('SET balanceCents = balanceCents - :price'))
      .reduce((sum, i) => sum + Number(i.Update?.ExpressionAttributeValues?.[':price'] ?? 0), 0);
    const placed = ddb.commandCalls(TransactWriteCommand).length > 0 && debited > 0;
    return { Item: { ...start, balanceCents: Number(start.balanceCents) - (placed ? debited : 0) } };
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  emptyTable(ddb);
  storeUser(ddb);
  storeUserWithDebits();
  carrier.buyLabel.mockReset().mockResolvedValue(BOUGHT);
  labels.put.mockReset().mockResolvedValue(undefined);
  labels.get.mockReset();
});

afterEach(() => {
  expectBalanceMovesWithLedger(ddb);
  vi.useRealTimers();
});

/** POST /shipping/create-label; `key: null` sends no Idempotency-Key header. */
const buy = async (body: unknown = labelForm(), key: string | null = IDEMPOTENCY_KEY, scope: 'otp' | 'full' = 'full') =>
  call(handler, jsonEvent('POST', '/shipping/create-label', body, { ...(await bearer({ scope })), ...(key === null ? {} : { 'Idempotency-Key': key }) }));

/** The id of the order the first transaction placed (a fresh ulid per request). */
const placedOrderId = () => transactItems(ddb, 0)[1]?.Put?.Item?.id as string;

/** The transaction that places an order: idempotency key, order, debit, its ledger entry. */
const placeLines = (orderId: string, entryId: string, key = IDEMPOTENCY_KEY) =>
  `Transact[Put IDEMP#${USER_ID}#${key} IDEMP, Put ${USER} ORDER#${orderId}, Update ${USER} PROFILE, Put ${USER} TXN#${entryId}, Update STATS#total#* STATS]`;


describe('POST /shipping/create-label: buying with credits', () => {
  it('debits the wallet with its ledger entry in one transaction, buys the label, stores the PDF and marks the order created', async () => {
    const seen: Record<string, string[]> = {};
    carrier.buyLabel.mockImplementation(async () => {
      seen.carrier = sent(ddb);
      return BOUGHT;
    });
    labels.put.mockImplementation(async () => {
      seen.store = sent(ddb);
    });

    const res = await buy(labelForm(), IDEMPOTENCY_KEY);

    const orderId = placedOrderId();
    const entryId = entryIdIn(ddb, 0, 'label');
    expect(res.statusCode).toBe(201);
    expect(res.json).toEqual({ label: apiOrder({ shipOrderId: orderId }), balance: 6.5, balanceCents: 650 });
    const place = [`Get ${USER} PROFILE`, placeLines(orderId, entryId)];
    expect(sent(ddb)).toEqual([
      ...place,
      `Transact[Update ${USER} ORDER#${orderId}, Update STATS#total#* STATS, Update STATS#day#* STATS, Update ${USER} PROFILE]`,
      // The balance in the answer is read back, consistently, after the debit.
      `Get ${USER} PROFILE`,
    ]);
    expect(ddb.commandCalls(GetCommand).at(-1)?.args[0].input.ConsistentRead).toBe(true);
    expect(seen).toEqual({ carrier: place, store: place });

    expect(transactItems(ddb, 0)).toEqual([
      {
        Put: {
          TableName: TABLE,
          Item: { pk: `IDEMP#${USER_ID}#${IDEMPOTENCY_KEY}`, sk: 'IDEMP', entity: 'idempotency', orderId, expiresAt: IDEMPOTENCY_EXPIRES },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      { Put: { TableName: TABLE, Item: orderItem({ id: orderId }), ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        Update: {
          TableName: TABLE,
          Key: PROFILE,
          UpdateExpression: 'SET balanceCents = balanceCents - :price, version = version + :one',
          ConditionExpression: 'balanceCents >= :price',
          ExpressionAttributeValues: { ':price': 600, ':one': 1 },
        },
      },
      { Put: { TableName: TABLE, Item: walletEntryItem(entryId, 'label', -600, orderId), ConditionExpression: 'attribute_not_exists(pk)' } },
      ...statsExpected({ balanceCents: -600 }),
    ]);

    expect(carrier.buyLabel).toHaveBeenCalledExactlyOnceWith({
      orderId,
      labelType: 'usps_priority',
      weightLb: 2,
      lengthIn: 10,
      widthIn: 6,
      heightIn: 4,
      from: FROM,
      to: TO,
      shipDate: '2025-06-02',
    });
    const labelKey = `labels/${USER_ID}/${orderId}.pdf`;
    expect(labels.put).toHaveBeenCalledExactlyOnceWith(labelKey, PDF, 'application/pdf');

    expect(transactItems(ddb, 1)).toEqual([
      {
        Update: {
          TableName: TABLE,
          Key: { pk: USER, sk: `ORDER#${orderId}` },
          UpdateExpression:
            'SET #status = :created, tracking = :tracking, carrierRef = :ref, service = :service, labelKey = :key, updatedAt = :now, gsi2pk = :track, gsi2sk = :order',
          ConditionExpression: '#status = :processing',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':created': 'created',
            ':processing': 'processing',
            ':tracking': TRACKING,
            ':ref': BOUGHT.carrierRef,
            ':service': BOUGHT.service,
            ':key': labelKey,
            ':now': NOW_ISO,
            ':track': `TRACK#${TRACKING}`,
            ':order': 'ORDER',
          },
        },
      },
      ...statsExpected({ labels: 1 }),
      { Update: { TableName: TABLE, Key: PROFILE, UpdateExpression: 'ADD labelCount :one', ExpressionAttributeValues: { ':one': 1 } } },
    ]);
  });

  it.each([
    ['usps_priority', 2, 600],
    ['usps_priority', 31, 700],
    ['priority', 70, 500],
    ['usps_ground', 30, 500],
    ['ground_lbs', 30.5, 550],
  ])('charges the server price for %s at %s lb (%s cents), ignoring any price or amount in the body', async (labelType, weight, cents) => {
    const res = await buy(labelForm({ labelType, weight, price: 0.01, amount: 0.01, priceCents: 1 }));

    expect(res.statusCode).toBe(201);
    expect(res.json).toMatchObject({ label: { priceCents: cents, price: cents / 100 }, balanceCents: 1250 - cents });
    const [, order, debit, entry] = transactItems(ddb, 0);
    expect(order?.Put?.Item).toMatchObject({ labelType, weightLb: weight, priceCents: cents });
    expect(order?.Put?.Item).not.toHaveProperty('price');
    expect(order?.Put?.Item).not.toHaveProperty('amount');
    expect(debit?.Update?.ExpressionAttributeValues).toEqual({ ':price': cents, ':one': 1 });
    expect(entry?.Put?.Item).toMatchObject({ type: 'label', amountCents: -cents, status: 'completed' });
  });

  it('ships today when the form has no date', async () => {
    const res = await buy(labelForm({ date: undefined }));

    expect(res.statusCode).toBe(201);
    expect(transactItems(ddb, 0)[1]?.Put?.Item).toMatchObject({ shipDate: '2025-06-01' });
    expect(carrier.buyLabel).toHaveBeenCalledWith(expect.objectContaining({ shipDate: '2025-06-01' }));
  });

  it('accepts an Idempotency-Key of 100 characters', async () => {
    const key = 'aZ09_-'.repeat(16) + 'abcd';
    expect(key).toHaveLength(100);
    const res = await buy(labelForm(), key);

    expect(res.statusCode).toBe(201);
    expect(transactItems(ddb, 0)[0]?.Put?.Item).toMatchObject({ pk: `IDEMP#${USER_ID}#${key}`, sk: 'IDEMP' });
  });
});

describe('POST /shipping/create-label: refusals before any money moves', () => {
  it.each([
    ['missing', null],
    ['empty', ''],
    ['with a space', 'order 1'],
    ['with a #', 'order#1'],
    ['101 characters long', 'k'.repeat(101)],
  ])('answers 400 when the Idempotency-Key is %s, without touching the table', async (_what, key) => {
    const res = await buy(labelForm(), key);

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Idempotency-Key header is required' });
    expect(ddb).not.toHaveReceivedAnyCommand();
    expect(carrier.buyLabel).not.toHaveBeenCalled();
  });

  it('answers 400 for a label type with no price, without touching the table', async () => {
    const res = await buy(labelForm({ labelType: 'express' }));

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'This label type is not available for that weight' });
    expect(ddb).not.toHaveReceivedAnyCommand();
    expect(carrier.buyLabel).not.toHaveBeenCalled();
  });

  it('answers 400 for a weight over 70 lb (the form refuses it)', async () => {
    const res = await buy(labelForm({ weight: 71 }));

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Must be at most 70', fields: { weight: 'Must be at most 70' } });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it('answers 400 for a card purchase (it starts at card checkout), without touching the table', async () => {
    const res = await buy(labelForm({ paymentMethod: 'purchase' }));

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Card purchases start at card checkout', fields: { paymentMethod: 'Card purchases start at card checkout' } });
    expect(ddb).not.toHaveReceivedAnyCommand();
    expect(carrier.buyLabel).not.toHaveBeenCalled();
  });

  it('answers 402 Insufficient balance when the debit condition fails, and never calls the carrier', async () => {
    ddb.on(TransactWriteCommand).rejects(transactionCancelled('None', 'None', 'ConditionalCheckFailed', 'None'));
    const res = await buy();

    expect(res.statusCode).toBe(402);
    expect(res.json).toEqual({ message: 'Insufficient balance' });
    expect(sent(ddb)).toEqual([`Get ${USER} PROFILE`, placeLines(placedOrderId(), entryIdIn(ddb, 0, 'label'))]);
    expect(carrier.buyLabel).not.toHaveBeenCalled();
    expect(labels.put).not.toHaveBeenCalled();
  });

  it('answers a plain 500 and never calls the carrier when DynamoDB throttles the purchase transaction', async () => {
    ddb.on(TransactWriteCommand).rejects(throttled());
    const res = await buy();

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
    const orderId = placedOrderId();
    // The order is read back: had DynamoDB applied the purchase and lost only its answer, the label
    // would be bought now. It was not applied, so nothing more happens.
    expect(sent(ddb)).toEqual([`Get ${USER} PROFILE`, placeLines(orderId, entryIdIn(ddb, 0, 'label')), `Get ${USER} ORDER#${orderId}`]);
    expect(carrier.buyLabel).not.toHaveBeenCalled();
  });

  it('answers a plain 500 (not 402) when the transaction is cancelled for a conflict on the balance', async () => {
    ddb.on(TransactWriteCommand).rejects(transactionCancelled('None', 'None', 'TransactionConflict', 'None'));
    const res = await buy();

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
    expect(ddb).toHaveReceivedCommandTimes(TransactWriteCommand, 1);
    expect(carrier.buyLabel).not.toHaveBeenCalled();
  });

  it('answers 401 when the account no longer exists, writing nothing', async () => {
    emptyTable(ddb);
    const res = await buy();

    expect(res.statusCode).toBe(401);
    expect(res.json).toEqual({ message: 'Please sign in' });
    expect(sent(ddb)).toEqual([`Get ${USER} PROFILE`]);
  });

  it('answers 401 without a token and 403 before the code step, without touching the table', async () => {
    const anonymous = await call(
      handler,
      apiEvent({
        method: 'POST',
        path: '/shipping/create-label',
        headers: { 'content-type': 'application/json', 'idempotency-key': IDEMPOTENCY_KEY },
        body: JSON.stringify(labelForm()),
      }),
    );
    const otp = await buy(labelForm(), IDEMPOTENCY_KEY, 'otp');

    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json).toEqual({ message: 'Please sign in' });
    expect(otp.statusCode).toBe(403);
    expect(otp.json).toEqual({ message: 'Enter the code we sent to your email first' });
    expect(ddb).not.toHaveReceivedAnyCommand();
    expect(carrier.buyLabel).not.toHaveBeenCalled();
  });
});

describe('POST /shipping/create-label: a repeated Idempotency-Key', () => {
  beforeEach(() => {
    ddb.on(TransactWriteCommand).rejects(transactionCancelled('ConditionalCheckFailed', 'None', 'None', 'None'));
    storeIdempotencyKey(ddb, IDEMPOTENCY_KEY, ORDER_ID);
  });

  it('answers the first order (created) with the current balance, and never buys again', async () => {
    storeOrder(ddb, orderItem({ status: 'created' }));
    ddb.on(GetCommand, { Key: PROFILE }).resolvesOnce({ Item: userItem() }).resolves({ Item: userItem({ balanceCents: 650 }) });
    const res = await buy();

    expect(res.statusCode).toBe(201);
    expect(res.json).toEqual({ label: apiOrder(), balance: 6.5, balanceCents: 650 });
    expect(sent(ddb)).toEqual([
      `Get ${USER} PROFILE`,
      placeLines(placedOrderId(), entryIdIn(ddb, 0, 'label')),
      `Get IDEMP#${USER_ID}#${IDEMPOTENCY_KEY} IDEMP`,
      `Get ${USER} ORDER#${ORDER_ID}`,
      `Get ${USER} PROFILE`,
    ]);
    expect(ddb).toHaveReceivedCommandWith(GetCommand, { Key: { pk: `IDEMP#${USER_ID}#${IDEMPOTENCY_KEY}`, sk: 'IDEMP' }, ConsistentRead: true });
    expect(ddb).toHaveReceivedCommandWith(GetCommand, { Key: { pk: USER, sk: `ORDER#${ORDER_ID}` }, ConsistentRead: true });
    expect(carrier.buyLabel).not.toHaveBeenCalled();
    expect(labels.put).not.toHaveBeenCalled();
  });

  it('answers 502 when the first order failed (it was refunded then), and never buys again', async () => {
    storeOrder(ddb, orderItem({ status: 'failed', failureReason: 'POST /v2/shipments answered HTTP 503' }));
    const res = await buy();

    expect(res.statusCode).toBe(502);
    expect(res.json).toEqual(CARRIER_DOWN);
    expect(ddb).toHaveReceivedCommandTimes(TransactWriteCommand, 1);
    expect(carrier.buyLabel).not.toHaveBeenCalled();
  });

  it('waits for a first order still processing and answers it once created', { timeout: 15_000 }, async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout'], now: NOW });
    ddb
      .on(GetCommand, { Key: { pk: USER, sk: `ORDER#${ORDER_ID}` } })
      .resolvesOnce({ Item: orderItem() })
      .resolves({ Item: orderItem({ status: 'created' }) });

    let done = false;
    const answer = buy().finally(() => {
      done = true;
    });
    // Token checks and hashing are real async work: advance fake time until the request is done,
    // bounded by wall-clock time rather than a count a busy machine could outrun.
    const wallDeadline = performance.now() + 8_000;
    while (!done && performance.now() < wallDeadline) {
      await vi.advanceTimersByTimeAsync(200);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const res = await answer;

    expect(res.statusCode).toBe(201);
    expect(res.json).toMatchObject({ label: { shipOrderId: ORDER_ID, status: 'created', tracking: TRACKING } });
    expect(ddb.commandCalls(GetCommand).filter((c) => c.args[0].input.Key?.sk === `ORDER#${ORDER_ID}`)).toHaveLength(2);
    expect(carrier.buyLabel).not.toHaveBeenCalled();
  });
});

describe('POST /shipping/create-label: the carrier or the label store fails after the debit', () => {
  it.each([
    ['the carrier is unavailable', new ProviderUnavailable('EasyPost', 'POST /v2/shipments answered HTTP 503'), 'POST /v2/shipments answered HTTP 503'],
    ['the carrier throws', new Error('socket hang up'), 'socket hang up'],
  ])('answers 502 when %s: the order fails and the price goes back with a refund entry, in one transaction', async (_what, error, reason) => {
    carrier.buyLabel.mockRejectedValue(error);
    const res = await buy();

    const orderId = placedOrderId();
    const refundId = entryIdIn(ddb, 1, 'refund');
    expect(res.statusCode).toBe(502);
    expect(res.json).toEqual(CARRIER_DOWN);
    expect(sent(ddb)).toEqual([
      `Get ${USER} PROFILE`,
      placeLines(orderId, entryIdIn(ddb, 0, 'label')),
      `Transact[Update ${USER} ORDER#${orderId}, Update ${USER} PROFILE, Put ${USER} TXN#${refundId}, Update STATS#total#* STATS]`,
    ]);
    expect(transactItems(ddb, 1)).toEqual(refundTransaction(orderId, refundId, reason));
    expect(carrier.buyLabel).toHaveBeenCalledTimes(1);
    expect(labels.put).not.toHaveBeenCalled();
  });

  it('refunds the same way when the PDF cannot be stored', async () => {
    labels.put.mockRejectedValue(new Error('S3 PutObject answered 503 SlowDown'));
    const res = await buy();

    const orderId = placedOrderId();
    expect(res.statusCode).toBe(502);
    expect(res.json).toEqual(CARRIER_DOWN);
    expect(ddb).toHaveReceivedCommandTimes(TransactWriteCommand, 2);
    expect(transactItems(ddb, 1)).toEqual(refundTransaction(orderId, entryIdIn(ddb, 1, 'refund'), 'S3 PutObject answered 503 SlowDown'));
    expect(labels.put).toHaveBeenCalledExactlyOnceWith(`labels/${USER_ID}/${orderId}.pdf`, PDF, 'application/pdf');
  });

  it('answers a plain 500 and refunds nothing when the label exists but the order cannot be marked created', async () => {
    ddb.on(TransactWriteCommand).resolvesOnce({}).rejects(throttled());
    const res = await buy();

    const orderId = placedOrderId();
    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
    // Recording the label is tried 3 times, each failure followed by a read of the order (a lost
    // answer would show there); the order stays processing, with no refund: the label exists.
    const complete = `Transact[Update ${USER} ORDER#${orderId}, Update STATS#total#* STATS, Update STATS#day#* STATS, Update ${USER} PROFILE]`;
    const read = `Get ${USER} ORDER#${orderId}`;
    expect(sent(ddb)).toEqual([`Get ${USER} PROFILE`, placeLines(orderId, entryIdIn(ddb, 0, 'label')), complete, read, complete, read, complete, read]);
    expect(labels.put).toHaveBeenCalledTimes(1);
  });
});
