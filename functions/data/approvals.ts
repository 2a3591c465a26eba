/**
 * Second-admin approvals: an adjustment or a withdrawal approval over its threshold, stored as
 * pending by the first admin, decided once by a second one (functions/wallet/approvals.ts).
 *
 *   approval  pk APPROVAL#<id>            sk APPROVAL     gsi1pk APPROVALS#<shard>  gsi1sk <createdAt>#<id>
 *                                                         gsi2pk APPROVALS#<status>#<shard>  gsi2sk <createdAt>#<id>
 *   guard     pk APPROVALFOR#<withdrawalId>  sk APPROVALFOR  approvalId
 *
 * The guard makes one open approval per withdrawal request: it is written with the approval
 * (attribute_not_exists) and deleted in the transaction that decides it. Status moves once,
 * pending -> approved or pending -> rejected, each move conditioned on `pending`, so two admins
 * deciding at once decide it once.
 *
 * Both lists are sharded (./shards.ts): an approval takes the next shard of `APPROVALS` when stored
 * and the next shard of its new status's key when decided; the lists read every shard merged by
 * creation time.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Approval, ApprovalStatus, Person } from '../../domain/audit';
import { db, tableName, type Step } from './client';
import type { Page } from './pagination';
import { moveToStableShards, nextShard, shardedPage, type ShardBackfill } from './shards';

const approvalKey = (id: string) => ({ pk: `APPROVAL#${id}`, sk: 'APPROVAL' });
const guardKey = (withdrawalId: string) => ({ pk: `APPROVALFOR#${withdrawalId}`, sk: 'APPROVALFOR' });
/** The index keys of every approval and of one status: the bases of their shards. */
const ALL = 'APPROVALS';
const byStatus = (status: ApprovalStatus) => `${ALL}#${status}`;

function toItem(a: Approval) {
  const order = `${a.createdAt}#${a.id}`;
  return { ...approvalKey(a.id), entity: 'approval', gsi1pk: nextShard(ALL), gsi1sk: order, gsi2pk: nextShard(byStatus(a.status)), gsi2sk: order, ...a };
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
        ExpressionAttributeValues: {
          ':to': to,
          ':pending': 'pending',
          ':index': nextShard(byStatus(to)),
          ...Object.fromEntries(set.map(([k, v]) => [`:${k}`, v])),
        },
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

/** Every approval, newest first, of one status (gsi2) or all (gsi1), merged across their shards. */
export async function listApprovals(page: { limit: number; cursor?: string }, status?: ApprovalStatus): Promise<Page<Approval>> {
  const out = await shardedPage({
    index: status ? 'gsi2' : 'gsi1',
    base: status ? byStatus(status) : ALL,
    descending: true,
    limit: page.limit,
    ...(page.cursor ? { cursor: page.cursor } : {}),
  });
  return { items: out.items.map(fromItem), nextCursor: out.nextCursor };
}

/**
 * An approval stored while its lists were one partition each: the unsharded keys it still holds
 * (`APPROVALS`, `APPROVALS#<status>`) moved to their stable shards, each only while it still holds
 * that key, so a second run, or a decision meanwhile (which writes a sharded key), changes nothing.
 */
export const backfillApproval: ShardBackfill = (item) => {
  if (item.entity !== 'approval' || typeof item.id !== 'string') return undefined;
  const status = typeof item.gsi2pk === 'string' && item.gsi2pk === byStatus(item.status as ApprovalStatus) ? item.gsi2pk : undefined;
  return moveToStableShards(
    { ...item, ...approvalKey(item.id) },
    [
      ['gsi1pk', item.gsi1pk === ALL ? ALL : undefined],
      ['gsi2pk', status],
    ],
    item.id,
  );
};
