/**
 * How functions/data/client.ts reads DynamoDB's answers to a TransactWrite, with cancellations
 * DynamoDB Local does not produce on demand: which named steps' conditions failed (`transact`), a
 * refusal for a "still valid" transaction (`transactOrRefuse`), and every other cancellation
 * (TransactionConflict, throttling) thrown for the caller to answer as an error. The document
 * client is mocked, which replaces its `send` and so bypasses its middleware stack: the
 * TransactionConflict retry, which lives in that stack, is run on its own at the end.
 */
import {
  ConditionalCheckFailedException,
  ProvisionedThroughputExceededException,
  TransactionCanceledException,
  type CancellationReason,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, isConditionFailure, transact, transactOrRefuse, type Step } from '../../../functions/data/client';
import { InvalidRequest } from '../../../functions/errors';

const ddb = mockClient(DynamoDBDocumentClient);
beforeEach(() => ddb.reset());

const TABLE = process.env.TABLE_NAME as string;
const step = (name: string, pk: string): Step => ({
  name,
  item: { Put: { TableName: TABLE, Item: { pk, sk: 'X' }, ConditionExpression: 'attribute_not_exists(pk)' } },
});
/** A purchase's shape: an idempotency key, the order, the balance, the entry, a stats shard (no condition). */
const purchase = [
  step('order.idempotency', 'IDEMP#u#k'),
  step('order', 'USER#u'),
  step('wallet.balance', 'USER#u'),
  step('wallet.entry', 'USER#u'),
  step('stats', 'STATS#1'),
];

/** DynamoDB's cancellation, with one reason per item in the order they were sent. */
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`,
    $metadata: { httpStatusCode: 400 },
    CancellationReasons: codes.map((Code): CancellationReason => (Code === 'None' ? { Code } : { Code, Message: `${Code} happened` })),
  });

describe('transact', () => {
  it('answers ok when the transaction committed, having sent every step once', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    expect(await transact(purchase)).toEqual({ ok: true });
    expect(ddb).toHaveReceivedCommandTimes(TransactWriteCommand, 1);
    expect(ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems).toHaveLength(purchase.length);
  });

  it('names the step whose condition failed (a short balance), whatever its position', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('None', 'None', 'ConditionalCheckFailed', 'None', 'None'));
    expect(await transact(purchase)).toEqual({ ok: false, failed: new Set(['wallet.balance']) });
  });

  it('names every step whose condition failed (a key used before, on an order that exists)', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'ConditionalCheckFailed', 'None', 'None', 'None'));
    expect(await transact(purchase)).toEqual({ ok: false, failed: new Set(['order.idempotency', 'order']) });
  });

  it.each([
    ['a conflict with another transaction', ['None', 'None', 'TransactionConflict', 'None', 'None']],
    [
      'a conflict beside a failed condition (the data may have been about to change)',
      ['ConditionalCheckFailed', 'None', 'TransactionConflict', 'None', 'None'],
    ],
    ['throttling of one item', ['None', 'None', 'None', 'None', 'ThrottlingError']],
    ['a validation error', ['None', 'ValidationError', 'None', 'None', 'None']],
  ])('throws a cancellation that says nothing about the data: %s', async (_, codes) => {
    const err = cancelled(...codes);
    ddb.on(TransactWriteCommand).rejects(err);
    await expect(transact(purchase)).rejects.toBe(err);
  });

  it('throws a transaction that failed before DynamoDB looked at the items (throttled past the retries)', async () => {
    const err = new ProvisionedThroughputExceededException({ message: 'Rate of requests exceeds the allowed throughput.', $metadata: { attempts: 4 } });
    ddb.on(TransactWriteCommand).rejects(err);
    await expect(transact(purchase)).rejects.toBe(err);
    // Nothing in this layer sends it again: retrying is the SDK's (transport) and the middleware's (conflicts).
    expect(ddb).toHaveReceivedCommandTimes(TransactWriteCommand, 1);
  });
});

describe('transactOrRefuse', () => {
  const items = purchase.slice(0, 2).map((s) => s.item);
  const refusal = () => new InvalidRequest('This link was used already');

  it('commits quietly', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    await expect(transactOrRefuse(items, refusal)).resolves.toBeUndefined();
  });

  it('throws the refusal when a condition failed (the code or link was used meanwhile)', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    await expect(transactOrRefuse(items, refusal)).rejects.toThrow(new InvalidRequest('This link was used already'));
  });

  it('throws any other cancellation as it came, never as the refusal', async () => {
    const conflict = cancelled('TransactionConflict', 'None');
    ddb.on(TransactWriteCommand).rejects(conflict);
    await expect(transactOrRefuse(items, refusal)).rejects.toBe(conflict);
  });
});

describe('isConditionFailure', () => {
  it("is a single write's failed condition only", () => {
    expect(isConditionFailure(new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }))).toBe(true);
    expect(isConditionFailure(cancelled('ConditionalCheckFailed'))).toBe(false);
    expect(isConditionFailure(new Error('ConditionalCheckFailedException'))).toBe(false);
  });
});

describe('the TransactionConflict retry (the middleware on the document client)', () => {
  /**
   * The client's middleware stack with only that middleware left, ending in `answer` instead of
   * the network: what DynamoDB answers each attempt.
   */
  function withConflictRetry(commandName: string, answer: (attempt: number) => unknown) {
    const stack = db.middlewareStack.clone();
    for (const entry of stack.identify()) {
      const name = entry.split(' ')[0]!;
      if (name !== 'retryTransactionConflicts') stack.remove(name);
    }
    // Placed relative to the endpoint middleware each command adds, so identify() does not list it.
    stack.remove('httpAuthSchemeMiddleware');
    expect(stack.identify()).toEqual(['retryTransactionConflicts - initialize']);
    let attempts = 0;
    const handler = stack.resolve(
      async () => {
        attempts++;
        const given = answer(attempts);
        if (given instanceof Error) throw given;
        return { output: { $metadata: {} }, response: {} };
      },
      { commandName },
    );
    return { send: () => handler({ input: {} }), attempts: () => attempts };
  }

  it('sends a transaction cancelled by a conflict again, and answers its commit', async () => {
    const call = withConflictRetry('TransactWriteItemsCommand', (n) => (n < 3 ? cancelled('None', 'TransactionConflict') : undefined));
    await expect(call.send()).resolves.toBeDefined();
    expect(call.attempts()).toBe(3);
  });

  it('gives up after 4 tries, throwing the last conflict', async () => {
    const call = withConflictRetry('TransactWriteItemsCommand', () => cancelled('TransactionConflict', 'None'));
    await expect(call.send()).rejects.toBeInstanceOf(TransactionCanceledException);
    expect(call.attempts()).toBe(4);
  });

  it('never sends again a transaction whose condition failed, even beside a conflict', async () => {
    for (const codes of [
      ['ConditionalCheckFailed', 'None'],
      ['ConditionalCheckFailed', 'TransactionConflict'],
    ]) {
      const call = withConflictRetry('TransactWriteItemsCommand', () => cancelled(...codes));
      await expect(call.send()).rejects.toBeInstanceOf(TransactionCanceledException);
      expect(call.attempts()).toBe(1);
    }
  });

  it('leaves other commands alone', async () => {
    const call = withConflictRetry('PutItemCommand', () => cancelled('TransactionConflict'));
    await expect(call.send()).rejects.toBeInstanceOf(TransactionCanceledException);
    expect(call.attempts()).toBe(1);
  });
});
