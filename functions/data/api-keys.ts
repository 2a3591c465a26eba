/**
 * API keys: named keys with scopes that a shop's software sends as `Authorization: Bearer psk_...`
 * instead of a person's session token (docs/decisions/0220-api-keys.md).
 *
 * The key is shown once, at creation; the table keeps only its SHA-256 hash. A key holds 32 random
 * bytes, so the plain hash cannot be reversed by guessing, and a fast hash keeps the lookup one
 * GetItem: the hash is the key of the lookup item. The account's record of the key (for its list)
 * holds the hash too, so revoking can delete the lookup item; a revoked key's lookup item is gone,
 * so the next request with it misses (a consistent read) and answers 401. Revoked records stay
 * listed for REVOKED_KEPT_DAYS, then TTL removes them.
 *
 *   key     pk USER#<accountId>   sk APIKEY#<ulid>  id, name, scopes, prefix, hash, createdAt, lastUsedAt, revokedAt, expiresAt (s, once revoked)
 *   lookup  pk APIKEY#<sha256 hex> sk APIKEY         id, accountId, name, scopes, lastUsedAt
 *   count   pk USER#<accountId>   sk APIKEYS        live (unrevoked keys), kept below MAX_LIVE_API_KEYS in each creation's transaction
 *
 * lastUsedAt is bookkeeping, written at most once a minute per key (LAST_USED_EVERY_MS): first on the
 * lookup item, which the lookup reads anyway, under a condition that lets one request a minute win,
 * then on the record the list shows.
 */
import { createHash, randomBytes } from 'node:crypto';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { API_KEY_PREFIX, MAX_LIVE_API_KEYS, type ApiKeyScope } from '../../domain/api-keys';
import type { ApiKeyRecord, CreatedApiKey } from '../../domain/api/api-keys';
import type { ApiKeyBody } from '../../domain/schemas/api-keys';
import { config } from '../config';
import { Conflict, NotFound } from '../errors';
import { db, isConditionFailure, tableName, transact } from './client';

export const NO_API_KEY = 'API key not found';
export const TOO_MANY_API_KEYS = `An account may hold at most ${MAX_LIVE_API_KEYS} live API keys. Revoke one first.`;
/** lastUsedAt is rewritten at most this often per key, so a busy key does not cost a write per request. */
export const LAST_USED_EVERY_MS = 60_000;
/** How long a revoked key stays in the list. */
export const REVOKED_KEPT_DAYS = 30;
/** Random bytes in a key: 256 bits, beyond any guessing, which is what lets a plain SHA-256 stand for it. */
const KEY_BYTES = 32;
/** Characters of the key the list shows: `psk_live_` and the first four random ones. */
const SHOWN_CHARS = 13;
/** The whole shape of a key: anything else is refused without a read. */
const KEY_SHAPE = /^psk_(live|test)_[A-Za-z0-9_-]{43}$/;

const recordKey = (accountId: string, id: string) => ({ pk: `USER#${accountId}`, sk: `APIKEY#${id}` });
const lookupKey = (hash: string) => ({ pk: `APIKEY#${hash}`, sk: 'APIKEY' });
const countKey = (accountId: string) => ({ pk: `USER#${accountId}`, sk: 'APIKEYS' });

/** The hex SHA-256 of a key's whole text: what the table stores and looks keys up by. */
export const hashApiKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/**
 * `test` while labels come from the sandbox carrier (nothing a key buys is postage), `live`
 * otherwise: the prefix tells a key that buys real postage at a glance.
 */
export const apiKeyMode = (): 'live' | 'test' => (config().CARRIER_PROVIDER === 'sandbox' ? 'test' : 'live');

/** A new key's text: `psk_live_` or `psk_test_`, then 32 random bytes, base64url. */
export const newApiKeyText = (): string => `${API_KEY_PREFIX}${apiKeyMode()}_${randomBytes(KEY_BYTES).toString('base64url')}`;

/** The key a request presented, as the handler factory needs it. */
export interface PresentedApiKey {
  id: string;
  accountId: string;
  name: string;
  scopes: readonly ApiKeyScope[];
  /** Undefined until the key's first use. */
  lastUsedAt?: string;
}

const recordOf = (i: Record<string, unknown>): ApiKeyRecord => ({
  id: i.id as string,
  name: i.name as string,
  scopes: i.scopes as ApiKeyScope[],
  prefix: i.prefix as string,
  createdAt: i.createdAt as string,
  ...(i.lastUsedAt ? { lastUsedAt: i.lastUsedAt as string } : {}),
  ...(i.revokedAt ? { revokedAt: i.revokedAt as string } : {}),
});

/**
 * Creates a key for the account and answers its text, once, with its record. The record, the
 * lookup item and the live count go in one transaction; Conflict at MAX_LIVE_API_KEYS live keys.
 */
