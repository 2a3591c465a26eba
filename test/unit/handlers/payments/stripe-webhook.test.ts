/**
 * The Stripe webhook with the sandbox card provider (no Stripe keys): events are signed exactly as
 * the sandbox checkout page signs them, so the real signature check runs.
 */
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../../../functions/config';
import type { LocalCheckout } from '../../../../functions/data/local-checkouts';
import { handler } from '../../../../functions/handlers/payments/stripe-webhook';
import { sandboxWebhookSecret, stripeSandboxEvent, type SandboxOutcome } from '../../../../functions/providers/payments/sandbox-checkout';
import { apiEvent, call } from '../../functions/api-event';
import { EMAIL, emptyTable, HIDDEN_500, onlyCall, OTHER_ID, transactionCancelled, USER_ID } from '../auth/fixtures';
import { ENTRY_ID, entryItem, expectBalanceOnlyWithSettlement, expectNoBalanceChange, NOW, NOW_ISO, sent, statsExpected, storeEntry, TABLE, throttled } from './fixtures';

const ddb = mockClient(DynamoDBDocumentClient);
const ENTRY = `USER#${USER_ID} TXN#${ENTRY_ID}`;
const EVENT_TTL = Math.floor(NOW / 1000) + 30 * 24 * 3600;

/** The sandbox checkout behind the pending $25 entry of fixtures' entryItem(). */
const CHECKOUT: LocalCheckout = {
  id: 'cs_test_local_01JA0000000000000000000002',
  provider: 'stripe',
  userId: USER_ID,
  email: EMAIL,
  entryId: ENTRY_ID,
  purpose: 'topup',
  amountCents: 2500,
  description: 'PrepaidShip wallet top-up',
  successUrl: 'http://localhost:3000/user-dashboard/transactions?checkout=success',
  cancelUrl: 'http://localhost:3000/user-dashboard/transactions?checkout=cancelled',
  status: 'open',
  createdAt: NOW_ISO,
  expiresAt: Math.floor(NOW / 1000) + 2 * 24 * 3600,
};

type Signed = { payload: string; signatureHeader: string };
type StripeEventJson = { id: string; type: string; data: { object: Record<string, unknown> & { metadata: Record<string, string> } } };

/** The sandbox's event for CHECKOUT, optionally edited, then signed like the sandbox signs it. */
function stripeEvent(kind: SandboxOutcome, edit?: (event: StripeEventJson) => void): Signed {
  const original = stripeSandboxEvent(CHECKOUT, kind);
  if (!edit) return original;
  const event = JSON.parse(original.payload) as StripeEventJson;
  edit(event);
  const payload = JSON.stringify(event);
  return { payload, signatureHeader: Stripe.webhooks.generateTestHeaderString({ payload, secret: sandboxWebhookSecret() }) };
}

const eventIdOf = ({ payload }: Signed) => (JSON.parse(payload) as StripeEventJson).id;

const deliver = (payload: string, signature?: string) =>
  call(
    handler,
    apiEvent({
      method: 'POST',
      path: '/stripe/webhook',
      headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'Stripe-Signature': signature }) },
      body: payload,
    }),
  );
const deliverSigned = (event: Signed) => deliver(event.payload, event.signatureHeader);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  // The sandbox card provider, whatever the developer's environment says.
  vi.stubEnv('STRIPE_SECRET_KEY', '');
  resetConfigForTests();
  emptyTable(ddb);
  storeEntry(ddb);
});

afterEach(() => {
  expectBalanceOnlyWithSettlement(ddb);
  vi.useRealTimers();
  vi.unstubAllEnvs();
  resetConfigForTests();
});

