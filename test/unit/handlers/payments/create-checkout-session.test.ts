import { DynamoDBDocumentClient, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProviderUnavailable } from '../../../../functions/errors';
import { handler } from '../../../../functions/handlers/payments/create-checkout-session';
import { SandboxCardCheckout } from '../../../../functions/providers/payments/sandbox-checkout';
import { apiEvent, call } from '../../functions/api-event';
import { bearer, EMAIL, emptyTable, HIDDEN_500, jsonEvent, OTHER_ID, storeUser, USER_ID } from '../auth/fixtures';
import { expectBalanceOnlyWithSettlement, expectNoBalanceChange, NOW, NOW_ISO, sent, TABLE, throttled } from './fixtures';

const card = vi.hoisted(() => ({ createSession: vi.fn(), webhookSecret: vi.fn() }));
vi.mock('../../../../functions/providers/registry/payments', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../functions/providers/registry/payments')>()),
  getCardCheckout: () => card,
}));

const ddb = mockClient(DynamoDBDocumentClient);
const SESSION = { id: 'cs_test_123', url: 'https://checkout.stripe.com/c/pay/cs_test_123' };
const WALLET = 'http://localhost:3000/user-dashboard/transactions';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  emptyTable(ddb);
  storeUser(ddb);
  card.createSession.mockReset().mockResolvedValue(SESSION);
});

afterEach(() => {
  expectBalanceOnlyWithSettlement(ddb);
  vi.useRealTimers();
});

const checkout = async (body: unknown, scope: 'otp' | 'full' = 'full') =>
  call(handler, jsonEvent('POST', '/stripe/create-checkout-session', body, await bearer({ scope })));

/** The pending entry the handler stored (the first Put on the user's partition). */
const storedEntry = () =>
  ddb.commandCalls(PutCommand).find((c) => String(c.args[0].input.Item?.pk).startsWith('USER#'))?.args[0].input.Item as Record<string, unknown>;

