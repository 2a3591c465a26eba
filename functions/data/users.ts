/**
 * The user entity: profile item, its listing item, and an email claim that makes emails unique
 * regardless of case.
 *
 *   user         pk USER#<id>            sk PROFILE   notifications {delivered, exception, unused} once saved
 *                                                     (absent = the defaults); labelFormat {format, dpi} once
 *                                                     saved (absent = the 4x6 PDF)
 *   listing      pk USER#<id>            sk LISTING   userId  gsi1pk USERS#<shard>  gsi1sk <createdAt>#<id>
 *   email claim  pk EMAIL#<lower email>  sk EMAIL     userId
 *
 * All three are written in one transaction with attribute_not_exists guards, so two concurrent
 * sign-ups with one email leave exactly one account.
 *
 * The admin list reads the listing items, not the profiles: the wallet rewrites the profile on every
 * balance change, and an index copy on it would be rewritten with each one. The listing item is
 * written once, on a shard of `USERS` (./shards.ts), so sign-ups spread over many index partitions.
 */
import { ulid } from 'ulid';
import { SHIPPER_NOTICES } from '../../domain/api/notification-settings';
import type { NotificationSettings } from '../../domain/api/notifications';
import type { Role, User } from '../../domain/api/users';
import { labelChoiceOf, type LabelChoice } from '../../domain/label-formats';
import { Conflict, NotFound } from '../errors';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet, db, isConditionFailure, tableName, type TransactItem } from './client';
import type { Page } from './pagination';
import { nextShard, shardedPage, stableShard, type ShardBackfill } from './shards';
import { statsItems } from './stats';

export const userKey = (id: string) => ({ pk: `USER#${id}`, sk: 'PROFILE' });
const listingKey = (id: string) => ({ pk: `USER#${id}`, sk: 'LISTING' });

/** The admin list's index key, sharded (./shards.ts). */
const LIST = 'USERS';
export const emailClaimKey = (email: string) => ({ pk: `EMAIL#${normalizeEmail(email)}`, sk: 'EMAIL' });

/** Emails compare case-insensitively and without surrounding spaces. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

function toItem({ balanceCents: _wallets, heldCents: _held, disputedCents: _disputed, ...user }: User) {
  return { ...userKey(user.id), entity: 'user', ...user };
}

/** The user's place in the admin list, on the shard `shard` of USERS. */
const listingItem = (id: string, order: string, shard: string) => ({ ...listingKey(id), entity: 'userListing', userId: id, gsi1pk: shard, gsi1sk: order });

function fromItem(item: Record<string, unknown>): User {
  return {
    id: item.id as string,
    name: item.name as string,
    email: item.email as string,
    role: item.role === 'admin' ? 'admin' : 'user',
    passwordHash: item.passwordHash as string,
    verified: item.verified === true,
    balanceCents: Number(item.balanceCents ?? 0),
    heldCents: Number(item.heldCents ?? 0),
    disputedCents: Number(item.disputedCents ?? 0),
    version: Number(item.version ?? 0),
    sessionEpoch: Number(item.sessionEpoch ?? 0),
    labelCount: Number(item.labelCount ?? 0),
    ...(item.notifications && typeof item.notifications === 'object' ? { notifications: item.notifications } : {}),
    ...(item.labelFormat && typeof item.labelFormat === 'object' ? { labelFormat: labelChoiceOf(item.labelFormat) } : {}),
    createdAt: item.createdAt as string,
  };
}

export interface NewUser {
  name: string;
  email: string;
  passwordHash: string;
  role?: Role;
  verified?: boolean;
}