/** The event record every settlement starts with. */
const eventPut = (eventId: string, outcome: 'completed' | 'failed') => ({
  Put: {
    TableName: TABLE,
    Item: { pk: `EVENT#stripe#${eventId}`, sk: 'EVENT', entity: 'webhookEvent', entryId: ENTRY_ID, outcome, processedAt: NOW_ISO, expiresAt: EVENT_TTL },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

const completeEntry = {
  Update: {
    TableName: TABLE,
    Key: { pk: `USER#${USER_ID}`, sk: `TXN#${ENTRY_ID}` },
    UpdateExpression: 'SET #status = :outcome, completedAt = :now',
    ConditionExpression: '#status = :pending AND amountCents = :amount',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':outcome': 'completed', ':now': NOW_ISO, ':pending': 'pending', ':amount': 2500 },
  },
};

const creditBalance = {
  Update: {
    TableName: TABLE,
    Key: { pk: `USER#${USER_ID}`, sk: 'PROFILE' },
    UpdateExpression: 'SET balanceCents = balanceCents + :amount, version = version + :one',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':amount': 2500, ':one': 1 },
  },
};

const failEntry = {
  Update: {
    TableName: TABLE,
    Key: { pk: `USER#${USER_ID}`, sk: `TXN#${ENTRY_ID}` },
    UpdateExpression: 'SET #status = :outcome, completedAt = :now',
    ConditionExpression: '#status = :pending',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':outcome': 'failed', ':now': NOW_ISO, ':pending': 'pending' },
  },
};

describe('POST /stripe/webhook: signature', () => {
  it.each([
    ['missing', () => deliver(stripeEvent('paid').payload)],
    ['empty', () => deliver(stripeEvent('paid').payload, '')],
    ['malformed', () => deliver(stripeEvent('paid').payload, 'not-a-signature')],
    [
      'forged with another secret',
      () => {
        const { payload } = stripeEvent('paid');
        return deliver(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' }));
      },
    ],
    [
      'stale (10 minutes old)',
      () => {
        const old = stripeSandboxEvent(CHECKOUT, 'paid', NOW - 10 * 60 * 1000);
        return deliverSigned(old);
      },
    ],
    [
      'over a tampered body',
      () => {
        const { payload, signatureHeader } = stripeEvent('paid');
        const tampered = payload.replace('"amount_total":2500', '"amount_total":250000');
        expect(tampered).not.toBe(payload);
        return deliver(tampered, signatureHeader);
      },
    ],
    ['over an empty body', () => deliver('', stripeEvent('paid').signatureHeader)],
  ])('answers 400 Invalid signature when it is %s, without touching the table', async (_what, send) => {
    const res = await send();

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Invalid signature' });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it('accepts a signature made 4 minutes ago (within the 5-minute tolerance)', async () => {
    const res = await deliverSigned(stripeSandboxEvent(CHECKOUT, 'paid', NOW - 4 * 60 * 1000));

    expect(res.statusCode).toBe(200);
    expect(ddb).toHaveReceivedCommandTimes(TransactWriteCommand, 1);
  });
});

describe('POST /stripe/webhook: settling a top-up', () => {
  it('completes the entry and credits the wallet in ONE transaction for a paid checkout', async () => {
    const event = stripeEvent('paid');
    const res = await deliverSigned(event);

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ received: true });
    expect(sent(ddb)).toEqual([`Get ${ENTRY}`, `Transact[Put EVENT#stripe#${eventIdOf(event)} EVENT, Update ${ENTRY}, Update USER#${USER_ID} PROFILE, Update STATS#total#* STATS, Update STATS#day#* STATS]`]);
    expect(ddb).toHaveReceivedCommandWith(GetCommand, { Key: { pk: `USER#${USER_ID}`, sk: `TXN#${ENTRY_ID}` }, ConsistentRead: true });
    expect(onlyCall(ddb, TransactWriteCommand).TransactItems).toEqual([eventPut(eventIdOf(event), 'completed'), completeEntry, creditBalance, ...statsExpected({ balanceCents: 2500, topUps: 1, topUpCents: 2500 })]);
  });

  it('completes on checkout.session.async_payment_succeeded too', async () => {
    const event = stripeEvent('paid', (e) => {
      e.type = 'checkout.session.async_payment_succeeded';
    });
    const res = await deliverSigned(event);

    expect(res.statusCode).toBe(200);
    expect(onlyCall(ddb, TransactWriteCommand).TransactItems).toEqual([eventPut(eventIdOf(event), 'completed'), completeEntry, creditBalance, ...statsExpected({ balanceCents: 2500, topUps: 1, topUpCents: 2500 })]);
  });

  it('answers 200 and does nothing more for a replayed event (its record already exists)', async () => {
    ddb.on(TransactWriteCommand).rejects(transactionCancelled('ConditionalCheckFailed', 'None', 'None'));
    const event = stripeEvent('paid');
    const res = await deliverSigned(event);

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ received: true });
    expect(sent(ddb)).toEqual([`Get ${ENTRY}`, `Transact[Put EVENT#stripe#${eventIdOf(event)} EVENT, Update ${ENTRY}, Update USER#${USER_ID} PROFILE, Update STATS#total#* STATS, Update STATS#day#* STATS]`]);
  });

  it('answers 200 when another event already settled the entry (the transaction is cancelled on the entry)', async () => {
    ddb.on(TransactWriteCommand).rejects(transactionCancelled('None', 'ConditionalCheckFailed', 'None'));
    const res = await deliverSigned(stripeEvent('paid'));

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ received: true });
    expect(ddb).toHaveReceivedCommandTimes(TransactWriteCommand, 1);
  });

  it('credits nothing when the amount paid differs from the entry', async () => {
    storeEntry(ddb, entryItem({ amountCents: 5000 }));
    const res = await deliverSigned(stripeEvent('paid'));

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ received: true });
    expect(sent(ddb)).toEqual([`Get ${ENTRY}`]);
  });

  it('credits nothing for an entry that does not exist', async () => {
    emptyTable(ddb);
    const res = await deliverSigned(stripeEvent('paid'));

    expect(res.statusCode).toBe(200);
    expect(sent(ddb)).toEqual([`Get ${ENTRY}`]);
  });

  it('writes nothing for a completed checkout that is not paid yet (it settles by async_payment_*)', async () => {
    const res = await deliverSigned(
      stripeEvent('paid', (e) => {
        e.data.object.payment_status = 'unpaid';
      }),
    );

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ received: true });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it.each([
    ['checkout.session.expired', undefined],
    ['checkout.session.async_payment_failed', 'checkout.session.async_payment_failed'],
  ])('marks the entry failed on %s, with no balance item', async (_type, type) => {
    const event = stripeEvent('cancelled', type ? (e) => void (e.type = type) : undefined);
    const res = await deliverSigned(event);

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ received: true });
    expect(sent(ddb)).toEqual([`Transact[Put EVENT#stripe#${eventIdOf(event)} EVENT, Update ${ENTRY}]`]);
    expect(onlyCall(ddb, TransactWriteCommand).TransactItems).toEqual([eventPut(eventIdOf(event), 'failed'), failEntry]);
    expectNoBalanceChange(ddb);
  });

  it('answers 500 (so Stripe retries) when DynamoDB throttles the settlement, which was one transaction', async () => {
    ddb.on(TransactWriteCommand).rejects(throttled());
    const event = stripeEvent('paid');
    const res = await deliverSigned(event);

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
    expect(ddb).toHaveReceivedCommandTimes(TransactWriteCommand, 1);
    expect(sent(ddb)).toEqual([`Get ${ENTRY}`, `Transact[Put EVENT#stripe#${eventIdOf(event)} EVENT, Update ${ENTRY}, Update USER#${USER_ID} PROFILE, Update STATS#total#* STATS, Update STATS#day#* STATS]`]);
  });
});

