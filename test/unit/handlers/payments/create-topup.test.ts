import { DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../../../functions/config';
import { ProviderUnavailable } from '../../../../functions/errors';
import { handler } from '../../../../functions/handlers/payments/create-topup';
import { apiEvent, call } from '../../functions/api-event';
import { bearer, EMAIL, emptyTable, HIDDEN_500, jsonEvent, storeUser, USER_ID } from '../auth/fixtures';
import { expectBalanceOnlyWithSettlement, expectNoBalanceChange, NOW, NOW_ISO, sent, TABLE, throttled } from './fixtures';

const hoodpay = vi.hoisted(() => ({ createPayment: vi.fn(), getPayment: vi.fn() }));
vi.mock('../../../../functions/providers/registry/payments', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../functions/providers/registry/payments')>()),
  getCryptoCheckout: () => hoodpay,
}));

const ddb = mockClient(DynamoDBDocumentClient);
const APP_URL = 'https://app.prepaidship.test';
const PAYMENT = { paymentId: 'hp_3f2a9c', url: 'https://pay.hoodpay.io/hp_3f2a9c' };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  vi.stubEnv('APP_URL', APP_URL);
  resetConfigForTests();
  emptyTable(ddb);
  storeUser(ddb);
  hoodpay.createPayment.mockReset().mockResolvedValue(PAYMENT);
  hoodpay.getPayment.mockReset();
});

afterEach(() => {
  expectBalanceOnlyWithSettlement(ddb);
  vi.useRealTimers();
  vi.unstubAllEnvs();
  resetConfigForTests();
});

const topUp = async (body: unknown, scope: 'otp' | 'full' = 'full') => call(handler, jsonEvent('POST', '/hoodpay/topup', body, await bearer({ scope })));

/** The pending entry the handler stored. */
const storedEntry = () =>
  ddb.commandCalls(PutCommand).find((c) => String(c.args[0].input.Item?.pk).startsWith('USER#'))?.args[0].input.Item as Record<string, unknown>;