/** Creates a user and claims its email in one transaction; Conflict when the email is taken. */
export async function createUser(input: NewUser): Promise<User> {
  const user: User = {
    id: ulid(),
    name: input.name.trim(),
    email: input.email.trim(),
    role: input.role ?? 'user',
    passwordHash: input.passwordHash,
    verified: input.verified ?? false,
    // The balance is the wallet's (functions/wallet/): a new account has none, which reads as 0.
    balanceCents: 0,
    heldCents: 0,
    disputedCents: 0,
    version: 1,
    sessionEpoch: 0,
    labelCount: 0,
    createdAt: new Date().toISOString(),
  };
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...emailClaimKey(user.email), entity: 'emailClaim', userId: user.id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          { Put: { TableName: tableName(), Item: toItem(user), ConditionExpression: 'attribute_not_exists(pk)' } },
          {
            Put: {
              TableName: tableName(),
              Item: listingItem(user.id, `${user.createdAt}#${user.id}`, nextShard(LIST)),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          ...statsItems({ users: 1 }),
        ],
      }),
    );
  } catch (err) {
    if (err instanceof TransactionCanceledException && err.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') {
      throw new Conflict('Email already registered');
    }
    throw err;
  }
  return user;
}

/** One user by id, or undefined; `consistent` right after a write of our own (a new balance). */
export async function getUserById(id: string, options: { consistent?: boolean } = {}): Promise<User | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: userKey(id), ConsistentRead: options.consistent }));
  return Item ? fromItem(Item) : undefined;
}

/** One user by email (any case): the claim gives the id, then the profile is read by key. */
export async function getUserByEmail(email: string): Promise<User | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: emailClaimKey(email) }));
  return typeof Item?.userId === 'string' ? getUserById(Item.userId) : undefined;
}

/**
 * Changes the name (a password change is changePasswordItem's). The email never changes here (it is
 * the account's identity and its claim item). NotFound when the user is gone.
 */
export async function updateUserProfile(id: string, changes: { name: string }): Promise<User> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKey(id),
        UpdateExpression: 'SET #name = :name, version = version + :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: { ':name': changes.name.trim(), ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(Attributes as Record<string, unknown>);
  } catch (err) {
    if (isConditionFailure(err)) throw new NotFound('Account not found');
    throw err;
  }
}

/**
 * Sets the user's mail settings: all three with `settings`, or one (an unsubscribe link
 * turning its kind off) with `Partial`. One kind at a time is a nested SET, so a link that turns
 * off `delivered` never undoes a choice the user saved for `exception` in between. NotFound when
 * the user is gone.
 */
export async function updateNotificationSettings(id: string, settings: Partial<NotificationSettings>): Promise<User> {
  const entries = Object.entries(settings);
  const whole = entries.length === SHIPPER_NOTICES.length;
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKey(id),
        // A single kind needs the map to exist first: the defaults stand in for the kinds not named.
        UpdateExpression: whole
          ? 'SET notifications = :all, version = version + :one'
          : `SET notifications = if_not_exists(notifications, :none), version = version + :one`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: whole ? { ':all': settings, ':one': 1 } : { ':none': {}, ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    if (whole) return fromItem(Attributes as Record<string, unknown>);
    const { Attributes: after } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKey(id),
        UpdateExpression: `SET ${entries.map((_, i) => `notifications.#k${i} = :v${i}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#k${i}`, k])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(after as Record<string, unknown>);
  } catch (err) {
    if (isConditionFailure(err)) throw new NotFound('Account not found');
    throw err;
  }
}

/** Saves the label file a download gives when it names none; the user after it. NotFound when the user is gone. */
export async function updateLabelFormat(id: string, choice: LabelChoice): Promise<User> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKey(id),
        UpdateExpression: 'SET labelFormat = :choice, version = version + :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':choice': { format: choice.format, dpi: choice.dpi }, ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(Attributes as Record<string, unknown>);
  } catch (err) {
    if (isConditionFailure(err)) throw new NotFound('Account not found');
    throw err;
  }
}

/** The TransactWrite item that marks the email as proven (a correct one-time code). */
export const markVerifiedItem = (id: string) => ({
  Update: {
    TableName: tableName(),
    Key: userKey(id),
    UpdateExpression: 'SET verified = :true, version = version + :one',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':true': true, ':one': 1 },
  },
});

/** The TransactWrite item that replaces the password hash (a password reset). */
/**
 * Sets a new password hash (a reset link's) and ends every session of the account in the same write:
 * its sessionEpoch moves on (functions/data/sessions.ts).
 */
