/**
 * Saved addresses, with their uniqueness enforced by the table itself: each address has a claim
 * item keyed by a hash of its street (both lines), city, state, zip and country (trimmed, case
 * ignored), written in the same transaction, so two concurrent saves of one address keep exactly one.
 *
 * The 200-address limit is kept the same way: a counter item moves in the transaction of every save
 * (which requires it below the limit) and delete, so concurrent saves at 199 keep exactly one.
 *
 *   address  pk USER#<userId>  sk ADDR#<ulid>          name, street, city, state, zip, country, claim;
 *                                                      company, street2, phone when given
 *   claim    pk USER#<userId>  sk ADDRKEY#<sha256>     addressId
 *   counter  pk USER#<userId>  sk ADDRCOUNT            addresses (how many are saved)
 */
import { createHash } from 'node:crypto';
import { ulid } from 'ulid';
import type { SavedAddress } from '../../domain/api/addresses';
import type { Address } from '../../domain/schemas/addresses';
import { Conflict, InvalidRequest, NotFound } from '../errors';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, onlyConditionsFailed, tableName, transact } from './client';

export const MAX_ADDRESSES = 200;
export const DUPLICATE_ADDRESS = 'This address is already saved.';

const addressKey = (userId: string, id: string) => ({ pk: `USER#${userId}`, sk: `ADDR#${id}` });
const counterKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'ADDRCOUNT' });
const TOO_MANY = `You can keep at most ${MAX_ADDRESSES} addresses. Delete one first.`;

/**
 * Gives the address counter to an account whose addresses were saved before the counter existed,
 * once, from a count of what is stored (a concurrent save may write it first: then that one stands).
 * An account with no address gets its counter from its first save's transaction.
 */
async function ensureCounter(userId: string): Promise<void> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: counterKey(userId), ConsistentRead: true }));
  if (Item) return;
  const stored = (await listAddresses(userId)).length;
  if (stored === 0) return;
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...counterKey(userId), entity: 'addressCounter', addresses: stored },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/**
 * The claim's sort key: the fields that make an address the same place, normalised. The second
 * street line tells two suites of one building apart; it joins the hash only when given, so an
 * address without one keeps the claim it had before the line existed.
 */
export function addressClaim(a: Pick<Address, 'street' | 'street2' | 'city' | 'state' | 'zip' | 'country'>): string {
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
  const same = [a.street, a.city, a.state, a.zip, a.country, ...(a.street2 ? [a.street2] : [])].map(norm).join('|');
  return `ADDRKEY#${createHash('sha256').update(same).digest('hex')}`;
}

/** An item as answered; an optional field not given is absent from the item and undefined here (left out of the JSON). */
const fromItem = (i: Record<string, unknown>): SavedAddress => ({
  id: i.id as string,
  name: i.name as string,
  company: i.company as string | undefined,
  street: i.street as string,
  street2: i.street2 as string | undefined,
  city: i.city as string,
  state: i.state as string,
  zip: i.zip as string,
  country: i.country as string,
  phone: i.phone as string | undefined,
  createdAt: i.createdAt as string,
});

/** The user's saved addresses, newest first (one Query; a user keeps at most MAX_ADDRESSES). */
export async function listAddresses(userId: string): Promise<SavedAddress[]> {
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :addr)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':addr': 'ADDR#' },
      ScanIndexForward: false,
      Limit: MAX_ADDRESSES,
    }),
  );
  return (out.Items ?? []).map(fromItem);
}

/** Saves an address; Conflict when the same place is already saved, InvalidRequest at the limit. */
export async function saveAddress(userId: string, body: Address): Promise<SavedAddress> {
  await ensureCounter(userId);
  const address: SavedAddress = { ...body, id: ulid(), createdAt: new Date().toISOString() };
  const claim = addressClaim(body);
  const done = await transact([
    {
      name: 'address.claim',
      item: {
        Put: {
          TableName: tableName(),
          Item: { pk: `USER#${userId}`, sk: claim, entity: 'addressClaim', addressId: address.id },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    { name: 'address', item: { Put: { TableName: tableName(), Item: { ...addressKey(userId, address.id), entity: 'address', claim, ...address } } } },
    {
      name: 'address.count',
      item: {
        Update: {
          TableName: tableName(),
          Key: counterKey(userId),
          UpdateExpression: 'SET entity = :entity ADD addresses :one',
          ConditionExpression: 'attribute_not_exists(addresses) OR addresses < :max',
          ExpressionAttributeValues: { ':one': 1, ':max': MAX_ADDRESSES, ':entity': 'addressCounter' },
        },
      },
    },
  ]);
  if (done.ok) return address;
  if (done.failed.has('address.claim')) throw new Conflict(DUPLICATE_ADDRESS);
  throw new InvalidRequest(TOO_MANY);
}

/** Deletes one of the user's addresses and its claim; NotFound for another user's or an unknown id. */
export async function deleteAddress(userId: string, id: string): Promise<void> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: addressKey(userId, id), ConsistentRead: true }));
  if (!Item) throw new NotFound('Address not found');
  await ensureCounter(userId);
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: tableName(), Key: addressKey(userId, id), ConditionExpression: 'attribute_exists(pk)' } },
          { Delete: { TableName: tableName(), Key: { pk: `USER#${userId}`, sk: Item.claim as string } } },
          {
            Update: { TableName: tableName(), Key: counterKey(userId), UpdateExpression: 'ADD addresses :minus', ExpressionAttributeValues: { ':minus': -1 } },
          },
        ],
      }),
    );
  } catch (err) {
    // Deleted a moment ago by another request: the same outcome.
    if (err instanceof TransactionCanceledException && onlyConditionsFailed(err)) throw new NotFound('Address not found');
    throw err;
  }
}
