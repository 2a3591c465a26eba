/**
 * Sessions: every token names one, and a token works only while its session is stored, so ending a
 * session (logout, "sign out everywhere", a password change or reset) stops its token at once,
 * whatever the token's own expiry says.
 *
 *   session  pk USER#<userId>  sk SESSION#<sessionId>  scope (otp|full), device, address, createdAt,
 *            lastUsedAt (ISO), expiresAt (s), epoch, signUp {email, name} on a sign-up decoy
 *   account  pk USER#<userId>  sk PROFILE              sessionEpoch (absent: 0)
 *
 * A session counts only while its epoch is the account's `sessionEpoch`: ending every session at
 * once (a password change or reset, "sign out everywhere") is one update of the account's epoch,
 * which goes in the same transaction as the new password, and cannot miss a session started at the
 * same moment (a sign-in stamps the epoch it read with the password it checked). The dead items go
 * with TTL, or when "sign out everywhere" deletes them.
 *
 * A session starts at the password step (`otp`, 15 minutes) and the code step lifts it to `full`
 * (12 hours), so the sign-in and its code are one session. A sign-up with an email that already
 * has an account gets a decoy session under a user id that has no account (`signUp` holds what was
 * typed): the code routes then answer it as they answer a new account's
 * (docs/decisions/0198-sign-up-tells-nothing.md). TTL deletion is lazy, so reads check expiresAt too.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactGetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { TokenScope } from '../http/tokens';
import { db, isConditionFailure, onlyConditionsFailed, tableName, type TransactItem } from './client';
import { Conflict } from '../errors';
import { moveSessionEpochItem, userKey } from './users';

/** How long each scope's session lives: the token's lifetime (functions/http/tokens.ts). */
export const SESSION_LIFETIME_MS: Record<TokenScope, number> = { otp: 15 * 60_000, full: 12 * 60 * 60_000 };
/** lastUsedAt is rewritten at most this often, so a busy session does not cost a write per request. */
export const LAST_USED_EVERY_MS = 5 * 60_000;

export interface Session {
  id: string;
  userId: string;
  scope: TokenScope;
  /** A short description of the browser and system, from the User-Agent ("Chrome on Windows"). */
  device: string;
  /** The client address at sign-in. */
  address: string;
  createdAt: string;
  lastUsedAt: string;
  /** Epoch seconds. */
  expiresAt: number;
  /** The account's sessionEpoch when the session started: it counts only while they are equal. */
  epoch: number;
  /** Only on a sign-up decoy: what was typed, so the code routes can answer as for a new account. */
  signUp?: { email: string; name: string };
}

export interface NewSession {
  userId: string;
  scope: TokenScope;
  device: string;
  address: string;
  /** The account's sessionEpoch as read with the password or factor the sign-in checked. */
  epoch: number;
  signUp?: { email: string; name: string };
}

const SESSION_PREFIX = 'SESSION#';
export const sessionKey = (userId: string, sessionId: string) => ({ pk: `USER#${userId}`, sk: `${SESSION_PREFIX}${sessionId}` });
const seconds = (ms: number) => Math.floor(ms / 1000);

function fromItem(item: Record<string, unknown>): Session {
  return {
    id: String(item.sessionId),
    userId: String(item.userId),
    scope: item.scope === 'full' ? 'full' : 'otp',
    device: typeof item.device === 'string' ? item.device : '',
    address: typeof item.address === 'string' ? item.address : '',
    createdAt: String(item.createdAt),
    lastUsedAt: String(item.lastUsedAt ?? item.createdAt),
    expiresAt: Number(item.expiresAt ?? 0),
    epoch: Number(item.epoch ?? 0),
    ...(item.signUp && typeof item.signUp === 'object' ? { signUp: item.signUp as Session['signUp'] } : {}),
  };
}

/** Stores a new session; its id goes into the token. */
export async function createSession(input: NewSession, now = Date.now()): Promise<Session> {
  const at = new Date(now).toISOString();
  const session: Session = { id: ulid(now), createdAt: at, lastUsedAt: at, expiresAt: seconds(now + SESSION_LIFETIME_MS[input.scope]), ...input };
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...sessionKey(session.userId, session.id), entity: 'session', sessionId: session.id, ...withoutId(session) },
    }),
  );
  return session;
}

const withoutId = ({ id: _id, ...rest }: Session) => rest;

/**
 * Lifts a session to `scope` (the code step: otp to full) with that scope's lifetime from now.
 * Undefined when the session has ended meanwhile (nothing is written then).
 */
