/**
 * An account's passkeys (WebAuthn credentials) and the challenge of its one WebAuthn ceremony in flight.
 *
 *   passkey    pk USER#<id>  sk PASSKEY#<credential id>  credentialId, publicKey (base64url COSE key),
 *                                                        counter, transports, name, createdAt, lastUsedAt
 *   challenge  pk USER#<id>  sk WEBAUTHN#<purpose>       challenge, expiresAt (s, TTL)
 *
 * A challenge is taken (deleted) by the verify step whatever the outcome, so each one is answered
 * at most once; TTL deletion is lazy, so taking it also checks expiresAt.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Conflict, NotFound } from '../errors';
import { db, isConditionFailure, tableName } from './client';

export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;
export const MAX_PASSKEYS = 10;

export type CeremonyPurpose = 'register' | 'signin';

export interface Passkey {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  createdAt: string;
  lastUsedAt?: string;
}

const passkeyKey = (userId: string, credentialId: string) => ({ pk: `USER#${userId}`, sk: `PASSKEY#${credentialId}` });
const challengeKey = (userId: string, purpose: CeremonyPurpose) => ({ pk: `USER#${userId}`, sk: `WEBAUTHN#${purpose}` });
const seconds = (ms: number) => Math.floor(ms / 1000);

function fromItem(item: Record<string, unknown>): Passkey {
  return {
    credentialId: String(item.credentialId),
    publicKey: String(item.publicKey),
    counter: Number(item.counter ?? 0),
    transports: Array.isArray(item.transports) ? item.transports.map(String) : [],
    name: typeof item.name === 'string' ? item.name : 'Passkey',
    createdAt: String(item.createdAt),
    ...(typeof item.lastUsedAt === 'string' ? { lastUsedAt: item.lastUsedAt } : {}),
  };
}

/** The account's passkeys, oldest first. */
export async function listPasskeys(userId: string): Promise<Passkey[]> {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': 'PASSKEY#' },
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).map(fromItem).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function getPasskey(userId: string, credentialId: string): Promise<Passkey | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: passkeyKey(userId, credentialId), ConsistentRead: true }));
  return Item ? fromItem(Item) : undefined;
}

/** Stores a verified new passkey; Conflict when this credential is already registered. */
export async function storePasskey(userId: string, passkey: Passkey): Promise<void> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...passkeyKey(userId, passkey.credentialId), entity: 'passkey', ...passkey },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (err) {
    if (isConditionFailure(err)) throw new Conflict('This passkey is already registered.');
    throw err;
  }
}

/**
 * Records a sign-in with the passkey: its new signature counter (a counter that does not grow, where
 * the authenticator keeps one, is refused by the verifier as a cloned key) and when.
 */
export async function recordPasskeyUse(userId: string, credentialId: string, counter: number, now = new Date()): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: passkeyKey(userId, credentialId),
      UpdateExpression: 'SET #counter = :counter, lastUsedAt = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#counter': 'counter' },
      ExpressionAttributeValues: { ':counter': counter, ':now': now.toISOString() },
    }),
  );
}

/** Removes one of the account's passkeys; NotFound when it has no such passkey. */
export async function deletePasskey(userId: string, credentialId: string): Promise<void> {
  // A credential id is base64url, well under DynamoDB's key size: anything else names no passkey.
  if (!/^[A-Za-z0-9_-]{1,512}$/.test(credentialId)) throw new NotFound('Passkey not found');
  try {
    await db.send(new DeleteCommand({ TableName: tableName(), Key: passkeyKey(userId, credentialId), ConditionExpression: 'attribute_exists(pk)' }));
  } catch (err) {
    if (isConditionFailure(err)) throw new NotFound('Passkey not found');
    throw err;
  }
}

/** Stores the challenge of a new ceremony, replacing an unfinished one of the same purpose. */
export async function storeChallenge(userId: string, purpose: CeremonyPurpose, challenge: string, now = Date.now()): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...challengeKey(userId, purpose), entity: 'webauthnChallenge', challenge, expiresAt: seconds(now + PASSKEY_CHALLENGE_TTL_MS) },
    }),
  );
}

/** Takes (deletes) the ceremony's challenge: its value while unexpired, else undefined. */
export async function takeChallenge(userId: string, purpose: CeremonyPurpose, now = Date.now()): Promise<string | undefined> {
  const { Attributes } = await db.send(new DeleteCommand({ TableName: tableName(), Key: challengeKey(userId, purpose), ReturnValues: 'ALL_OLD' }));
  if (!Attributes || Number(Attributes.expiresAt) <= seconds(now)) return undefined;
  return String(Attributes.challenge);
}
