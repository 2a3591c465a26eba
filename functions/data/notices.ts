/**
 * Tracking notices: one item per order and kind of mail, so no mail is sent twice
 * however often (or however concurrently) the carrier's event that calls for it is applied or
 * replayed; the recipient addresses that asked for no more mail; and the unused-label reminder's
 * watermark.
 *
 *   notice       pk NOTICE#<orderId>        sk <kind>    userId, orderId, kind, createdAt, outcome
 *                (sent, or why it was not: off, suppressed, no_email, used), and the mail's try
 *                fields (./mail-tries.ts): while unsent gsi3 WORK#notice / <mailDue>#<orderId>#<kind>
 *   suppression  pk SUPPRESS#<lower email>  sk SUPPRESS  email, createdAt: no more recipient mails
 *   watermark    pk NOTICEMARK              sk unused    upTo: the unused queue's gsi3sk reminded up to
 *
 * A notice is written with attribute_not_exists: the writer that wins sends it at once; a failed
 * send leaves it in the work queue for the scheduled work (functions/notifications/notices.ts).
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from './client';
import { claimMailTry, markMailSent, unsentMailFields } from './mail-tries';
import { normalizeEmail } from './users';
import { dueItems } from './work-index';

/** The shipper's three (by their settings), the recipient's two, and a return label's mail to whoever sends it back. */
export const NOTICE_KINDS = [
  'shipper_delivered',
  'shipper_exception',
  'shipper_unused',
  'recipient_on_its_way',
  'recipient_delivered',
  'recipient_return_label',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** Why a notice was marked done: sent, or not sent because the setting was off, the address suppressed, ... */
export type NoticeOutcome = 'sent' | 'off' | 'suppressed' | 'no_email' | 'used' | 'gone';

export interface Notice {
  orderId: string;
  userId: string;
  kind: NoticeKind;
  createdAt: string;
  mailedAt: string | null;
  mailTries: number;
  mailDue?: string;
  outcome?: NoticeOutcome;
}

const noticeKey = (orderId: string, kind: NoticeKind) => ({ pk: `NOTICE#${orderId}`, sk: kind });
const suppressionKey = (email: string) => ({ pk: `SUPPRESS#${normalizeEmail(email)}`, sk: 'SUPPRESS' });
const WATERMARK_KEY = { pk: 'NOTICEMARK', sk: 'unused' };

const fromItem = (item: Record<string, unknown>): Notice => {
  const { pk: _pk, sk: _sk, entity: _e, gsi3pk: _w, gsi3sk: _d, ...notice } = item;
  return notice as unknown as Notice;
};

/**
 * Queues the notice `kind` of an order, once: the notice if this call stored it (the caller sends
 * it now), undefined when it was already there (queued, sent or decided by an earlier call).
 */
export async function putNotice(order: { id: string; userId: string }, kind: NoticeKind, now = new Date()): Promise<Notice | undefined> {
  const notice: Notice = { orderId: order.id, userId: order.userId, kind, createdAt: now.toISOString(), mailedAt: null, mailTries: 0 };
  const fields = unsentMailFields('notice', `${order.id}#${kind}`, now);
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...noticeKey(order.id, kind), entity: 'notice', ...notice, ...fields },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return { ...notice, mailDue: fields.mailDue };
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

export async function getNotice(orderId: string, kind: NoticeKind): Promise<Notice | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: noticeKey(orderId, kind), ConsistentRead: true }));
  return Item ? fromItem(Item) : undefined;
}

/** The notice is done (sent, or decided against): it leaves the queue. False when already done. */
export const markNoticeDone = (notice: Pick<Notice, 'orderId' | 'kind'>, outcome: NoticeOutcome, now = new Date()): Promise<boolean> =>
  markMailSent(noticeKey(notice.orderId, notice.kind), now, { outcome });

/** Claims a queued notice for one scheduled try (./mail-tries.ts claimMailTry). */
export const claimNoticeTry = (notice: Notice, nextDue: Date): Promise<boolean> =>
  claimMailTry(noticeKey(notice.orderId, notice.kind), 'notice', `${notice.orderId}#${notice.kind}`, notice.mailDue, nextDue);

/** Notices whose mail is due (their first try failed), earliest first. */
export const dueNotices = async (now: Date, limit: number): Promise<Notice[]> => (await dueItems('notice', now, limit)).map(fromItem);

/** The address asked for no more tracking mails (a recipient's unsubscribe link). Idempotent. */
export async function suppressRecipient(email: string, now = new Date()): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...suppressionKey(email), entity: 'suppression', email: normalizeEmail(email), createdAt: now.toISOString() },
    }),
  );
}

export async function isSuppressed(email: string): Promise<boolean> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: suppressionKey(email), ConsistentRead: true }));
  return Item !== undefined;
}

/** The unused queue's sort key the reminders have been queued up to; undefined before the first run. */
export async function getUnusedWatermark(): Promise<string | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: WATERMARK_KEY, ConsistentRead: true }));
  return typeof Item?.upTo === 'string' ? Item.upTo : undefined;
}

/**
 * Moves the watermark from `seen` (what this run read; undefined for none) to `upTo`. False when
 * another run moved it first: that run queued the same reminders (queueing is idempotent).
 */
export async function advanceUnusedWatermark(seen: string | undefined, upTo: string, now = new Date()): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: WATERMARK_KEY,
        UpdateExpression: 'SET upTo = :upTo, entity = :entity, updatedAt = :now',
        ConditionExpression: seen === undefined ? 'attribute_not_exists(pk)' : 'upTo = :seen',
        ExpressionAttributeValues: { ':upTo': upTo, ':entity': 'noticeWatermark', ':now': now.toISOString(), ...(seen === undefined ? {} : { ':seen': seen }) },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}