describe('POST /stripe/webhook: events that are not ours to settle', () => {
  it.each([
    [
      'metadata naming another user than client_reference_id',
      (e: StripeEventJson) => {
        e.data.object.metadata.userId = OTHER_ID;
      },
    ],
    [
      'client_reference_id naming another user than the metadata',
      (e: StripeEventJson) => {
        e.data.object.client_reference_id = OTHER_ID;
      },
    ],
    [
      'a purpose that is neither a top-up nor a label',
      (e: StripeEventJson) => {
        e.data.object.metadata.purpose = 'gift';
      },
    ],
    [
      'no entry id',
      (e: StripeEventJson) => {
        delete e.data.object.metadata.entryId;
      },
    ],
    [
      'no metadata',
      (e: StripeEventJson) => {
        delete (e.data.object as { metadata?: unknown }).metadata;
      },
    ],
  ])('answers 200 and writes nothing for a paid checkout with %s', async (_what, edit) => {
    const res = await deliverSigned(stripeEvent('paid', edit));

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ received: true });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  it.each(['payment_intent.succeeded', 'customer.created', 'checkout.session.async_payment_pending'])(
    'acknowledges %s with { received: true } and changes nothing',
    async (type) => {
      const res = await deliverSigned(
        stripeEvent('paid', (e) => {
          e.type = type;
        }),
      );

      expect(res.statusCode).toBe(200);
      expect(res.json).toEqual({ received: true });
      expect(ddb).not.toHaveReceivedAnyCommand();
    },
  );
});
