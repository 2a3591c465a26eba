/**
 * API keys without a database: the lookup is one consistent GetItem by the key's hash, text of
 * another shape reads nothing, and the handler factory answers a key by what that one read says
 * (401 unknown, 403 a scope or route out of reach, the handler run as the key's account).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { beforeEach, describe, expect, it } from 'vitest';
import { findApiKey, hashApiKey, newApiKeyText, touchApiKey } from '../../../functions/data/api-keys';
import { handler as listOrders } from '../../../functions/handlers/shipping/list-orders';
import { handler as getProfile } from '../../../functions/handlers/auth/get-profile';
import { apiEvent, call } from './api-event';

const ddb = mockClient(DynamoDBDocumentClient);
const table = process.env.TABLE_NAME as string;
const KEY = `psk_test_${'k'.repeat(43)}`;
const LOOKUP = { pk: `APIKEY#${hashApiKey(KEY)}`, sk: 'APIKEY' };
const stored = (scopes: string[], over: Record<string, unknown> = {}) => ({
  ...LOOKUP,
  entity: 'apiKeyLookup',
  id: '01JBQ7Y3K5N6P8R9S0T1V2W3X4',
  accountId: 'acct-1',
  name: 'Shop sync',
  scopes,
  ...over,
});

beforeEach(() => {
  ddb.reset();
  ddb.on(UpdateCommand).resolves({});
});

describe('a key text', () => {
  it('is psk_test_ on the sandbox carrier, then 32 random bytes as base64url, never twice the same', () => {
    const a = newApiKeyText();
    expect(a).toMatch(/^psk_test_[A-Za-z0-9_-]{43}$/);
    expect(newApiKeyText()).not.toBe(a);
  });

  it('is stored as the hex SHA-256 of its whole text', () => {
    // FIPS 180-2's test vector for "abc".
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashApiKey(KEY)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(KEY)).not.toBe(hashApiKey(`${KEY.slice(0, -1)}j`));
  });
});

describe('findApiKey', () => {
  it('reads the lookup item by the hash, consistently, once', async () => {
    ddb.on(GetCommand).resolves({ Item: stored(['read']) });
    expect(await findApiKey(KEY)).toEqual({ id: '01JBQ7Y3K5N6P8R9S0T1V2W3X4', accountId: 'acct-1', name: 'Shop sync', scopes: ['read'] });
    expect(ddb).toHaveReceivedCommandTimes(GetCommand, 1);
    expect(ddb).toHaveReceivedCommandWith(GetCommand, { TableName: table, Key: LOOKUP, ConsistentRead: true });
  });

  it('reads nothing for text that is not shaped like a key', async () => {
    for (const text of ['psk_test_short', `psk_prod_${'k'.repeat(43)}`, `${KEY}x`, `psk_test_${'k'.repeat(42)}!`])
      expect(await findApiKey(text)).toBeUndefined();
    expect(ddb).toHaveReceivedCommandTimes(GetCommand, 0);
  });
});

describe('touchApiKey', () => {
  it('writes nothing when the key was used within the minute', async () => {
    await touchApiKey({ id: 'k', accountId: 'a', name: 'n', scopes: ['read'], lastUsedAt: new Date(Date.now() - 10_000).toISOString() }, KEY);
    expect(ddb).toHaveReceivedCommandTimes(UpdateCommand, 0);
  });

  it('writes the lookup item under a once-a-minute condition, and the record only when that write won', async () => {
    ddb.on(UpdateCommand, { Key: LOOKUP }).rejects(new ConditionalCheckFailedException({ message: 'lost', $metadata: {} }));
    await touchApiKey({ id: 'k', accountId: 'a', name: 'n', scopes: ['read'] }, KEY);
    expect(ddb).toHaveReceivedCommandTimes(UpdateCommand, 1);
    expect(ddb).toHaveReceivedCommandWith(UpdateCommand, {
      Key: LOOKUP,
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(lastUsedAt) OR lastUsedAt < :floor)',
    });
  });
});

describe('the handler factory with a key', () => {
  const send = (handler: typeof listOrders, path: string, token = KEY) =>
    call(handler, apiEvent({ method: 'GET', path, headers: { authorization: `Bearer ${token}` } }));

  it('answers 401 for an unknown or revoked key, without running the handler', async () => {
    ddb.on(GetCommand).resolves({});
    const res = await send(listOrders, '/shipping/orders');
    expect(res.statusCode).toBe(401);
    expect(res.json).toEqual({ message: 'This API key is not valid or has been revoked' });
    expect(ddb).toHaveReceivedCommandTimes(GetCommand, 1);
  });

  it('answers 403 naming the scope the key lacks, having read only the key', async () => {
    ddb.on(GetCommand).resolves({ Item: stored(['labels']) });
    const res = await send(listOrders, '/shipping/orders');
    expect(res.statusCode).toBe(403);
    expect(res.json).toEqual({ message: 'This API key lacks the read scope' });
    expect(ddb).toHaveReceivedCommandTimes(GetCommand, 1);
    expect(ddb).toHaveReceivedCommandTimes(UpdateCommand, 0);
  });

  it("answers 403 on a person's own route whatever the key's scopes", async () => {
    ddb.on(GetCommand).resolves({ Item: stored(['read', 'labels', 'wallet']) });
    const res = await send(getProfile, '/auth/profile');
    expect(res.statusCode).toBe(403);
    expect(res.json).toEqual({ message: 'API keys cannot call this route' });
  });

  it("counts the request in the key's minute before the handler runs", async () => {
    ddb.on(GetCommand).resolves({ Item: stored(['read'], { lastUsedAt: new Date().toISOString() }) });
    await send(listOrders, '/shipping/orders');
    expect(ddb).toHaveReceivedCommandWith(UpdateCommand, { Key: expect.objectContaining({ pk: 'RATE#api-key#01JBQ7Y3K5N6P8R9S0T1V2W3X4' }) });
  });
});
