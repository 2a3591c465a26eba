/**
 * Second-admin approvals: an adjustment or a withdrawal approval over its threshold, stored as
 * pending by the first admin, decided once by a second one (functions/wallet/approvals.ts).
 *
 *   approval  pk APPROVAL#<id>            sk APPROVAL     gsi1pk APPROVALS  gsi1sk <createdAt>#<id>
 *                                                         gsi2pk APPROVALS#<status>  gsi2sk <createdAt>#<id>
 *   guard     pk APPROVALFOR#<withdrawalId>  sk APPROVALFOR  approvalId
 *
 * The guard makes one open approval per withdrawal request: it is written with the approval
 * (attribute_not_exists) and deleted in the transaction that decides it. Status moves once,
 * pending -> approved or pending -> rejected, each move conditioned on `pending`, so two admins
 * deciding at once decide it once.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Approval, ApprovalStatus, Person } from '../../domain/audit';
import { db, tableName, type Step } from './client';
import { decodeCursor, encodeCursor, type Page } from './pagination';

const approvalKey = (id: string) => ({ pk: `APPROVAL#${id}`, sk: 'APPROVAL' });
const guardKey = (withdrawalId: string) => ({ pk: `APPROVALFOR#${withdrawalId}`, sk: 'APPROVALFOR' });
const byStatus = (status: ApprovalStatus) => `APPROVALS#${status}`;

function toItem(a: Approval) {
  const order = `${a.createdAt}#${a.id}`;
  return { ...approvalKey(a.id), entity: 'approval', gsi1pk: 'APPROVALS', gsi1sk: order, gsi2pk: byStatus(a.status), gsi2sk: order, ...a };
}

const text = (v: unknown) => (typeof v === 'string' ? v : null);
const person = (v: unknown): Person | null => (v && typeof v === 'object' ? { id: String((v as Person).id), email: String((v as Person).email) } : null);

function fromItem(item: Record<string, unknown>): Approval {
  const subject = item.subject as Approval['subject'];
  return {
    id: item.id as string,
    kind: item.kind as Approval['kind'],
    status: item.status as ApprovalStatus,
    amountCents: Number(item.amountCents),
    reason: text(item.reason),
    subject: { id: subject.id, email: subject.email, name: subject.name },
    withdrawalId: text(item.withdrawalId),
    requestedBy: person(item.requestedBy) as Person,
    createdAt: item.createdAt as string,
    decidedBy: person(item.decidedBy),
    decidedAt: text(item.decidedAt),
    decisionReason: text(item.decisionReason),
    entryId: text(item.entryId),
  };
}

/**
 * The steps that store a new pending approval (`approval`) and, for a withdrawal, its guard
 * (`approval.guard`): a second approval of the same request fails there.
 */
export function newApprovalSteps(a: Approval): Step[] {
  const put: Step = { name: 'approval', item: { Put: { TableName: tableName(), Item: toItem(a), ConditionExpression: 'attribute_not_exists(pk)' } } };
  if (!a.withdrawalId) return [put];
  return [
    put,
    {
      name: 'approval.guard',
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...guardKey(a.withdrawalId), entity: 'approvalGuard', approvalId: a.id },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
  ];
}

/**
 * The steps that decide a pending approval: the move to `to` with who decided and when (`approval`,
 * only while pending), and the removal of a withdrawal's guard, so the request can be asked about again.
 */
export function decideApprovalSteps(
  a: Pick<Approval, 'id' | 'withdrawalId'>,
  to: Exclude<ApprovalStatus, 'pending'>,
  fields: Pick<Approval, 'decidedBy' | 'decidedAt'> & Partial<Pick<Approval, 'decisionReason' | 'entryId'>>,
): Step[] {
  const set = Object.entries(fields).filter(([, v]) => v !== undefined);
  const move: Step = {
    name: 'approval',
    item: {
      Update: {
        TableName: tableName(),
        Key: approvalKey(a.id),
        UpdateExpression: ['SET #status = :to, gsi2pk = :index', ...set.map(([k]) => `#${k} = :${k}`)].join(', '),
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status', ...Object.fromEntries(set.map(([k]) => [`#${k}`, k])) },
        ExpressionAttributeValues: { ':to': to, ':pending': 'pending', ':index': byStatus(to), ...Object.fromEntries(set.map(([k, v]) => [`:${k}`, v])) },
      },
    },
  };
  if (!a.withdrawalId) return [move];
  return [
    move,
    {
      name: 'approval.guard',
      item: {
        Delete: {
          TableName: tableName(),
          Key: guardKey(a.withdrawalId),
          ConditionExpression: 'approvalId = :id',
          ExpressionAttributeValues: { ':id': a.id },
        },
      },
    },
  ];
}

/** One approval by id (consistent), or undefined. */
export async function getApproval(id: string): Promise<Approval | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: approvalKey(id), ConsistentRead: true }));
  return Item ? fromItem(Item) : undefined;
}

/** The open approval of withdrawal request `withdrawalId`, or undefined. */
export async function openApprovalOf(withdrawalId: string): Promise<Approval | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: guardKey(withdrawalId), ConsistentRead: true }));
  return typeof Item?.approvalId === 'string' ? getApproval(Item.approvalId) : undefined;
}

/** Every approval, newest first, of one status (gsi2) or all (gsi1). */
export async function listApprovals(page: { limit: number; cursor?: string }, status?: ApprovalStatus): Promise<Page<Approval>> {
  const index = status ? 'gsi2' : 'gsi1';
  const [name, value] = status ? ['gsi2pk', byStatus(status)] : ['gsi1pk', 'APPROVALS'];
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: index,
      KeyConditionExpression: `${name} = :p`,
      ExpressionAttributeValues: { ':p': value },
      ScanIndexForward: false,
      Limit: page.limit,
      ExclusiveStartKey: decodeCursor(page.cursor, { [name]: value }, index, { pk: 'APPROVAL#', sk: 'APPROVAL' }),
    }),
  );
  return { items: (out.Items ?? []).map(fromItem), nextCursor: encodeCursor(out.LastEvaluatedKey) };
}
