/**
 * Items that carry a mail which must go out once, even when the mail service fails: a support
 * request's mail to support (./support-requests.ts) and a tracking notice (./notices.ts). The item
 * is stored first; the request (or event) that stored it tries the mail at once; until it is marked
 * sent the item waits in a work queue (gsi3 `WORK#<queue>`, `<mailDue>#<id>`), and the scheduled
 * work claims it for one try at a time, further apart each time.
 *
 *   mailedAt   null until the mail went out (or was decided against); then the item leaves the queue
 *   mailTries  scheduled tries so far (the first, immediate try not counted)
 *   mailDue    while unsent: when the scheduled work tries it (again)
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from './client';
import { workKeys, type WorkQueue } from './work-index';

type Key = { pk: string; sk: string };

/** The first scheduled try of a mail whose immediate try failed: a minute on, so it never races that try. */
export const FIRST_MAIL_RETRY_MS = 60_000;

/** The wait before scheduled try number `tries`: doubling from 2 minutes, at most 6 hours. */
export const mailRetryDelayMs = (tries: number): number => Math.min(2 ** Math.min(tries, 20) * 60_000, 6 * 3600_000);

/** The attributes of a new item whose mail has not gone out yet: queued in `queue`, first due a minute on. */
export function unsentMailFields(queue: WorkQueue, id: string, now: Date) {
  const mailDue = new Date(now.getTime() + FIRST_MAIL_RETRY_MS).toISOString();
  return { mailedAt: null, mailTries: 0, mailDue, ...workKeys(queue, id, mailDue) };
}

/**
 * The mail went out (or was decided against, with `extra` saying why): the item leaves its queue.
 * False when it had already been marked.
 */
export async function markMailSent(key: Key, now = new Date(), extra: Record<string, string> = {}): Promise<boolean> {
  const names = Object.keys(extra);
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: `SET mailedAt = :now${names.map((n, i) => `, #x${i} = :x${i}`).join('')} REMOVE mailDue, gsi3pk, gsi3sk`,
        ConditionExpression: 'mailedAt = :null',
        ...(names.length ? { ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#x${i}`, n])) } : {}),
        ExpressionAttributeValues: { ':now': now.toISOString(), ':null': null, ...Object.fromEntries(names.map((n, i) => [`:x${i}`, extra[n]])) },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/**
 * Claims an unsent mail for one try, moving its next try to `nextDue` (so an overlapping run does
 * not send it too). `seenDue` is the mailDue the caller read. False when someone else claimed it or
 * it was sent.
 */
export async function claimMailTry(key: Key, queue: WorkQueue, id: string, seenDue: string | undefined, nextDue: Date): Promise<boolean> {
  const due = nextDue.toISOString();
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET mailDue = :due, mailTries = mailTries + :one, gsi3sk = :sk',
        ConditionExpression: 'mailedAt = :null AND mailDue = :seen',
        ExpressionAttributeValues: { ':due': due, ':one': 1, ':sk': workKeys(queue, id, due).gsi3sk, ':null': null, ':seen': seenDue },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/**
 * One scheduled run over the due items of a mail queue: each claimed for one try (its next try
 * pushed back first) and sent. `send` answers false when the mail service failed.
 */
export async function retryDueMails<T extends { mailTries: number }>(
  due: T[],
  claim: (item: T, nextDue: Date) => Promise<boolean>,
  send: (item: T) => Promise<boolean>,
  now: Date,
): Promise<Record<'sent' | 'failed' | 'skipped', number>> {
  const counts = { sent: 0, failed: 0, skipped: 0 };
  for (const item of due) {
    if (!(await claim(item, new Date(now.getTime() + mailRetryDelayMs(item.mailTries + 1))))) {
      counts.skipped++;
      continue;
    }
    if (await send(item)) counts.sent++;
    else counts.failed++;
  }
  return counts;
}
