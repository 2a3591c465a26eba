/**
 * Support requests, kept beside their user so none is lost if the mail to support fails. A request
 * is stored once per Idempotency-Key (a retried POST answers the stored request), and waits in the
 * work index's mail queue until its mail to support has gone out: the request sends it at once, and
 * the scheduled work (functions/jobs/) sends it later if that failed, from the stored request
 * (the pattern of ./mail-tries.ts, which tracking notices share).
 *
 *   request  pk USER#<userId>  sk SUPPORT#<ulid>  name, email, role, subject, message, createdAt,
 *            mailedAt (null until sent), mailTries; while unsent: gsi3 WORK#mail / <next try>#<id>
 *   key      pk SUPPORTKEY#<userId>#<Idempotency-Key>  sk SUPPORTKEY  requestId, TTL 7 days
 */
import { ulid } from 'ulid';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, transact, type Step } from './client';
import { claimMailTry as claimQueuedMail, markMailSent, unsentMailFields } from './mail-tries';
import { dueItems } from './work-index';

export interface SupportRequest {
  id: string;
  userId: string;
  name: string;
  email: string;
  role: string;
  subject: string;
  message: string;
  /** The label the request is about, when it was opened from one (a postage adjustment's dispute). */
  shipOrderId?: string;
  /** The postage adjustment it disputes. */
  adjustmentId?: string;
  createdAt: string;
  /** When the mail to support went out; null until then. */
  mailedAt: string | null;
  /** Scheduled tries of the mail so far (the request's own first try not counted). */
  mailTries: number;
  /** While the mail has not gone out: when it is tried (again). */
  mailDue?: string;
}

const requestKey = (userId: string, id: string) => ({ pk: `USER#${userId}`, sk: `SUPPORT#${id}` });
const idempotencyKey = (userId: string, key: string) => ({ pk: `SUPPORTKEY#${userId}#${key}`, sk: 'SUPPORTKEY' });
const KEY_TTL_S = 7 * 24 * 3600;

const fromItem = (item: Record<string, unknown>): SupportRequest => {
  const { pk: _pk, sk: _sk, entity: _e, gsi3pk: _w, gsi3sk: _d, ...request } = item;
  return { mailTries: 0, mailedAt: null, name: '', role: 'user', ...request } as SupportRequest;
};

export async function getSupportRequest(userId: string, id: string): Promise<SupportRequest | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: requestKey(userId, id), ConsistentRead: true }));
  return Item ? fromItem(Item) : undefined;
}

/**
 * Stores a new support request, once per `key`: the same key from the same user answers the request
 * stored first (`created: false`) and stores nothing. `also`: more steps of the same transaction (a
 * dispute marks its adjustment), and the error to throw when one of them is refused.
 */
export async function saveSupportRequest(
  input: Pick<SupportRequest, 'userId' | 'name' | 'email' | 'role' | 'subject' | 'message' | 'shipOrderId' | 'adjustmentId'>,
  key: string,
  now = new Date(),
  also?: { steps: (requestId: string) => Step[]; refused: () => Error },
): Promise<{ request: SupportRequest; created: boolean }> {
  const createdAt = now.toISOString();
  const id = ulid();
  const { gsi3pk, gsi3sk, ...unsent } = unsentMailFields('mail', id, now);
  const request: SupportRequest = { ...input, id, createdAt, ...unsent };
  const done = await transact([
    {
      name: 'support.key',
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...idempotencyKey(input.userId, key), entity: 'supportKey', requestId: request.id, expiresAt: Math.floor(now.getTime() / 1000) + KEY_TTL_S },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    {
      name: 'support.request',
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...requestKey(input.userId, request.id), entity: 'supportRequest', ...request, gsi3pk, gsi3sk },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    ...(also?.steps(request.id) ?? []),
  ]);
  if (done.ok) return { request, created: true };
  // Only a key already used means "answer the first request"; another refusal is the caller's.
  if (also && !done.failed.has('support.key')) throw also.refused();
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: idempotencyKey(input.userId, key), ConsistentRead: true }));
  const first = typeof Item?.requestId === 'string' ? await getSupportRequest(input.userId, Item.requestId) : undefined;
  if (!first) throw new Error(`support request key ${key} is claimed but its request is missing`);
  return { request: first, created: false };
}

/** The mail went out: the request leaves the mail queue. False when it had already been marked. */
export const markMailed = (request: Pick<SupportRequest, 'userId' | 'id'>, now = new Date()): Promise<boolean> =>
  markMailSent(requestKey(request.userId, request.id), now);

/**
 * Claims an unsent mail for one try, moving its next try to `nextDue` (so an overlapping run or the
 * request itself does not send it too). False when someone else claimed it or it was sent.
 */
export const claimMailTry = (request: SupportRequest, nextDue: Date): Promise<boolean> =>
  claimQueuedMail(requestKey(request.userId, request.id), 'mail', request.id, request.mailDue, nextDue);

/** Support requests whose mail is due (the request's own try failed), earliest first. */
export const dueSupportMails = async (now: Date, limit: number): Promise<SupportRequest[]> => (await dueItems('mail', now, limit)).map(fromItem);
