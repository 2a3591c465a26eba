/**
 * The audit log: one record per admin action on money (domain/audit.ts lists the actions), written
 * in the same transaction as the action (auditStep), so a record exists exactly when its action
 * happened. Append-only and kept for good: the Put is conditioned on a new key, nothing here changes a
 * record's fields or deletes one (the backfill below only moves its index key), and a record carries
 * no `expiresAt`, so the table's TTL never removes one.
 *
 *   record  pk AUDIT#<id>  sk AUDIT  gsi1pk AUDIT#<shard>  gsi1sk <at>#<id>
 *
 * The log's index key is sharded (./shards.ts) like every key that every admin action writes, so
 * the log is never bound to one partition's write rate. It is read newest first across all shards,
 * merged by time, with the days bounding the sort key; the filters (admin, account, action) are
 * checked in code as the merged records arrive, so a page fills however sparse they are.
 */
import { ulid } from 'ulid';
import type { AuditRecord, Person, WalletFigures } from '../../domain/audit';
import type { AuditFilters } from '../../domain/schemas/oversight';
import { addDays } from '../../domain/ship-date';
import { placeInRange } from '../exports/date-range';
import { tableName, type Step } from './client';
import type { Page } from './pagination';
import { moveToStableShards, nextShard, shardedMatchesPage, type ShardBackfill } from './shards';

/** The log's index key: the base of its shards. */
const LOG = 'AUDIT';

const person = (x: unknown): Person => {
  const p = x as Partial<Person> | undefined;
  return { id: String(p?.id ?? ''), email: String(p?.email ?? '') };
};
const figures = (x: unknown): WalletFigures => {
  const f = x as Partial<WalletFigures> | undefined;
  return { balanceCents: Number(f?.balanceCents ?? 0), heldCents: Number(f?.heldCents ?? 0), disputedCents: Number(f?.disputedCents ?? 0) };
};

function fromItem(item: Record<string, unknown>): AuditRecord {
  return {
    id: item.id as string,
    at: item.at as string,
    action: item.action as AuditRecord['action'],
    actor: person(item.actor),
    subject: person(item.subject),
    amountCents: Number(item.amountCents ?? 0),
    before: figures(item.before),
    after: figures(item.after),
    reason: typeof item.reason === 'string' ? item.reason : null,
    ref: typeof item.ref === 'string' ? item.ref : '',
    requestedBy: item.requestedBy ? person(item.requestedBy) : null,
  };
}

/** What a caller says of an action; the id and the time are made here. */
export type AuditInput = Omit<AuditRecord, 'id' | 'at'>;

/** A new record of `input`, made now. */
export const newAuditRecord = (input: AuditInput): AuditRecord => ({ id: ulid(), at: new Date().toISOString(), ...input });

/**
 * The step (named `audit`) that appends `record`: a Put that only a new key passes, so no write can
 * ever replace a record. Flat attributes for the filters (DynamoDB filters read them directly).
 */
export const auditStep = (record: AuditRecord): Step => ({
  name: 'audit',
  item: {
    Put: {
      TableName: tableName(),
      Item: {
        pk: `AUDIT#${record.id}`,
        sk: 'AUDIT',
        entity: 'audit',
        gsi1pk: nextShard(LOG),
        gsi1sk: `${record.at}#${record.id}`,
        actorId: record.actor.id,
        actorEmail: record.actor.email.toLowerCase(),
        subjectId: record.subject.id,
        subjectEmail: record.subject.email.toLowerCase(),
        ...record,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  },
});

/** An id or an email: an email compares without case. */
const whoValue = (who: string) => (who.includes('@') ? who.toLowerCase() : who);

/**
 * The records that match the filters, newest first, up to `limit` a page however sparse the matches,
 * but never more than MAX_ITEMS_READ records read a request: when the budget runs out first, the page
 * answers the matches found so far (maybe none) with a cursor where reading stopped. The days bound
 * the sort key with a day to spare each side (it is a UTC time; the days are Eastern), and are then
 * checked exactly in code.
 */
export async function findAuditRecords(filters: AuditFilters, page: { limit: number; cursor?: string }): Promise<Page<AuditRecord>> {
  const from = filters.from ? addDays(filters.from, -1) : undefined;
  const to = filters.to ? addDays(filters.to, 2) : undefined;
  const actor = filters.actor ? whoValue(filters.actor) : undefined;
  const subject = filters.subject ? whoValue(filters.subject) : undefined;
  const matches = (item: Record<string, unknown>) =>
    (!actor || item.actorId === actor || item.actorEmail === actor) &&
    (!subject || item.subjectId === subject || item.subjectEmail === subject) &&
    (!filters.action || item.action === filters.action) &&
    (!(filters.from || filters.to) || placeInRange(String(item.at), filters) === 'in');
  const filtered = Boolean(actor || subject || filters.action || filters.from || filters.to);
  const { items, nextCursor } = await shardedMatchesPage({
    index: 'gsi1',
    base: LOG,
    descending: true,
    limit: page.limit,
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
    ...(page.cursor ? { cursor: page.cursor } : {}),
    ...(filtered ? { matches } : {}),
  });
  return { items: items.map(fromItem), nextCursor };
}

/**
 * A record written while the log was one partition (`gsi1pk AUDIT`): moved to its stable shard, only
 * while it still holds the old key. The only write a record ever takes after its Put, and it changes
 * no field of the record.
 */
export const backfillAudit: ShardBackfill = (item) => {
  if (item.entity !== 'audit' || item.gsi1pk !== LOG || typeof item.id !== 'string') return undefined;
  return moveToStableShards({ pk: `AUDIT#${item.id}`, sk: 'AUDIT' }, [['gsi1pk', LOG]], item.id);
};