export const setPasswordItem = (id: string, passwordHash: string): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: userKey(id),
    UpdateExpression: 'SET passwordHash = :hash, version = version + :one, sessionEpoch = if_not_exists(sessionEpoch, :zero) + :one',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':hash': passwordHash, ':one': 1, ':zero': 0 },
  },
});

/** The account's sessionEpoch is still `seen` (:seen); an account from before epochs has none, which reads as 0. */
const epochStill = (seen: number) => (seen === 0 ? '(attribute_not_exists(sessionEpoch) OR sessionEpoch = :seen)' : 'sessionEpoch = :seen');

/**
 * A password change from the profile: the name and the new hash, and the account's sessionEpoch moved
 * from `seenEpoch` to the next, which ends every session but one the caller moves along in the same
 * transaction (keepSessionItem, functions/data/sessions.ts). The condition fails when the epoch moved
 * meanwhile or the account is gone.
 */
export const changePasswordItem = (id: string, changes: { name: string; passwordHash: string; seenEpoch: number }): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: userKey(id),
    UpdateExpression: 'SET #name = :name, passwordHash = :hash, version = version + :one, sessionEpoch = :next',
    ConditionExpression: `attribute_exists(pk) AND ${epochStill(changes.seenEpoch)}`,
    ExpressionAttributeNames: { '#name': 'name' },
    ExpressionAttributeValues: {
      ':name': changes.name.trim(),
      ':hash': changes.passwordHash,
      ':one': 1,
      ':next': changes.seenEpoch + 1,
      ':seen': changes.seenEpoch,
    },
  },
});

/**
 * Ends every session of the account but `keep` (functions/data/sessions.ts's keepSessionItem goes with
 * it): the account's sessionEpoch moves from `seenEpoch` to the next. Fails (a condition) when it moved meanwhile.
 */
export const moveSessionEpochItem = (id: string, seenEpoch: number): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: userKey(id),
    UpdateExpression: 'SET sessionEpoch = :next',
    ConditionExpression: `attribute_exists(pk) AND ${epochStill(seenEpoch)}`,
    ExpressionAttributeValues: { ':next': seenEpoch + 1, ':seen': seenEpoch },
  },
});

/**
 * All users, newest first: a page of listing items merged across the USERS shards, then their
 * profiles in one BatchGet, answered in the listing's order (a listing whose profile is gone is left out).
 */
export async function listUsers(options: { limit: number; cursor?: string }): Promise<Page<User>> {
  const page = await shardedPage({ index: 'gsi1', base: LIST, descending: true, limit: options.limit, ...(options.cursor ? { cursor: options.cursor } : {}) });
  const ids = page.items.map((item) => String(item.userId));
  const profiles = new Map((ids.length ? await batchGet(ids.map(userKey)) : []).map((item) => [String(item.id), item]));
  const items = ids.flatMap((id) => {
    const profile = profiles.get(id);
    return profile ? [fromItem(profile)] : [];
  });
  return { items, nextCursor: page.nextCursor };
}

/**
 * A profile written while the list was one partition (`gsi1pk USERS` on the profile itself): its
 * index keys removed and a listing item put on its stable shard, each only while the profile still
 * has the old key and no listing exists, so a second run changes nothing.
 */
export const backfillUserListing: ShardBackfill = (item) => {
  if (item.sk !== 'PROFILE' || item.gsi1pk !== LIST || typeof item.id !== 'string' || typeof item.gsi1sk !== 'string') return undefined;
  const id = item.id;
  return [
    {
      Update: {
        TableName: tableName(),
        Key: userKey(id),
        UpdateExpression: 'REMOVE gsi1pk, gsi1sk',
        ConditionExpression: 'gsi1pk = :old',
        ExpressionAttributeValues: { ':old': LIST },
      },
    },
    { Put: { TableName: tableName(), Item: listingItem(id, item.gsi1sk, stableShard(LIST, id)), ConditionExpression: 'attribute_not_exists(pk)' } },
  ];
};
