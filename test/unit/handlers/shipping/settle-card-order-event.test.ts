/**
 * settleCardOrderEvent (functions/labels/card-orders.ts), which the Stripe webhook calls for a
 * label's card payment. The webhook route itself, end to end, is in test/integration/labels.test.ts.
 */
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../../functions/http/logger';
import { settleCardOrderEvent } from '../../../../functions/labels/card-orders';
import { ProviderUnavailable } from '../../../../functions/errors';
import { emptyTable, storeUser, transactionCancelled, USER_ID } from '../auth/fixtures';
import { ENTRY_ID, entryItem, NOW, NOW_ISO, sent, statsExpected, storeEntry, TABLE, throttled } from '../payments/fixtures';
import {
  BOUGHT,
  entryIdIn,
  expectBalanceMovesWithLedger,
  FROM,
  ORDER_ID,
  orderItem,
  PDF,
  refundTransaction,
  storeOrder,
  TO,
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
const EVENT_KEY = 'stripe#evt_1QxLabel';
/** The order was placed (awaiting payment) two minutes before the payment arrives at NOW. */
const ORDERED_AT = '2025-06-01T11:58:00.000Z';
const READS = [`Get ${USER} TXN#${ENTRY_ID}`, `Get ${USER} ORDER#${ORDER_ID}`, `Get ${USER} PROFILE`];

/** The pending card entry startCardOrder made for the order: a 600-cent top-up tied to it. */
const cardEntry = entryItem({ amountCents: 600, orderId: ORDER_ID, createdAt: ORDERED_AT });
const awaitingOrder = orderItem({ status: 'awaiting_payment', paymentMethod: 'purchase', createdAt: ORDERED_AT, updatedAt: ORDERED_AT });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  emptyTable(ddb);
  storeUser(ddb);
  storeEntry(ddb, cardEntry);
  storeOrder(ddb, awaitingOrder);
  carrier.buyLabel.mockReset().mockResolvedValue(BOUGHT);
  labels.put.mockReset().mockResolvedValue(undefined);
  labels.get.mockReset();
});

afterEach(() => {
  expectBalanceMovesWithLedger(ddb);
  vi.useRealTimers();
});

const settle = (overrides: Partial<Parameters<typeof settleCardOrderEvent>[0]> = {}) =>
  settleCardOrderEvent({ userId: USER_ID, entryId: ENTRY_ID, outcome: 'completed', eventKey: EVENT_KEY, paidCents: 600, log: createLogger({}), ...overrides });

/** Everything the table received, for a payment that settled: reads, then the settle transaction. */
const settleLines = (debitId: string) => [
  ...READS,
  `Transact[Put EVENT#${EVENT_KEY} EVENT, Update ${USER} TXN#${ENTRY_ID}, Put ${USER} TXN#${debitId}, Update ${USER} ORDER#${ORDER_ID}]`,
];

/** The settle transaction's items; `debitCompletedAt` is the label debit's completion time. */
const settleItems = (debitId: string, debitCompletedAt: unknown = NOW_ISO) => [
  {
    Put: {
      TableName: TABLE,
      Item: { pk: `EVENT#${EVENT_KEY}`, sk: 'EVENT', entity: 'webhookEvent', orderId: ORDER_ID, outcome: 'completed', processedAt: NOW_ISO, expiresAt: Math.floor(NOW / 1000) + 30 * 24 * 3600 },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  },
  {
    Update: {
      TableName: TABLE,
      Key: { pk: USER, sk: `TXN#${ENTRY_ID}` },
      UpdateExpression: 'SET #status = :completed, completedAt = :now',
      ConditionExpression: '#status = :pending AND amountCents = :price',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':completed': 'completed', ':pending': 'pending', ':now': NOW_ISO, ':price': 600 },
    },
  },
  {
    Put: {
      TableName: TABLE,
      Item: { ...walletEntryItem(debitId, 'label', -600, ORDER_ID), completedAt: debitCompletedAt },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  },
  {
    Update: {
      TableName: TABLE,
      Key: { pk: USER, sk: `ORDER#${ORDER_ID}` },
      UpdateExpression: 'SET #status = :processing, updatedAt = :now',
      ConditionExpression: '#status = :awaiting',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':processing': 'processing', ':awaiting': 'awaiting_payment', ':now': NOW_ISO },
    },
  },
];