describe('POST /stripe/create-checkout-session', () => {
  it('records a pending $25 card top-up, then opens the session and answers its id and url', async () => {
    const res = await checkout({ amount: 25 });

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual(SESSION);
    const entryId = storedEntry().id as string;
    expect(entryId).toMatch(/^[0-9A-Z]{26}$/);
    expect(sent(ddb)).toEqual([
      `Get USER#${USER_ID} PROFILE`,
      `Put USER#${USER_ID} TXN#${entryId}`,
      'Put PAYREF#stripe#cs_test_123 PAYREF',
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
        amountCents: 2500,
        type: 'topup',
        creditType: 'Card',
        paymentType: 'CARD',
        status: 'pending',
        orderId: null,
        provider: 'stripe',
        providerRef: null,
        createdAt: NOW_ISO,
        completedAt: null,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(ddb).toHaveReceivedNthCommandWith(PutCommand, 2, {
      TableName: TABLE,
      Item: { pk: 'PAYREF#stripe#cs_test_123', sk: 'PAYREF', entity: 'paymentRef', userId: USER_ID, entryId },
    });
    expect(ddb).toHaveReceivedCommandWith(UpdateCommand, {
      Key: { pk: `USER#${USER_ID}`, sk: `TXN#${entryId}` },
      UpdateExpression: 'SET providerRef = :ref',
      ExpressionAttributeValues: { ':ref': 'cs_test_123' },
    });
    expect(card.createSession).toHaveBeenCalledExactlyOnceWith({
      userId: USER_ID,
      email: EMAIL,
      entryId,
      purpose: 'topup',
      amountCents: 2500,
      description: 'PrepaidShip wallet top-up',
      successUrl: `${WALLET}?checkout=success`,
      cancelUrl: `${WALLET}?checkout=cancelled`,
    });
    expectNoBalanceChange(ddb);
  });

  it('charges the validated amount only, ignoring a price, label or user id sent by the browser', async () => {
    const res = await checkout({ amount: '10.05', price: 0.01, label: 'Free money', metadata: { userId: OTHER_ID } });

    expect(res.statusCode).toBe(200);
    expect(storedEntry()).toMatchObject({ userId: USER_ID, amountCents: 1005 });
    expect(card.createSession).toHaveBeenCalledWith(
      expect.objectContaining({ userId: USER_ID, amountCents: 1005, description: 'PrepaidShip wallet top-up' }),
    );
    const written = JSON.stringify(ddb.calls().map((c) => (c.args[0] as { input: unknown }).input));
    expect(written).not.toContain('Free money');
    expect(written).not.toContain(OTHER_ID);
  });

  it('works with the sandbox checkout, which records its page in the table', async () => {
    card.createSession.mockImplementation((request) => new SandboxCardCheckout().createSession(request));
    const res = await checkout({ amount: 25 });

    expect(res.statusCode).toBe(200);
    const { id, url } = res.json as { id: string; url: string };
    expect(id).toMatch(/^cs_test_local_[0-9A-Z]{26}$/);
    expect(url).toBe(`http://localhost:3000/_local/checkout/${id}`);
    expect(ddb).toHaveReceivedCommandWith(PutCommand, {
      Item: expect.objectContaining({ pk: `LOCALCHECKOUT#${id}`, provider: 'stripe', userId: USER_ID, entryId: storedEntry().id, amountCents: 2500, status: 'open' }),
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    expect(ddb).toHaveReceivedCommandWith(PutCommand, { Item: expect.objectContaining({ pk: `PAYREF#stripe#${id}` }) });
  });

  it('answers 502 when Stripe is down, marks the entry failed and changes no balance', async () => {
    card.createSession.mockRejectedValue(new ProviderUnavailable('Stripe', 'timeout'));
    const res = await checkout({ amount: 25 });

    expect(res.statusCode).toBe(502);
    expect(res.json).toEqual({ message: 'Stripe is not answering right now. Please try again in a moment.' });
    const entryId = storedEntry().id as string;
    expect(sent(ddb)).toEqual([`Get USER#${USER_ID} PROFILE`, `Put USER#${USER_ID} TXN#${entryId}`, `Update USER#${USER_ID} TXN#${entryId}`]);
    expect(ddb).toHaveReceivedCommandWith(UpdateCommand, {
      TableName: TABLE,
      Key: { pk: `USER#${USER_ID}`, sk: `TXN#${entryId}` },
      UpdateExpression: 'SET #status = :failed, completedAt = :now',
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':failed': 'failed', ':pending': 'pending', ':now': NOW_ISO },
    });
    expectNoBalanceChange(ddb);
  });

  it('still answers the 502 when marking the entry failed fails too', async () => {
    card.createSession.mockRejectedValue(new ProviderUnavailable('Stripe', 'timeout'));
    ddb.on(UpdateCommand).rejects(throttled());
    const res = await checkout({ amount: 25 });

    expect(res.statusCode).toBe(502);
    expect(res.json).toEqual({ message: 'Stripe is not answering right now. Please try again in a moment.' });
    expectNoBalanceChange(ddb);
  });

  it('answers a plain 500 and never calls Stripe when the pending entry cannot be stored', async () => {
    ddb.on(PutCommand).rejects(throttled());
    const res = await checkout({ amount: 25 });

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
    expect(card.createSession).not.toHaveBeenCalled();
    expect(sent(ddb)).toEqual([`Get USER#${USER_ID} PROFILE`, `Put USER#${USER_ID} TXN#${storedEntry().id as string}`]);
  });

  it.each([
    ['zero', 0],
    ['under $1', 0.5],
    ['over $10,000', 10000.01],
    ['three decimals', 1.234],
    ['negative', -5],
    ['text', 'ten'],
    ['null', null],
  ])('answers 400 for an amount that is %s, writing nothing and calling no provider', async (_what, amount) => {
    const res = await checkout({ amount });

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Please enter a valid amount.', fields: { amount: 'Please enter a valid amount.' } });
    expect(ddb).not.toHaveReceivedAnyCommand();
    expect(card.createSession).not.toHaveBeenCalled();
  });

  it('answers 400 for a body with neither amount nor order', async () => {
    const res = await checkout({});

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Please enter a valid amount.', fields: { amount: 'Please enter a valid amount.' } });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it('for a label: stores the order awaiting payment and charges the server price, whatever the browser says', async () => {
    const address = { name: 'Ann Lee', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };
    const orderDetails = { labelType: 'usps_priority', weight: 2, height: 4, length: 10, width: 6, from: address, to: address, paymentMethod: 'purchase' };
    const res = await checkout({ amount: 1, label: 'free', metadata: { userId: 'someone-else', orderDetails } });

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual(SESSION);
    const order = ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems?.[0]?.Put?.Item;
    expect(order).toMatchObject({ userId: USER_ID, status: 'awaiting_payment', priceCents: 600, paymentMethod: 'purchase' });
    expect(storedEntry()).toMatchObject({ amountCents: 600, type: 'topup', creditType: 'Card', status: 'pending', orderId: order?.id });
    expect(card.createSession).toHaveBeenCalledWith(expect.objectContaining({ userId: USER_ID, purpose: 'label', amountCents: 600 }));
    expectNoBalanceChange(ddb);
  });

  it('answers 401 without a token, writing nothing', async () => {
    const res = await call(
      handler,
      apiEvent({ method: 'POST', path: '/stripe/create-checkout-session', headers: { 'content-type': 'application/json' }, body: '{"amount":25}' }),
    );

    expect(res.statusCode).toBe(401);
    expect(res.json).toEqual({ message: 'Please sign in' });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it('answers 403 to a sign-in token that has not passed the code step, writing nothing', async () => {
    const res = await checkout({ amount: 25 }, 'otp');

    expect(res.statusCode).toBe(403);
    expect(res.json).toEqual({ message: 'Enter the code we sent to your email first' });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it('answers 401 when the account is gone, before recording anything', async () => {
    emptyTable(ddb);
    const res = await checkout({ amount: 25 });

    expect(res.statusCode).toBe(401);
    expect(res.json).toEqual({ message: 'Please sign in' });
    expect(sent(ddb)).toEqual([`Get USER#${USER_ID} PROFILE`]);
    expect(card.createSession).not.toHaveBeenCalled();
  });
});
