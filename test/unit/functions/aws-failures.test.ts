/**
 * What the product answers when DynamoDB fails in ways DynamoDB Local does not produce on demand,
 * through the real handlers (the handler factory included) and data code, with the document client
 * mocked:
 * - throttling that outlasted the SDK's retries (the mock replaces `send`, so the error arrives as
 *   the SDK would throw it after its last attempt): a plain 500 that leaks nothing, and no write sent
 *   after the failed one;
 * - a condition lost to a concurrent writer (another request spent the balance, used the key, took
 *   the email, deleted the account, used the code): the domain's answer (402, the first order's
 *   answer or 409, 404, an invalid code), never a 500, and never a second debit.
 */
import { marshall } from '@aws-sdk/util-dynamodb';
import {
  ConditionalCheckFailedException,
  ProvisionedThroughputExceededException,
  TransactionCanceledException,
  type CancellationReason,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { labelPriceCents } from '../../../domain/pricing';
import type { LabelOrderBody } from '../../../domain/schemas/labels';
import { resetConfigForTests } from '../../../functions/config';
import type { TransactItem } from '../../../functions/data/client';
import { INVALID_CODE, TOO_MANY_CODE_TRIES, consumeSignInCode } from '../../../functions/data/one-time-codes';
import { newOrder, orderKey } from '../../../functions/data/orders';
import { InvalidRequest, TooManyAttempts } from '../../../functions/errors';
import { handler as register, SIGN_UP_ANSWER } from '../../../functions/handlers/auth/register';
import { handler as updateProfile } from '../../../functions/handlers/auth/update-profile';
import { handler as createLabel } from '../../../functions/handlers/shipping/create-label';
import { signSessionToken } from '../../../functions/http/tokens';
import { REFUNDED_BEFORE } from '../../../functions/labels/credit-orders';
import { hashSignInCode } from '../../../functions/security/secrets';
import { sampleLabelOrder } from '../../fixtures/label-order';
import { apiEvent, call } from './api-event';

// Sessions are the factory's business, tested against DynamoDB Local (test/integration/handlers/auth/sessions.test.ts).
vi.mock('../../../functions/data/sessions', async (original) => (await import('./live-sessions')).liveSessionsModule(original));

const ddb = mockClient(DynamoDBDocumentClient);

const USER_ID = '01JA0000000000000000000001';
const KEY = 'double-click-1';
const body = sampleLabelOrder() as unknown as LabelOrderBody;
const PRICE = labelPriceCents(body.labelType ?? '', body.weight);
const storedUser = (balanceCents: number) => ({
  pk: `USER#${USER_ID}`,
  sk: 'PROFILE',
  id: USER_ID,
  name: 'Ann',
  email: 'ann@example.com',
  role: 'user',
  verified: true,
  balanceCents,
  heldCents: 0,
  version: 3,
  labelCount: 0,
  createdAt: '2026-09-01T12:00:00.000Z',
});

/** The SDK's error once its retries are spent on a throttled table. */
const throttled = () =>
  new ProvisionedThroughputExceededException({
    message: 'The level of configured provisioned throughput for the table was exceeded.',
    $metadata: { httpStatusCode: 400, attempts: 4, totalRetryDelay: 1_050 },
  });

/**
 * A TransactWrite answer: DynamoDB cancelled it because the items `failed` picks did not meet their
 * condition (a reason per item, in the order sent).
 */
const cancelWhere = (failed: (item: TransactItem) => boolean) => (input: TransactWriteCommandInput) =>
  Promise.reject(
    new TransactionCanceledException({
      message: 'Transaction cancelled, please refer cancellation reasons for specific reasons',
      $metadata: { httpStatusCode: 400 },
      CancellationReasons: (input.TransactItems ?? []).map((item): CancellationReason =>
        failed(item) ? { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' } : { Code: 'None' },
      ),
    }),
  );
/** The wallet's balance update (a debit's "balance covers it"). */
const balanceUpdate = (item: TransactItem) => item.Update?.Key?.sk === 'PROFILE';
/** The idempotency key's claim. */
const keyClaim = (item: TransactItem) => item.Put?.Item?.sk === 'IDEMP';

/** Every command sent that writes (anything but a read). */
const writes = () => ddb.calls().filter((c) => !(c.args[0] instanceof GetCommand));

const bearer = async () => `Bearer ${await signSessionToken({ userId: USER_ID, role: 'user', scope: 'full', sessionId: 's1' })}`;
const json = { 'content-type': 'application/json' };

const buy = async () =>
  call(
    createLabel,
    apiEvent({
      method: 'POST',
      path: '/shipping/create-label',
      headers: { ...json, authorization: await bearer(), 'idempotency-key': KEY },
      body: JSON.stringify(body),
    }),
  );

beforeEach(() => {
  ddb.reset();
  // Reads find nothing unless a test says otherwise; the buyer has $2.00.
  ddb.on(GetCommand).resolves({});
  ddb.on(GetCommand, { Key: { pk: `USER#${USER_ID}`, sk: 'PROFILE' } }).resolves({ Item: storedUser(200) });
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetConfigForTests();
});

describe('POST /shipping/create-label when DynamoDB fails', () => {
  it('answers a plain 500 when the purchase is throttled past the retries, and sends nothing after it', async () => {
    ddb.on(TransactWriteCommand).rejects(throttled());

    const res = await buy();

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual({ message: 'Something went wrong. Please try again.', requestId: 'req-test-1' });
    expect(res.body).not.toMatch(/throughput|Provisioned|USER#|IDEMP#/i);
    // The one transaction that failed (no second debit), then only reads: no label bought, nothing refunded.
    expect(writes()).toHaveLength(1);
    expect(ddb).toHaveReceivedCommandTimes(TransactWriteCommand, 1);
  });

  it('answers 402 with what a card would pay when another purchase spent the balance first, and debits nothing', async () => {
    ddb.on(TransactWriteCommand).callsFake(cancelWhere(balanceUpdate));

    const res = await buy();

    expect(res.statusCode).toBe(402);
    expect(res.json).toEqual({ message: 'Insufficient balance', shortfallCents: PRICE - 200 });
    expect(writes()).toHaveLength(1);
  });

  describe('a repeated Idempotency-Key whose first request won the claim', () => {
    const first = { ...newOrder(USER_ID, body, PRICE, 'created'), tracking: '9400100000000000000001', carrierRef: 'shp_1', service: 'Priority Mail' };
    beforeEach(() => {
      ddb.on(TransactWriteCommand).callsFake(cancelWhere(keyClaim));
      ddb.on(GetCommand, { Key: { pk: `IDEMP#${USER_ID}#${KEY}`, sk: 'IDEMP' } }).resolves({ Item: { orderId: first.id } });
    });

    it("answers the first order's label, bought once", async () => {
      ddb.on(GetCommand, { Key: orderKey(USER_ID, first.id) }).resolves({ Item: { ...orderKey(USER_ID, first.id), ...first } });

      const res = await buy();

      expect(res.statusCode).toBe(201);
      expect(res.json?.label).toMatchObject({ shipOrderId: first.id, status: 'created', tracking: first.tracking });
      expect(writes()).toHaveLength(1);
    });

    it('answers 409 when the first order failed and was refunded, and never buys again', async () => {
      const failed = { ...first, status: 'failed', tracking: null, failureReason: 'carrier down' };
      ddb.on(GetCommand, { Key: orderKey(USER_ID, first.id) }).resolves({ Item: { ...orderKey(USER_ID, first.id), ...failed } });

      const res = await buy();

      expect(res.statusCode).toBe(409);
      expect(res.json).toEqual({ message: REFUNDED_BEFORE });
      expect(writes()).toHaveLength(1);
    });
  });
});

describe('PUT /auth/profile', () => {
  it('answers 404 when the account was deleted meanwhile (the update lost its condition)', async () => {
    ddb.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: { httpStatusCode: 400 } }));

    const res = await call(
      updateProfile,
      apiEvent({ method: 'PUT', path: '/auth/profile', headers: { ...json, authorization: await bearer() }, body: JSON.stringify({ name: 'Ann B' }) }),
    );

    expect(res.statusCode).toBe(404);
    expect(res.json).toEqual({ message: 'Account not found' });
  });

  it('answers a plain 500 when the update is throttled past the retries', async () => {
    ddb.on(UpdateCommand).rejects(throttled());

    const res = await call(
      updateProfile,
      apiEvent({ method: 'PUT', path: '/auth/profile', headers: { ...json, authorization: await bearer() }, body: JSON.stringify({ name: 'Ann B' }) }),
    );

    expect(res.statusCode).toBe(500);
    expect(res.json?.message).toBe('Something went wrong. Please try again.');
    expect(ddb).toHaveReceivedCommandTimes(UpdateCommand, 1);
  });
});

