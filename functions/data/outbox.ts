/**
 * The local outbox: mails the `outbox` mailer keeps in the table instead of sending them, listed at
 * /_local/outbox so a developer (or a browser test) can read the codes and links they carry.
 *
 *   mail  pk OUTBOX#<lower to>  sk <sentAt ISO>#<ulid>  gsi1pk OUTBOX#<shard>  gsi1sk <sentAt ISO>#<ulid>
 *         to, subject, text, replyTo, headers (List-Unsubscribe), sentAt, expiresAt (sentAt + 7 days)
 *
 * One recipient's mails are a Query on pk; everyone's are a read of every `OUTBOX` shard on gsi1
 * (./shards.ts: every mail of every user lands there), merged. Both sort keys start with the ISO
 * time, so reading backwards is newest first. The TTL keeps a local table from growing forever.
 */
import { monotonicFactory } from 'ulid';
import type { Mail } from '../providers/mail/mailer';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { moveToStableShards, nextShard, shardedQuery, type ShardBackfill } from './shards';
import { normalizeEmail } from './users';

/** A mail as /_local/outbox shows it. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  /** The mail's extra header fields, when it had any (a test reads the unsubscribe link here). */
  headers?: Record<string, string>;
  sentAt: string;
}

const KEEP_SECONDS = 7 * 24 * 60 * 60;

/** The index key of every mail: the base of its shards. */
const ALL = 'OUTBOX';

/** Monotonic, so two mails sent in the same millisecond still list in the order they were sent. */
const nextId = monotonicFactory();

export const outboxPk = (to: string) => `OUTBOX#${normalizeEmail(to)}`;

function fromItem(item: Record<string, unknown>): OutboxMail {
  return {
    to: item.to as string,
    subject: item.subject as string,
    text: item.text as string,
    ...(item.headers ? { headers: item.headers as Record<string, string> } : {}),
    sentAt: item.sentAt as string,
  };
}

/** Keeps one mail in the outbox; it expires after 7 days. */
export async function saveOutboxMail(mail: Mail): Promise<void> {
  const now = new Date();
  const sentAt = now.toISOString();
  const sk = `${sentAt}#${nextId(now.getTime())}`;
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        pk: outboxPk(mail.to),
        sk,
        gsi1pk: nextShard(ALL),
        gsi1sk: sk,
        entity: 'outboxMail',
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        replyTo: mail.replyTo,
        headers: mail.headers,
        sentAt,
        expiresAt: Math.floor(now.getTime() / 1000) + KEEP_SECONDS,
      },
    }),
  );
}

/** The newest `limit` mails, of one recipient (any case) when `to` is given, of everyone otherwise. */
export async function listOutbox({ to, limit = 50 }: { to?: string; limit?: number } = {}): Promise<OutboxMail[]> {
  if (!to) return (await shardedQuery({ index: 'gsi1', base: ALL, descending: true, limit })).map(fromItem);
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': outboxPk(to) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items.map(fromItem);
}

/**
 * A mail kept while everyone's mails were one partition (`gsi1pk OUTBOX`): moved to its stable shard
 * (by its sort key, unique to the mail), only while it still holds the old key.
 */
export const backfillOutbox: ShardBackfill = (item) => {
  if (item.entity !== 'outboxMail' || item.gsi1pk !== ALL || typeof item.pk !== 'string' || typeof item.sk !== 'string') return undefined;
  return moveToStableShards(item, [['gsi1pk', ALL]], item.sk);
};
