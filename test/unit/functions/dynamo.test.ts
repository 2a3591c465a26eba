/**
 * The document client's translation between plain objects and DynamoDB's JSON protocol, against
 * a transport that answers what DynamoDB answers (the shapes of its API reference). The real
 * round trip through DynamoDB Local is what every integration test does.
 */
import { describe, expect, it } from 'vitest';
import {
  BatchGetCommand,
  BatchWriteCommand,
  ConditionalCheckFailedException,
  documentClient,
  GetCommand,
  QueryCommand,
  TransactionCanceledException,
  TransactWriteCommand,
  UpdateCommand,
} from '../../../functions/data/dynamo';
import { awsService, type AwsAnswer } from '../../../functions/providers/aws/aws-call';

interface Sent {
  target: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/** A client whose every request is answered by `answer` (status 200 unless it says otherwise). */
function clientAnswering(answer: (sent: Sent) => { status?: number; json: unknown }) {
  const sent: Sent[] = [];
  const client = documentClient(
    awsService({
      signingName: 'dynamodb',
      region: 'us-east-1',
      endpoint: new URL('http://dynamo.test'),
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
      transport: async (_url, _method, headers, body): Promise<AwsAnswer> => {
        const request = { target: headers['x-amz-target']!, body: JSON.parse(String(body)) as Record<string, unknown>, headers };
        sent.push(request);
        const { status = 200, json } = answer(request);
        return { status, headers: {}, body: Buffer.from(JSON.stringify(json)) };
      },
    }),
  );
  return { client, sent };
}

describe('the document client', () => {
  it('marshalls a request and unmarshalls its answer', async () => {
    const { client, sent } = clientAnswering(() => ({ json: { Item: { pk: { S: 'USER#1' }, n: { N: '7' }, tags: { SS: ['a'] }, on: { BOOL: true } } } }));
    const { Item } = await client.send(new GetCommand({ TableName: 't', Key: { pk: 'USER#1', sk: 'PROFILE' }, ConsistentRead: true }));
    expect(Item).toEqual({ pk: 'USER#1', n: 7, tags: new Set(['a']), on: true });
    expect(sent[0]!.target).toBe('DynamoDB_20120810.GetItem');
    expect(sent[0]!.headers['content-type']).toBe('application/x-amz-json-1.0');
    expect(sent[0]!.body).toEqual({ TableName: 't', Key: { pk: { S: 'USER#1' }, sk: { S: 'PROFILE' } }, ConsistentRead: true });
  });

  it('drops undefined attributes instead of refusing the write', async () => {
    const { client, sent } = clientAnswering(() => ({ json: { Attributes: { total: { N: '3' } } } }));
    const { Attributes } = await client.send(
      new UpdateCommand({
        TableName: 't',
        Key: { pk: 'A', sk: 'B' },
        UpdateExpression: 'SET total = :t, note = :n',
        ExpressionAttributeValues: { ':t': 3, ':n': { text: 'x', gone: undefined } },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    expect(Attributes).toEqual({ total: 3 });
    expect(sent[0]!.body.ExpressionAttributeValues).toEqual({ ':t': { N: '3' }, ':n': { M: { text: { S: 'x' } } } });
  });

  it('translates the items of queries, transactions and batches both ways', async () => {
    const { client, sent } = clientAnswering(({ target }) => {
      if (target.endsWith('.Query')) return { json: { Items: [{ pk: { S: 'A' } }], Count: 1, LastEvaluatedKey: { pk: { S: 'A' }, sk: { S: '1' } } } };
      if (target.endsWith('.BatchGetItem'))
        return { json: { Responses: { t: [{ pk: { S: 'A' } }] }, UnprocessedKeys: { t: { Keys: [{ pk: { S: 'B' }, sk: { S: '2' } }] } } } };
      if (target.endsWith('.BatchWriteItem')) return { json: { UnprocessedItems: { t: [{ DeleteRequest: { Key: { pk: { S: 'C' }, sk: { S: '3' } } } }] } } };
      return { json: {} };
    });

    const page = await client.send(
      new QueryCommand({
        TableName: 't',
        KeyConditionExpression: 'pk = :p',
        ExpressionAttributeValues: { ':p': 'A' },
        ExclusiveStartKey: { pk: 'A', sk: '0' },
      }),
    );
    expect(page.Items).toEqual([{ pk: 'A' }]);
    expect(page.LastEvaluatedKey).toEqual({ pk: 'A', sk: '1' });
    expect(sent[0]!.body.ExclusiveStartKey).toEqual({ pk: { S: 'A' }, sk: { S: '0' } });

    const got = await client.send(new BatchGetCommand({ RequestItems: { t: { Keys: [{ pk: 'A', sk: '1' }], ConsistentRead: true } } }));
    expect(got.Responses).toEqual({ t: [{ pk: 'A' }] });
    expect(got.UnprocessedKeys).toEqual({ t: { Keys: [{ pk: 'B', sk: '2' }] } });
    expect(sent[1]!.body.RequestItems).toEqual({ t: { Keys: [{ pk: { S: 'A' }, sk: { S: '1' } }], ConsistentRead: true } });

    const written = await client.send(
      new BatchWriteCommand({ RequestItems: { t: [{ PutRequest: { Item: { pk: 'P', n: 1 } } }, { DeleteRequest: { Key: { pk: 'C', sk: '3' } } }] } }),
    );
    expect(written.UnprocessedItems).toEqual({ t: [{ DeleteRequest: { Key: { pk: 'C', sk: '3' } } }] });
    expect(sent[2]!.body.RequestItems).toEqual({
      t: [{ PutRequest: { Item: { pk: { S: 'P' }, n: { N: '1' } } } }, { DeleteRequest: { Key: { pk: { S: 'C' }, sk: { S: '3' } } } }],
    });

    await client.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: 't', Item: { pk: 'X', amount: 500 }, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Update: { TableName: 't', Key: { pk: 'W' }, UpdateExpression: 'ADD b :d', ExpressionAttributeValues: { ':d': -500 } } },
          { ConditionCheck: { TableName: 't', Key: { pk: 'K' }, ConditionExpression: 'attribute_exists(pk)' } },
        ],
      }),
    );
    expect(sent[3]!.body.TransactItems).toEqual([
      { Put: { TableName: 't', Item: { pk: { S: 'X' }, amount: { N: '500' } }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Update: { TableName: 't', Key: { pk: { S: 'W' } }, UpdateExpression: 'ADD b :d', ExpressionAttributeValues: { ':d': { N: '-500' } } } },
      { ConditionCheck: { TableName: 't', Key: { pk: { S: 'K' } }, ConditionExpression: 'attribute_exists(pk)' } },
    ]);
  });

  it('gives a transaction one idempotency token, kept when the transport sends it again', async () => {
    let calls = 0;
    const { client, sent } = clientAnswering(() => (++calls === 1 ? { status: 500, json: { __type: 'InternalServerError', message: 'lost' } } : { json: {} }));
    await client.send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: 't', Item: { pk: 'A' } } }] }));
    expect(sent).toHaveLength(2);
    expect(sent[0]!.body.ClientRequestToken).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]!.body.ClientRequestToken).toBe(sent[0]!.body.ClientRequestToken);
    await client.send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: 't', Item: { pk: 'B' } } }] }));
    expect(sent[2]!.body.ClientRequestToken).not.toBe(sent[0]!.body.ClientRequestToken);
  });

  it('sends binary attributes as base64 and reads them back as bytes', async () => {
    const { client, sent } = clientAnswering(() => ({ json: { Item: { blob: { B: Buffer.from('hi').toString('base64') } } } }));
    const { Item } = await client.send(new GetCommand({ TableName: 't', Key: { pk: Buffer.from('key') } }));
    expect((sent[0]!.body.Key as Record<string, { B: string }>).pk!.B).toBe(Buffer.from('key').toString('base64'));
    expect(Buffer.from(Item!.blob as Uint8Array).toString()).toBe('hi');
  });

  it('throws a failed condition as ConditionalCheckFailedException with the old item, plain', async () => {
    const { client } = clientAnswering(() => ({
      status: 400,
      json: {
        __type: 'com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException',
        message: 'The conditional request failed',
        Item: { attempts: { N: '5' } },
      },
    }));
    const err = await client
      .send(new UpdateCommand({ TableName: 't', Key: { pk: 'A' }, UpdateExpression: 'SET a = :a', ExpressionAttributeValues: { ':a': 1 } }))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConditionalCheckFailedException);
    expect((err as ConditionalCheckFailedException).Item).toEqual({ attempts: 5 });
  });

  it('throws a cancelled transaction with its reasons, in item order, and does not send it again', async () => {
    const { client, sent } = clientAnswering(() => ({
      status: 400,
      json: {
        __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
        Message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]',
        CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed', Item: { b: { N: '1' } } }],
      },
    }));
    const err = await client
      .send(
        new TransactWriteCommand({
          TransactItems: [{ ConditionCheck: { TableName: 't', Key: { pk: 'A' }, ConditionExpression: 'b > :z', ExpressionAttributeValues: { ':z': 0 } } }],
        }),
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransactionCanceledException);
    expect((err as TransactionCanceledException).CancellationReasons).toEqual([
      { Code: 'None' },
      { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed', Item: { b: 1 } },
    ]);
    expect(sent).toHaveLength(1);
  });

  it('runs the initialize middlewares on plain values and the build ones on the wire, first added outermost', async () => {
    const { client } = clientAnswering(() => ({ json: { Item: { pk: { S: 'A' } } } }));
    const seen: string[] = [];
    client.middlewareStack.add(
      (next, { commandName }) =>
        async (args) => {
          seen.push(`init ${commandName} ${JSON.stringify(args.input.Key)}`);
          return next(args);
        },
      { step: 'initialize', name: 'a' },
    );
    client.middlewareStack.add(
      (next) => async (args) => {
        seen.push(`build ${JSON.stringify(args.input.Key)}`);
        const out = await next(args);
        seen.push(`answer ${JSON.stringify(out.output.Item)}`);
        return out;
      },
      { step: 'build', name: 'b' },
    );
    expect(() => client.middlewareStack.add((next) => next, { step: 'build', name: 'b' })).toThrow(/already/);
    await client.send(new GetCommand({ TableName: 't', Key: { pk: 'A' } }));
    expect(seen).toEqual(['init GetItemCommand {"pk":"A"}', 'build {"pk":{"S":"A"}}', 'answer {"pk":{"S":"A"}}']);
    expect(client.middlewareStack.remove('a')).toBe(true);
    expect(client.middlewareStack.remove('a')).toBe(false);
  });
});