export async function renewSession(userId: string, sessionId: string, scope: TokenScope, now = Date.now()): Promise<Session | undefined> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: sessionKey(userId, sessionId),
        UpdateExpression: 'SET #scope = :scope, expiresAt = :exp, lastUsedAt = :at',
        ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
        ExpressionAttributeNames: { '#scope': 'scope' },
        ExpressionAttributeValues: {
          ':scope': scope,
          ':exp': seconds(now + SESSION_LIFETIME_MS[scope]),
          ':at': new Date(now).toISOString(),
          ':now': seconds(now),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(Attributes as Record<string, unknown>);
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

/**
 * The session if it is live (stored, unexpired and of the account's epoch), else undefined. The
 * session and the account's epoch are read together, consistently: a session ended a moment ago
 * must not pass.
 */
export async function getLiveSession(userId: string, sessionId: string, now = Date.now()): Promise<Session | undefined> {
  return (await getLiveSessionWith(userId, sessionId, undefined, now)).session;
}

/**
 * getLiveSession, reading one more item of the person's in the same consistent read (the handler
 * factory's team membership, functions/data/members.ts): `item` is that item, or undefined.
 */
export async function getLiveSessionWith(
  userId: string,
  sessionId: string,
  alsoKey: Record<string, string> | undefined,
  now = Date.now(),
): Promise<{ session?: Session; item?: Record<string, unknown> }> {
  const { Responses } = await db.send(
    new TransactGetCommand({
      TransactItems: [
        { Get: { TableName: tableName(), Key: sessionKey(userId, sessionId) } },
        { Get: { TableName: tableName(), Key: userKey(userId), ProjectionExpression: 'sessionEpoch' } },
        ...(alsoKey ? [{ Get: { TableName: tableName(), Key: alsoKey } }] : []),
      ],
    }),
  );
  const item = Responses?.[0]?.Item;
  if (!item || Number(item.expiresAt ?? 0) <= seconds(now)) return {};
  const session = fromItem(item);
  return session.epoch === epochIn(Responses?.[1]?.Item) ? { session, item: Responses?.[2]?.Item } : {};
}

const epochIn = (account: Record<string, unknown> | undefined) => Number(account?.sessionEpoch ?? 0);

async function accountEpoch(userId: string): Promise<number> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: userKey(userId), ProjectionExpression: 'sessionEpoch', ConsistentRead: true }));
  return epochIn(Item);
}

/**
 * Moves the kept session to the account's next epoch, with the account update that moves the epoch
 * (functions/data/users.ts: changePasswordItem, moveSessionEpochItem). Fails (a condition) when the
 * session has ended or is of another epoch.
 */
export const keepSessionItem = (userId: string, sessionId: string, seenEpoch: number): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: sessionKey(userId, sessionId),
    UpdateExpression: 'SET epoch = :next',
    // A session from before epochs has none, which reads as 0.
    ConditionExpression: `attribute_exists(pk) AND expiresAt > :now AND ${seenEpoch === 0 ? '(attribute_not_exists(epoch) OR epoch = :seen)' : 'epoch = :seen'}`,
    ExpressionAttributeValues: { ':next': seenEpoch + 1, ':seen': seenEpoch, ':now': seconds(Date.now()) },
  },
});

/**
 * Records that the session was used, when its lastUsedAt is older than LAST_USED_EVERY_MS: at most
 * one write per session every few minutes. Never brings back a session ended meanwhile.
 */
export async function touchSession(session: Session, now = Date.now()): Promise<void> {
  if (now - Date.parse(session.lastUsedAt) < LAST_USED_EVERY_MS) return;
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: sessionKey(session.userId, session.id),
        UpdateExpression: 'SET lastUsedAt = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': new Date(now).toISOString() },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/** The user's live sessions, oldest first (one Query of the user's partition); a read only, so read-only routes may list them. */
export async function listSessions(userId: string, now = Date.now()): Promise<Session[]> {
  const sessions: Session[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  const epoch = await accountEpoch(userId);
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':prefix': SESSION_PREFIX },
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    sessions.push(...(page.Items ?? []).map(fromItem));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return sessions.filter((s) => s.expiresAt > seconds(now) && s.epoch === epoch);
}

/** Ends one session (its token answers 401 from now on). Ending an ended session does nothing. */
export async function endSession(userId: string, sessionId: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName(), Key: sessionKey(userId, sessionId) }));
}

/**
 * "Sign out everywhere else": one transaction moves the account's epoch and the caller's session with
 * it, so every other session ends, those starting at this moment too. Returns how many were live;
 * undefined when the caller's own session has ended meanwhile.
 */
export async function endOtherSessions(userId: string, keep: string): Promise<number | undefined> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [seen, sessions] = await Promise.all([accountEpoch(userId), listSessions(userId)]);
    if (!sessions.some((s) => s.id === keep)) return undefined;
    try {
      await db.send(new TransactWriteCommand({ TransactItems: [moveSessionEpochItem(userId, seen), keepSessionItem(userId, keep, seen)] }));
    } catch (err) {
      // The epoch moved between the read and the write (a password change, another click): read again.
      if (err instanceof TransactionCanceledException && onlyConditionsFailed(err)) continue;
      throw err;
    }
    // Already dead by the epoch; deleted so the list and the partition stay small.
    const others = sessions.filter((s) => s.id !== keep);
    await Promise.all(others.map((s) => endSession(userId, s.id)));
    return others.length;
  }
  throw new Conflict('Your sessions changed meanwhile. Try again.');
}
