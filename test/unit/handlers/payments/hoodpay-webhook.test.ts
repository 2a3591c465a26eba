import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProviderUnavailable } from '../../../../functions/errors';
import { handler } from '../../../../functions/handlers/payments/hoodpay-webhook';
import { hoodpaySandboxWebhookPayload } from '../../../../functions/providers/payments/sandbox-checkout';
import { apiEvent, call } from '../../functions/api-event';
import { emptyTable, HIDDEN_500, jsonEvent, onlyCall, transactionCancelled, USER_ID } from '../auth/fixtures';
import {
  ENTRY_ID,
  entryItem,
  expectBalanceOnlyWithSettlement,
  expectNoBalanceChange,
  NOW,
  NOW_ISO,
  sent,
  statsExpected,
  storeEntry,
  storePaymentRef,
  TABLE,
  throttled,
} from './fixtures';

const hoodpay = vi.hoisted(() => ({ createPayment: vi.fn(), getPayment: vi.fn() }));
vi.mock('../../../../functions/providers/registry/payments', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../functions/providers/registry/payments')>()),
  getCryptoCheckout: () => hoodpay,
}));

const ddb = mockClient(DynamoDBDocumentClient);
const PAYMENT_ID = 'hp_3f2a9c';
const READ_PAYREF = `Get PAYREF#hoodpay#${PAYMENT_ID} PAYREF`;
const ENTRY = `USER#${USER_ID} TXN#${ENTRY_ID}`;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  emptyTable(ddb);
  storePaymentRef(ddb, 'hoodpay', PAYMENT_ID, { userId: USER_ID, entryId: ENTRY_ID });
  storeEntry(ddb, entryItem({ amountCents: 1500, creditType: 'Crypto', paymentType: 'CRYPTO', provider: 'hoodpay', providerRef: PAYMENT_ID }));
  hoodpay.getPayment.mockReset();
});

afterEach(() => {
  expectBalanceOnlyWithSettlement(ddb);
  vi.useRealTimers();
});

const notify = (body: unknown) => call(handler, jsonEvent('POST', '/hoodpay/webhook', body));
const notifyPaid = () => notify(hoodpaySandboxWebhookPayload(PAYMENT_ID, 'paid'));

