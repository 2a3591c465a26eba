/**
 * The wallet ledger. A balance changes only here, and only in a TransactWrite that also writes or
 * settles its ledger entry, so for every user the completed entries always sum to the balance.
 *
 *   entry        pk USER#<userId>              sk TXN#<ulid>  gsi1pk TXNTYPE#<type>  gsi1sk <createdAt>#<id>
 *   payment ref  pk PAYREF#<provider>#<ref>    sk PAYREF      userId, entryId   (find an entry from a provider's id)
 *   event        pk EVENT#<provider>#<id>      sk EVENT       outcome, TTL 30 days   (a webhook event applied once)
 *
 * Amounts are integer cents, positive for credits and negative for debits.
 */
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { ulid } from 'ulid';
import { centsToDollars } from '../../domain/money';
import { db, isConditionFailure, onlyConditionsFailed, tableName } from './client';
import { decodeCursor, encodeCursor, type Page } from './pagination';
import { statsItems } from './stats';
import type { IndexName } from './table';
import { userKey, type User } from './users';

export type EntryType = 'topup' | 'label' | 'refund' | 'adjustment';
export type EntryStatus = 'pending' | 'completed' | 'failed';
export type PaymentProvider = 'stripe' | 'hoodpay' | 'wallet';

export interface LedgerEntry {
  id: string;
  userId: string;
  /** Copied from the user when the entry is made, so the admin list needs no second read. */
  userName: string;
  userEmail: string;
  amountCents: number;
  type: EntryType;
  creditType: string | null;
  paymentType: string | null;
  status: EntryStatus;
  orderId: string | null;
  provider: PaymentProvider | null;
  providerRef: string | null;
  createdAt: string;
  completedAt: string | null;
}

/** The entry as the API shows it (docs/api.md). */
export interface ApiEntry {
  id: string;
  userId: string;
  user: { name: string; email: string };
  orderId: string | null;
  amount: number;
  amountCents: number;
  type: EntryType;
  creditType: string | null;
  paymentType: string | null;
  status: EntryStatus;
  createdAt: string;
  completedAt: string | null;
}

export const entryKey = (userId: string, entryId: string) => ({ pk: `USER#${userId}`, sk: `TXN#${entryId}` });
const paymentRefKey = (provider: PaymentProvider, ref: string) => ({ pk: `PAYREF#${provider}#${ref}`, sk: 'PAYREF' });
const eventKey = (key: string) => ({ pk: `EVENT#${key}`, sk: 'EVENT' });
const EVENT_TTL_S = 30 * 24 * 3600;

function toItem(e: LedgerEntry) {
  return { ...entryKey(e.userId, e.id), entity: 'ledgerEntry', gsi1pk: `TXNTYPE#${e.type}`, gsi1sk: `${e.createdAt}#${e.id}`, ...e };
}

function fromItem(item: Record<string, unknown>): LedgerEntry {
  const s = (k: string) => (typeof item[k] === 'string' ? (item[k] as string) : null);
  return {
    id: item.id as string,
    userId: item.userId as string,
    userName: s('userName') ?? '',
    userEmail: s('userEmail') ?? '',
    amountCents: Number(item.amountCents),
    type: item.type as EntryType,
    creditType: s('creditType'),
    paymentType: s('paymentType'),
    status: item.status as EntryStatus,
    orderId: s('orderId'),
    provider: s('provider') as PaymentProvider | null,
    providerRef: s('providerRef'),
    createdAt: item.createdAt as string,
    completedAt: s('completedAt'),
  };
}

export const toApiEntry = (e: LedgerEntry): ApiEntry => ({
  id: e.id,
  userId: e.userId,
  user: { name: e.userName, email: e.userEmail },
  orderId: e.orderId,
  amount: Number(centsToDollars(e.amountCents)),
  amountCents: e.amountCents,
  type: e.type,
  creditType: e.creditType,
  paymentType: e.paymentType,
  status: e.status,
  createdAt: e.createdAt,
  completedAt: e.completedAt,
});

/** A new pending entry for `user` (not yet stored). */
export function newEntry(
  user: Pick<User, 'id' | 'name' | 'email'>,
  fields: Pick<LedgerEntry, 'amountCents' | 'type' | 'creditType' | 'paymentType' | 'provider'> & { orderId?: string | null },
): LedgerEntry {
  return {
    ...fields,
    id: ulid(),
    userId: user.id,
    userName: user.name,
    userEmail: user.email,
    status: 'pending',
    orderId: fields.orderId ?? null,
    providerRef: null,
    createdAt: new Date().toISOString(),
    completedAt: null,
  };
}

/** The TransactWrite item that stores a new entry (with the balance change it belongs to). */
export const entryItem = (entry: LedgerEntry) => ({
  Put: { TableName: tableName(), Item: toItem(entry), ConditionExpression: 'attribute_not_exists(pk)' },
});

/** Stores a pending entry (a top-up waiting for its payment). Pending entries never touch the balance. */
export async function putPendingEntry(entry: LedgerEntry): Promise<void> {
  await db.send(new PutCommand(entryItem(entry).Put));
}

/** One entry of one user, or undefined. */
export async function getEntry(userId: string, entryId: string): Promise<LedgerEntry | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: entryKey(userId, entryId), ConsistentRead: true }));
  return Item ? fromItem(Item) : undefined;
}