export async function createApiKey(accountId: string, body: ApiKeyBody, now = new Date()): Promise<CreatedApiKey> {
  const key = newApiKeyText();
  const hash = hashApiKey(key);
  const id = ulid(now.getTime());
  const { scopes } = body;
  const apiKey: ApiKeyRecord = { id, name: body.name, scopes, prefix: key.slice(0, SHOWN_CHARS), createdAt: now.toISOString() };
  const done = await transact([
    {
      name: 'apiKey',
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...recordKey(accountId, id), entity: 'apiKey', ...apiKey, hash },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    {
      name: 'apiKey.lookup',
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...lookupKey(hash), entity: 'apiKeyLookup', id, accountId, name: body.name, scopes },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    {
      name: 'apiKey.count',
      item: {
        Update: {
          TableName: tableName(),
          Key: countKey(accountId),
          UpdateExpression: 'SET entity = :entity ADD live :one',
          ConditionExpression: 'attribute_not_exists(live) OR live < :max',
          ExpressionAttributeValues: { ':entity': 'apiKeyCount', ':one': 1, ':max': MAX_LIVE_API_KEYS },
        },
      },
    },
  ]);
  if (!done.ok) {
    if (done.failed.has('apiKey.count')) throw new Conflict(TOO_MANY_API_KEYS);
    // A ulid or a 256-bit hash met twice: not a thing a caller can cause.
    throw new Error(`API key not stored: ${[...done.failed].join(', ')}`);
  }
  return { key, apiKey };
}

/** The account's keys, newest first, revoked ones until TTL removes them (never the hash). */
export async function listApiKeys(accountId: string, now = Date.now()): Promise<ApiKeyRecord[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': `USER#${accountId}`, ':prefix': 'APIKEY#' },
        ScanIndexForward: false,
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  // TTL deletion is lazy: a record past its expiry is already gone as far as the list goes.
  return items.filter((i) => i.expiresAt === undefined || Number(i.expiresAt) * 1000 > now).map(recordOf);
}

/** The name of one of the account's keys (revoked ones too, until TTL removes them), or undefined. */
export async function apiKeyName(accountId: string, id: string): Promise<string | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: recordKey(accountId, id), ProjectionExpression: '#name', ExpressionAttributeNames: { '#name': 'name' } }),
  );
  return typeof Item?.name === 'string' ? Item.name : undefined;
}

/**
 * Revokes one of the account's keys: the record is marked, the lookup item deleted and the live
 * count lowered in one transaction, so the key fails from the next request on. A key already
 * revoked stays as it is; NotFound for a key of another account or none.
 */
export async function revokeApiKey(accountId: string, id: string, now = new Date()): Promise<void> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: recordKey(accountId, id), ConsistentRead: true }));
  if (!Item) throw new NotFound(NO_API_KEY);
  if (Item.revokedAt) return;
  await transact([
    {
      name: 'apiKey',
      item: {
        Update: {
          TableName: tableName(),
          Key: recordKey(accountId, id),
          UpdateExpression: 'SET revokedAt = :at, expiresAt = :exp',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revokedAt)',
          ExpressionAttributeValues: { ':at': now.toISOString(), ':exp': Math.floor(now.getTime() / 1000) + REVOKED_KEPT_DAYS * 86_400 },
        },
      },
    },
    { name: 'apiKey.lookup', item: { Delete: { TableName: tableName(), Key: lookupKey(Item.hash as string) } } },
    {
      name: 'apiKey.count',
      item: { Update: { TableName: tableName(), Key: countKey(accountId), UpdateExpression: 'ADD live :minus', ExpressionAttributeValues: { ':minus': -1 } } },
    },
  ]);
  // Cancelled: another request revoked it a moment ago, which is the same outcome.
}

/**
 * The live key with this text, or undefined for text of another shape, an unknown key or a revoked
 * one: one consistent GetItem by the key's hash, so a revocation a moment ago is seen.
 */
export async function findApiKey(text: string): Promise<PresentedApiKey | undefined> {
  if (!KEY_SHAPE.test(text)) return undefined;
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: lookupKey(hashApiKey(text)), ConsistentRead: true }));
  if (!Item) return undefined;
  return {
    id: Item.id as string,
    accountId: Item.accountId as string,
    name: Item.name as string,
    scopes: Item.scopes as ApiKeyScope[],
    ...(Item.lastUsedAt ? { lastUsedAt: Item.lastUsedAt as string } : {}),
  };
}

/**
 * Records the key's use when its lastUsedAt is older than LAST_USED_EVERY_MS: the lookup item's
 * condition lets one request a minute through, and that one writes the record too. Never brings
 * back a key revoked meanwhile (both writes need the item to exist).
 */
export async function touchApiKey(key: PresentedApiKey, text: string, now = Date.now()): Promise<void> {
  if (key.lastUsedAt && now - Date.parse(key.lastUsedAt) < LAST_USED_EVERY_MS) return;
  const at = new Date(now).toISOString();
  const floor = new Date(now - LAST_USED_EVERY_MS).toISOString();
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: lookupKey(hashApiKey(text)),
        UpdateExpression: 'SET lastUsedAt = :at',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(lastUsedAt) OR lastUsedAt < :floor)',
        ExpressionAttributeValues: { ':at': at, ':floor': floor },
      }),
    );
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: recordKey(key.accountId, key.id),
        UpdateExpression: 'SET lastUsedAt = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': at },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}