describe('POST /auth/register', () => {
  it('answers the second of two sign-ups with one email (it lost the email claim) as the first, and makes no account for it', async () => {
    vi.stubEnv('CAPTCHA_PROVIDER', 'none');
    resetConfigForTests();
    ddb.on(PutCommand).resolves({});
    ddb.on(UpdateCommand).resolves({ Attributes: { hits: 1 } });
    ddb.on(TransactWriteCommand).callsFake(cancelWhere((item) => item.Put?.Item?.sk === 'EMAIL'));

    const res = await call(
      register,
      apiEvent({
        method: 'POST',
        path: '/auth/register',
        headers: json,
        body: JSON.stringify({ name: 'Ann', email: 'Ann@Example.com', password: 'Secret-123', recaptchaToken: 'ok' }),
      }),
    );

    expect(res.statusCode).toBe(201);
    expect(res.json).toMatchObject({ message: SIGN_UP_ANSWER, user: { email: 'Ann@Example.com', isVerified: false } });
    // Only the decoy's code and session are stored, under an id no account has: no profile, no email claim.
    const keys = ddb.commandCalls(PutCommand).map((c) => `${String(c.args[0].input.Item?.pk)} ${String(c.args[0].input.Item?.sk)}`);
    expect(keys.filter((k) => !k.startsWith('OUTBOX'))).toEqual([expect.stringMatching(/^USER#\S+ OTP$/), expect.stringMatching(/^USER#\S+ SESSION#/)]);
  });
});

describe('a sign-in code checked while another request uses it', () => {
  const code = 'ABC123';
  const hash = () => hashSignInCode(USER_ID, code);
  const now = Date.now();
  const stored = (over: Record<string, unknown>) =>
    marshall({ pk: `USER#${USER_ID}`, sk: 'OTP', codeHash: hash(), sentAt: now, expiresAt: Math.floor(now / 1000) + 600, ...over });
  /** The try's update refused: the code as it was (ALL_OLD), or no code at all. */
  const tryRefused = (item?: Record<string, unknown>) =>
    new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {}, ...(item ? { Item: stored(item) } : {}) });

  it('answers "too many wrong codes" when the concurrent guesses spent the last try', async () => {
    ddb.on(UpdateCommand).rejects(tryRefused({ attempts: 5 }));
    await expect(consumeSignInCode(USER_ID, hash(), now)).rejects.toThrow(new TooManyAttempts(TOO_MANY_CODE_TRIES));
    expect(ddb).not.toHaveReceivedCommand(TransactWriteCommand);
  });

  it('answers an invalid code when the code is gone (used or replaced meanwhile) or expired', async () => {
    ddb.on(UpdateCommand).rejects(tryRefused());
    await expect(consumeSignInCode(USER_ID, hash(), now)).rejects.toThrow(new InvalidRequest(INVALID_CODE));
    ddb.on(UpdateCommand).rejects(tryRefused({ attempts: 1, expiresAt: Math.floor(now / 1000) - 1 }));
    await expect(consumeSignInCode(USER_ID, hash(), now)).rejects.toThrow(new InvalidRequest(INVALID_CODE));
  });

  it('answers an invalid code, not a 500, when the right code was used by the other request between the try and its use', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: { codeHash: hash(), attempts: 1 } });
    ddb.on(TransactWriteCommand).callsFake(cancelWhere((item) => item.Delete?.Key?.sk === 'OTP'));
    await expect(consumeSignInCode(USER_ID, hash(), now)).rejects.toThrow(new InvalidRequest(INVALID_CODE));
  });

  it('lets a throttled use through as an error to retry, not as a wrong code', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: { codeHash: hash(), attempts: 1 } });
    ddb.on(TransactWriteCommand).rejects(throttled());
    await expect(consumeSignInCode(USER_ID, hash(), now)).rejects.toBeInstanceOf(ProvisionedThroughputExceededException);
  });
});
