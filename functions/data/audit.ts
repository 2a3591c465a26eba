/**
 * The audit log: one record per admin action on money (domain/audit.ts lists the actions), written
 * in the same transaction as the action (auditStep), so a record exists exactly when its action
 * happened. Append-only and kept for good: the Put is conditioned on a new key, nothing here updates
 * or deletes a record, and a record carries no `expiresAt`, so the table's TTL never removes one.
 *
 *   record  pk AUDIT#<id>  sk AUDIT  gsi1pk AUDIT  gsi1sk <at>#<id>
 *
 * One index partition holds the whole log in time order: admin actions are a few a day, far below
 * what one partition serves, and the filters (admin, account, action) are read from it newest first
 * with the days bounding the sort key (./filtered-query.ts).
 */
import { ulid } from 'ulid';
import type { AuditRecord, Person, WalletFigures } from '../../domain/audit';
import type { AuditFilters } from '../../domain/schemas/oversight';
import { addDays } from '../../domain/ship-date';
import { placeInRange } from '../exports/date-range';
import { tableName, type Step } from './client';
import { queryMatches } from './filtered-query';
import type { Page } from './pagination';

const PARTITION = 'AUDIT';

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
        gsi1pk: PARTITION,
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
 * The records that match the filters, newest first, up to `limit` a page however sparse the matches.
 * The days bound the sort key with a day to spare each side (it is a UTC time; the days are Eastern),
 * and are then checked exactly in code.
 */
export function findAuditRecords(filters: AuditFilters, page: { limit: number; cursor?: string }): Promise<Page<AuditRecord>> {
  const low = filters.from ? addDays(filters.from, -1) : '0';
  const high = filters.to ? addDays(filters.to, 2) : '~';
  const conditions: string[] = [];
  const values: Record<string, string> = {};
  if (filters.actor) {
    conditions.push('(actorId = :actor OR actorEmail = :actor)');
    values[':actor'] = whoValue(filters.actor);
  }
  if (filters.subject) {
    conditions.push('(subjectId = :subject OR subjectEmail = :subject)');
    values[':subject'] = whoValue(filters.subject);
  }
  if (filters.action) {
    conditions.push('#action = :action');
    values[':action'] = filters.action;
  }
  return queryMatches(
    {
      input: {
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :p AND gsi1sk BETWEEN :low AND :high',
        ...(conditions.length ? { FilterExpression: conditions.join(' AND ') } : {}),
        ...(filters.action ? { ExpressionAttributeNames: { '#action': 'action' } } : {}),
        ExpressionAttributeValues: { ':p': PARTITION, ':low': low, ':high': high, ...values },
      },
      scope: { gsi1pk: PARTITION },
      prefixes: { pk: 'AUDIT#', sk: 'AUDIT' },
      bounds: { name: 'gsi1sk', low, high },
      fromItem,
      ...(filters.from || filters.to ? { matches: (r: AuditRecord) => placeInRange(r.at, filters) === 'in' } : {}),
    },
    page,
  );
}