describe('settleCardOrderEvent: a paid label', () => {
  it('settles the payment and the label debit in one transaction (balance unchanged), then buys the label', async () => {
    const result = await settle();

    const debitId = entryIdIn(ddb, 0, 'label');
    expect(result).toBe('applied');
    expect(sent(ddb)).toEqual([
      ...settleLines(debitId),
      `Transact[Update ${USER} ORDER#${ORDER_ID}, Update STATS#total#* STATS, Update STATS#day#* STATS, Update ${USER} PROFILE]`,
    ]);
    // The debit's completedAt is checked by the test below (a known bug).
    expect(transactItems(ddb, 0)).toEqual(settleItems(debitId, expect.any(String)));
    expect(transactItems(ddb, 1)[0]?.Update).toMatchObject({ ConditionExpression: '#status = :processing', ExpressionAttributeValues: { ':created': 'created' } });
    expect(carrier.buyLabel).toHaveBeenCalledExactlyOnceWith({
      orderId: ORDER_ID,
      labelType: 'usps_priority',
      weightLb: 2,
      lengthIn: 10,
      widthIn: 6,
      heightIn: 4,
      from: FROM,
      to: TO,
      shipDate: '2025-06-02',
    });
    expect(labels.put).toHaveBeenCalledExactlyOnceWith(`labels/${USER_ID}/${ORDER_ID}.pdf`, PDF, 'application/pdf');
  });

  // BUG functions/data/orders.ts:138: debitFor() sets completedAt to order.createdAt, so a card
  // order's label debit says it completed when the order was placed, before the entry was even
  // created. Flip to `it` once it takes the settle time (new Date().toISOString()).
  it('records the label debit as completed when the payment settled, not when the order was placed', async () => {
    await settle();

    const debitId = entryIdIn(ddb, 0, 'label');
    expect(transactItems(ddb, 0)[2]).toEqual(settleItems(debitId)[2]);
  });

  it.each([
    ['less than the price', 500],
    ['more than the price', 700],
    ['an unknown amount', undefined],
  ])('writes nothing and buys nothing when the amount paid is %s', async (_what, paidCents) => {
    const result = await settle({ paidCents });

    expect(result).toBe('duplicate-or-rejected');
    expect(sent(ddb)).toEqual(READS);
    expect(carrier.buyLabel).not.toHaveBeenCalled();
  });

  it('buys nothing for a replayed event or an order no longer awaiting payment (the transaction is cancelled)', async () => {
    ddb.on(TransactWriteCommand).rejects(transactionCancelled('ConditionalCheckFailed', 'None', 'None', 'None'));
    const result = await settle();

    expect(result).toBe('duplicate-or-rejected');
    expect(sent(ddb)).toEqual(settleLines(entryIdIn(ddb, 0, 'label')));
    expect(carrier.buyLabel).not.toHaveBeenCalled();
  });

  it('refunds the price into the wallet when the carrier fails after the payment, and answers refunded', async () => {
    carrier.buyLabel.mockRejectedValue(new ProviderUnavailable('EasyPost', 'POST /v2/shipments answered HTTP 503'));
    const result = await settle();

    const refundId = entryIdIn(ddb, 1, 'refund');
    expect(result).toBe('refunded');
    expect(sent(ddb)).toEqual([
      ...settleLines(entryIdIn(ddb, 0, 'label')),
      `Transact[Update ${USER} ORDER#${ORDER_ID}, Update ${USER} PROFILE, Put ${USER} TXN#${refundId}, Update STATS#total#* STATS]`,
    ]);
    expect(transactItems(ddb, 1)).toEqual(refundTransaction(ORDER_ID, refundId, 'POST /v2/shipments answered HTTP 503'));
    expect(labels.put).not.toHaveBeenCalled();
  });

  it('throws (so Stripe retries) when DynamoDB throttles the settle transaction, and buys nothing', async () => {
    ddb.on(TransactWriteCommand).rejects(throttled());

    await expect(settle()).rejects.toThrow('Rate of requests exceeds the allowed throughput');
    expect(carrier.buyLabel).not.toHaveBeenCalled();
  });
});

describe('settleCardOrderEvent: other outcomes', () => {
  it('marks the entry and the order failed when the card payment did not complete, moving no money', async () => {
    const result = await settle({ outcome: 'failed', paidCents: undefined });

    expect(result).toBe('applied');
    expect(sent(ddb)).toEqual([...READS, `Transact[Put EVENT#${EVENT_KEY} EVENT, Update ${USER} TXN#${ENTRY_ID}]`, `Transact[Update ${USER} ORDER#${ORDER_ID}]`]);
    expect(transactItems(ddb, 0)[1]?.Update).toMatchObject({ ConditionExpression: '#status = :pending', ExpressionAttributeValues: { ':outcome': 'failed' } });
    expect(transactItems(ddb, 1)).toEqual([
      {
        Update: {
          TableName: TABLE,
          Key: { pk: USER, sk: `ORDER#${ORDER_ID}` },
          UpdateExpression: 'SET #status = :failed, failureReason = :reason, updatedAt = :now',
          ConditionExpression: '#status = :awaiting',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':failed': 'failed', ':awaiting': 'awaiting_payment', ':reason': 'card payment did not complete', ':now': NOW_ISO },
        },
      },
    ]);
    expect(carrier.buyLabel).not.toHaveBeenCalled();
  });

  it('rejects an event whose entry does not exist, writing nothing', async () => {
    emptyTable(ddb);
    storeUser(ddb);
    storeOrder(ddb, awaitingOrder);
    const result = await settle();

    expect(result).toBe('rejected');
    expect(sent(ddb)).toEqual([`Get ${USER} TXN#${ENTRY_ID}`, `Get ${USER} PROFILE`]);
    expect(carrier.buyLabel).not.toHaveBeenCalled();
  });

  it('rejects an event whose entry is a plain top-up (no order), writing nothing', async () => {
    storeEntry(ddb, entryItem({ amountCents: 600 }));
    const result = await settle();

    expect(result).toBe('rejected');
    expect(sent(ddb)).toEqual([`Get ${USER} TXN#${ENTRY_ID}`, `Get ${USER} PROFILE`]);
    expect(carrier.buyLabel).not.toHaveBeenCalled();
  });
});