const settleItems = (outcome: 'completed' | 'failed') => [
  {
    Put: {
      TableName: TABLE,
      Item: {
        pk: `EVENT#hoodpay#${PAYMENT_ID}#${outcome}`,
        sk: 'EVENT',
        entity: 'webhookEvent',
        entryId: ENTRY_ID,
        outcome,
        processedAt: NOW_ISO,
        expiresAt: Math.floor(NOW / 1000) + 30 * 24 * 3600,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  },
  {
    Update: {
      TableName: TABLE,
      Key: { pk: `USER#${USER_ID}`, sk: `TXN#${ENTRY_ID}` },
      UpdateExpression: 'SET #status = :outcome, completedAt = :now',
      ConditionExpression: outcome === 'completed' ? '#status = :pending AND amountCents = :amount' : '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':outcome': outcome, ':now': NOW_ISO, ':pending': 'pending', ...(outcome === 'completed' ? { ':amount': 1500 } : {}) },
    },
  },
  ...(outcome === 'completed'
    ? [
        {
          Update: {
            TableName: TABLE,
            Key: { pk: `USER#${USER_ID}`, sk: 'PROFILE' },
            UpdateExpression: 'SET balanceCents = balanceCents + :amount, version = version + :one',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':amount': 1500, ':one': 1 },
          },
        },
        ...statsExpected({ balanceCents: 1500, topUps: 1, topUpCents: 1500 }),
      ]
    : []),
];

describe('POST /hoodpay/webhook', () => {
  it('answers 400 for a body that is not JSON, touching nothing', async () => {
    const res = await call(handler, apiEvent({ method: 'POST', path: '/hoodpay/webhook', headers: { 'content-type': 'application/json' }, body: '{"forPaymentEvents":' }));

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Request body must be valid JSON' });
    expect(ddb).not.toHaveReceivedAnyCommand();
    expect(hoodpay.getPayment).not.toHaveBeenCalled();
  });

  it.each([
    ['no payment at all', { eventType: 'PAYMENT_COMPLETED' }],
    ['an empty id', { forPaymentEvents: { id: '' } }],
    ['an id that is not a payment id', { forPaymentEvents: { id: '../../admin' } }],
    ['a JSON array', [PAYMENT_ID]],
  ])('answers 400 for a notification with %s, touching nothing', async (_what, body) => {
    const res = await notify(body);

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'No payment id in the notification' });
    expect(ddb).not.toHaveReceivedAnyCommand();
    expect(hoodpay.getPayment).not.toHaveBeenCalled();
  });

  it('answers 200 for a payment we never started, without asking Hoodpay', async () => {
    const res = await notify(hoodpaySandboxWebhookPayload('hp_unknown', 'paid'));

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ received: true });
    expect(sent(ddb)).toEqual(['Get PAYREF#hoodpay#hp_unknown PAYREF']);
    expect(hoodpay.getPayment).not.toHaveBeenCalled();
  });

  it('does not trust the notification: a payment Hoodpay reports pending writes nothing', async () => {
    hoodpay.getPayment.mockResolvedValue({ id: PAYMENT_ID, status: 'pending', amountCents: 1500 });
    const res = await notifyPaid();

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ received: true });
    expect(hoodpay.getPayment).toHaveBeenCalledExactlyOnceWith(PAYMENT_ID);
    expect(sent(ddb)).toEqual([READ_PAYREF]);
  });

  it('completes the entry and credits the wallet in one transaction for a completed payment of the same amount', async () => {
    hoodpay.getPayment.mockResolvedValue({ id: PAYMENT_ID, status: 'completed', amountCents: 1500 });
    const res = await notifyPaid();

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ received: true });
    expect(sent(ddb)).toEqual([READ_PAYREF, `Get ${ENTRY}`, `Transact[Put EVENT#hoodpay#${PAYMENT_ID}#completed EVENT, Update ${ENTRY}, Update USER#${USER_ID} PROFILE, Update STATS#total#* STATS, Update STATS#day#* STATS]`]);
    expect(onlyCall(ddb, TransactWriteCommand).TransactItems).toEqual(settleItems('completed'));
  });

  it('finds the payment in a { data: { id } } envelope too', async () => {
    hoodpay.getPayment.mockResolvedValue({ id: PAYMENT_ID, status: 'completed', amountCents: 1500 });
    const res = await notify({ data: { id: PAYMENT_ID } });

    expect(res.statusCode).toBe(200);
    expect(onlyCall(ddb, TransactWriteCommand).TransactItems).toEqual(settleItems('completed'));
  });

  it('answers 200 and changes nothing more for a replay of a settled payment', async () => {
    hoodpay.getPayment.mockResolvedValue({ id: PAYMENT_ID, status: 'completed', amountCents: 1500 });
    ddb.on(TransactWriteCommand).rejects(transactionCancelled('ConditionalCheckFailed', 'None', 'None'));
    const res = await notifyPaid();

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ received: true });
    expect(ddb).toHaveReceivedCommandTimes(TransactWriteCommand, 1);
    expect(sent(ddb)).toHaveLength(3);
  });

  it.each([
    ['less', 1499],
    ['more', 150000],
  ])('credits nothing when Hoodpay reports a completed payment of %s than the entry', async (_what, amountCents) => {
    hoodpay.getPayment.mockResolvedValue({ id: PAYMENT_ID, status: 'completed', amountCents });
    const res = await notifyPaid();

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ received: true });
    expect(sent(ddb)).toEqual([READ_PAYREF, `Get ${ENTRY}`]);
    expect(ddb).not.toHaveReceivedCommand(TransactWriteCommand);
  });

  it('marks the entry failed for a failed payment, with no balance item', async () => {
    hoodpay.getPayment.mockResolvedValue({ id: PAYMENT_ID, status: 'failed', amountCents: 1500 });
    const res = await notify(hoodpaySandboxWebhookPayload(PAYMENT_ID, 'cancelled'));

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ received: true });
    expect(sent(ddb)).toEqual([READ_PAYREF, `Transact[Put EVENT#hoodpay#${PAYMENT_ID}#failed EVENT, Update ${ENTRY}]`]);
    expect(onlyCall(ddb, TransactWriteCommand).TransactItems).toEqual(settleItems('failed'));
    expectNoBalanceChange(ddb);
  });

  it('answers 502 (so Hoodpay notifies again) when Hoodpay cannot be read, writing nothing', async () => {
    hoodpay.getPayment.mockRejectedValue(new ProviderUnavailable('Hoodpay', 'GET /v1/businesses/1/payments/hp_3f2a9c failed: TimeoutError'));
    const res = await notifyPaid();

    expect(res.statusCode).toBe(502);
    expect(res.json).toEqual({ message: 'Hoodpay is not answering right now. Please try again in a moment.' });
    expect(sent(ddb)).toEqual([READ_PAYREF]);
  });

  it('answers a plain 500 (so Hoodpay notifies again) when DynamoDB throttles the settlement', async () => {
    hoodpay.getPayment.mockResolvedValue({ id: PAYMENT_ID, status: 'completed', amountCents: 1500 });
    ddb.on(TransactWriteCommand).rejects(throttled());
    const res = await notifyPaid();

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
    expect(ddb).toHaveReceivedCommandTimes(TransactWriteCommand, 1);
  });
});