describe('POST /hoodpay/topup', () => {
  it.each([
    ['Crypto', 'CRYPTO'],
    ['Bitcoin', 'BITCOIN'],
  ])('records a pending %s top-up, opens the Hoodpay payment and answers its url and id', async (creditType, paymentType) => {
    const res = await topUp({ amount: 15, creditType, type: 'topup', paymentMethod: paymentType });

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ data: { url: PAYMENT.url, hoodpayOrderId: PAYMENT.paymentId } });
    const entryId = storedEntry().id as string;
    expect(sent(ddb)).toEqual([
      `Get USER#${USER_ID} PROFILE`,
      `Put USER#${USER_ID} TXN#${entryId}`,
      `Put PAYREF#hoodpay#${PAYMENT.paymentId} PAYREF`,
      `Update USER#${USER_ID} TXN#${entryId}`,
    ]);
    expect(ddb).toHaveReceivedNthCommandWith(PutCommand, 1, {
      TableName: TABLE,
      Item: {
        pk: `USER#${USER_ID}`,
        sk: `TXN#${entryId}`,
        entity: 'ledgerEntry',
        gsi1pk: 'TXNTYPE#topup',
        gsi1sk: `${NOW_ISO}#${entryId}`,
        id: entryId,
        userId: USER_ID,
        userName: 'Ann Lee',
        userEmail: EMAIL,
        amountCents: 1500,
        type: 'topup',
        creditType,
        paymentType,
        status: 'pending',
        orderId: null,
        provider: 'hoodpay',
        providerRef: null,
        createdAt: NOW_ISO,
        completedAt: null,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(ddb).toHaveReceivedNthCommandWith(PutCommand, 2, {
      Item: { pk: `PAYREF#hoodpay#${PAYMENT.paymentId}`, sk: 'PAYREF', entity: 'paymentRef', userId: USER_ID, entryId },
    });
    expect(ddb).toHaveReceivedCommandWith(UpdateCommand, {
      Key: { pk: `USER#${USER_ID}`, sk: `TXN#${entryId}` },
      UpdateExpression: 'SET providerRef = :ref',
      ExpressionAttributeValues: { ':ref': PAYMENT.paymentId },
    });
    expect(hoodpay.createPayment).toHaveBeenCalledExactlyOnceWith({
      userId: USER_ID,
      email: EMAIL,
      entryId,
      purpose: 'topup',
      amountCents: 1500,
      description: 'PrepaidShip wallet top-up',
      successUrl: `${APP_URL}/user-dashboard/transactions?checkout=success`,
      cancelUrl: `${APP_URL}/user-dashboard/transactions?checkout=cancelled`,
      notifyUrl: `${APP_URL}/hoodpay/webhook`,
    });
    expectNoBalanceChange(ddb);
  });

  it('answers 400 for a card top-up (cards go through Stripe), writing nothing', async () => {
    const res = await topUp({ amount: 10, creditType: 'Card' });

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Card top-ups go through card checkout', fields: { creditType: 'Card top-ups go through card checkout' } });
    expect(ddb).not.toHaveReceivedAnyCommand();
    expect(hoodpay.createPayment).not.toHaveBeenCalled();
  });

  it('answers 502 when Hoodpay is down, marks the entry failed and changes no balance', async () => {
    hoodpay.createPayment.mockRejectedValue(new ProviderUnavailable('Hoodpay', 'POST /v1/businesses/1/payments answered HTTP 503'));
    const res = await topUp({ amount: 15, creditType: 'Crypto' });

    expect(res.statusCode).toBe(502);
    expect(res.json).toEqual({ message: 'Hoodpay is not answering right now. Please try again in a moment.' });
    const entryId = storedEntry().id as string;
    expect(sent(ddb)).toEqual([`Get USER#${USER_ID} PROFILE`, `Put USER#${USER_ID} TXN#${entryId}`, `Update USER#${USER_ID} TXN#${entryId}`]);
    expect(ddb).toHaveReceivedCommandWith(UpdateCommand, {
      Key: { pk: `USER#${USER_ID}`, sk: `TXN#${entryId}` },
      UpdateExpression: 'SET #status = :failed, completedAt = :now',
      ConditionExpression: '#status = :pending',
      ExpressionAttributeValues: { ':failed': 'failed', ':pending': 'pending', ':now': NOW_ISO },
    });
    expectNoBalanceChange(ddb);
  });

  it('answers a plain 500 and never calls Hoodpay when the pending entry cannot be stored', async () => {
    ddb.on(PutCommand).rejects(throttled());
    const res = await topUp({ amount: 15, creditType: 'Bitcoin' });

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
    expect(hoodpay.createPayment).not.toHaveBeenCalled();
  });

  it.each([
    [{ amount: 0.99, creditType: 'Crypto' }, { amount: 'Please enter a valid amount.' }],
    [{ amount: 15 }, { creditType: 'Choose a credit type' }],
    [{ amount: 15, creditType: 'Dogecoin' }, { creditType: 'Choose a credit type' }],
  ])('answers 400 for %j, writing nothing', async (body, fields) => {
    const res = await topUp(body);

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: Object.values(fields)[0], fields });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it('answers 401 without a token and 403 before the code step, writing nothing', async () => {
    const anonymous = await call(
      handler,
      apiEvent({ method: 'POST', path: '/hoodpay/topup', headers: { 'content-type': 'application/json' }, body: '{"amount":15,"creditType":"Crypto"}' }),
    );
    const otp = await topUp({ amount: 15, creditType: 'Crypto' }, 'otp');

    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json).toEqual({ message: 'Please sign in' });
    expect(otp.statusCode).toBe(403);
    expect(otp.json).toEqual({ message: 'Enter the code we sent to your email first' });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });
});