/** Records the provider's id for an entry, both on the entry and as a lookup from that id. */
export async function attachProviderRef(entry: LedgerEntry, provider: PaymentProvider, ref: string): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...paymentRefKey(provider, ref), entity: 'paymentRef', userId: entry.userId, entryId: entry.id },
    }),
  );
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: entryKey(entry.userId, entry.id),
      UpdateExpression: 'SET providerRef = :ref',
      ExpressionAttributeValues: { ':ref': ref },
    }),
  );
}

/** The entry a provider's payment id belongs to. */
export async function findEntryByProviderRef(provider: PaymentProvider, ref: string): Promise<{ userId: string; entryId: string } | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: paymentRefKey(provider, ref), ConsistentRead: true }));
  return Item ? { userId: Item.userId as string, entryId: Item.entryId as string } : undefined;
}

/**
 * The TransactWrite item recording that a provider's event was applied: it goes into the
 * transaction the event causes, so a replay of the event fails this condition and changes nothing.
 */
export function eventRecordItem(key: string, details: Record<string, string>, now: string) {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...eventKey(key), entity: 'webhookEvent', ...details, processedAt: now, expiresAt: Math.floor(Date.now() / 1000) + EVENT_TTL_S },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export type SettleResult = 'applied' | 'duplicate' | 'rejected';

/**
 * Settles a pending entry from a provider's event, in one transaction:
 * - the event's idempotency record (so a replayed event, however often and concurrently, is `duplicate`),
 * - the entry: pending -> completed or failed, only if it is still pending and, when completing,
 *   only if the amount paid equals the entry's amount,
 * - when completing, the user's balance: + the entry's amount.
 * `rejected` means the entry does not exist for that user, is no longer pending, or the amount paid
 * differs: nothing changed, and the event is not recorded.
 */
export async function settleEntry(input: {
  userId: string;
  entryId: string;
  outcome: 'completed' | 'failed';
  /** `<provider>#<event id>`: the same key never applies twice. */
  eventKey: string;
  /** Completing: what the provider says was paid, in cents. */
  paidCents?: number;
}): Promise<SettleResult> {
  const now = new Date().toISOString();
  const completing = input.outcome === 'completed';
  const existing = completing ? await getEntry(input.userId, input.entryId) : undefined;
  if (completing && (!existing || existing.amountCents !== input.paidCents || existing.amountCents <= 0)) return 'rejected';
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          eventRecordItem(input.eventKey, { entryId: input.entryId, outcome: input.outcome }, now),
          {
            Update: {
              TableName: tableName(),
              Key: entryKey(input.userId, input.entryId),
              UpdateExpression: 'SET #status = :outcome, completedAt = :now',
              ConditionExpression: completing ? '#status = :pending AND amountCents = :amount' : '#status = :pending',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':outcome': input.outcome,
                ':now': now,
                ':pending': 'pending',
                ...(completing ? { ':amount': existing!.amountCents } : {}),
              },
            },
          },
          ...(completing
            ? [
                {
                  Update: {
                    TableName: tableName(),
                    Key: userKey(input.userId),
                    UpdateExpression: 'SET balanceCents = balanceCents + :amount, version = version + :one',
                    ConditionExpression: 'attribute_exists(pk)',
                    ExpressionAttributeValues: { ':amount': existing!.amountCents, ':one': 1 },
                  },
                },
                ...statsItems({ balanceCents: existing!.amountCents, topUps: 1, topUpCents: existing!.amountCents }),
              ]
            : []),
        ],
      }),
    );
    return 'applied';
  } catch (err) {
    if (!(err instanceof TransactionCanceledException) || !onlyConditionsFailed(err)) throw err;
    return err.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed' ? 'duplicate' : 'rejected';
  }
}

/** Marks a pending entry failed outside any event (the provider refused to start the payment). */
export async function failPendingEntry(userId: string, entryId: string): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: entryKey(userId, entryId),
        UpdateExpression: 'SET #status = :failed, completedAt = :now',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':failed': 'failed', ':pending': 'pending', ':now': new Date().toISOString() },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/** One page of a Query, newest first; `scope` is the partition read, which a cursor must match. */
async function queryPage(
  input: Omit<QueryCommandInput, 'TableName'>,
  scope: Record<string, string>,
  page: { limit: number; cursor?: string },
  prefixes: Record<string, string>,
): Promise<Page<LedgerEntry>> {
  const startKey = decodeCursor(page.cursor, scope, input.IndexName as IndexName | undefined, prefixes);
  const out = await db.send(
    new QueryCommand({ TableName: tableName(), ScanIndexForward: false, Limit: page.limit, ExclusiveStartKey: startKey, ...input }),
  );
  return { items: (out.Items ?? []).map(fromItem), nextCursor: encodeCursor(out.LastEvaluatedKey) };
}

/** A user's entries, newest first (ulids sort by time), optionally of one type only. */
export const listUserEntries = (userId: string, page: { limit: number; cursor?: string }, type?: EntryType) =>
  queryPage(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :txn)',
      ...(type ? { FilterExpression: '#type = :type', ExpressionAttributeNames: { '#type': 'type' } } : {}),
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':txn': 'TXN#', ...(type ? { ':type': type } : {}) },
    },
    { pk: `USER#${userId}` },
    page,
    { sk: 'TXN#' },
  );

/** Every user's entries of one type, newest first (admin), from gsi1. */
export const listEntriesByType = (type: EntryType, page: { limit: number; cursor?: string }) =>
  queryPage(
    { IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :t', ExpressionAttributeValues: { ':t': `TXNTYPE#${type}` } },
    { gsi1pk: `TXNTYPE#${type}` },
    page,
    { pk: 'USER#', sk: 'TXN#' },
  );
