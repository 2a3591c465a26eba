/**
 * Withdrawal requests: the request itself, a pointer that finds it by id alone (admins approve by
 * id without knowing the user), and the per-user gate that allows one request per 30 days. All
 * three are written in the transaction that places the hold (functions/wallet/withdrawals.ts), so a
 * request, its hold and its turn of the month exist together or not at all.
 *
 *   request  pk USER#<userId>        sk WITHDRAWAL#<id>  gsi1pk WITHDRAWALS#<shard>  gsi1sk <createdAt>#<id>
 *                                                        gsi2pk WITHDRAWALS#<status>#<shard>  gsi2sk <createdAt>#<id>
 *   pointer  pk WITHDRAWAL#<id>      sk WITHDRAWAL       userId
 *   gate     pk USER#<userId>        sk WITHDRAWGATE     lastRequestAt, lastRequestId, previousRequestAt
 *
 * The request's id is also the id of its `withdrawal` ledger entry. Its status only moves forward
 * (pending -> approving -> approved, or pending -> rejected), each move conditioned on the status
 * it leaves, so a second approval or rejection changes nothing.
 *
 * Both admin lists are keys every user writes, so each is sharded (./shards.ts): a request takes the
 * next shard of `WITHDRAWALS` when stored and the next shard of its new status's key at each move, and
 * the lists read every shard merged by creation time.
 */
import type { Withdrawal, WithdrawalRefund, WithdrawalStatus } from '../../domain/api/wallet';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName, type Step } from './client';
import { ownedAmountFromItem, textAttribute } from './owned-amount';
import { decodeCursor, encodeCursor, type Page } from './pagination';
import { moveToStableShards, nextShard, shardedPage, type ShardBackfill } from './shards';

const requestKey = (userId: string, id: string) => ({ pk: `USER#${userId}`, sk: `WITHDRAWAL#${id}` });
const pointerKey = (id: string) => ({ pk: `WITHDRAWAL#${id}`, sk: 'WITHDRAWAL' });
const gateKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'WITHDRAWGATE' });

/** The index keys of every request and of one status: the bases of their shards. */
const ALL = 'WITHDRAWALS';
const byStatus = (status: WithdrawalStatus) => `${ALL}#${status}`;

function toItem(w: Withdrawal) {
  const order = `${w.createdAt}#${w.id}`;
  return {
    ...requestKey(w.userId, w.id),
    entity: 'withdrawal',
    gsi1pk: nextShard(ALL),
    gsi1sk: order,
    gsi2pk: nextShard(byStatus(w.status)),
    gsi2sk: order,
    ...w,
  };
}

function fromItem(item: Record<string, unknown>): Withdrawal {
  const s = (k: string) => textAttribute(item, k);
  return {
    ...ownedAmountFromItem(item),
    status: item.status as WithdrawalStatus,
    createdAt: item.createdAt as string,
    decidedAt: s('decidedAt'),
    completedAt: s('completedAt'),
    note: s('note'),
    reason: s('reason'),
    refunds: ((item.refunds as WithdrawalRefund[] | undefined) ?? []).map((r) => ({
      topUpId: r.topUpId,
      paymentIntent: r.paymentIntent,
      amountCents: Number(r.amountCents),
      refundId: r.refundId ?? null,
    })),
    byHandCents: Number(item.byHandCents ?? 0),
  };
}

/** The per-user gate as read: when the last request was made, and the one before it. */
export interface WithdrawalGate {
  lastRequestAt: string;
  lastRequestId: string;
  previousRequestAt: string | null;
}

/** The gate of `userId`, or undefined before the first request. */
export async function getWithdrawalGate(userId: string): Promise<WithdrawalGate | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: gateKey(userId), ConsistentRead: true }));
  if (!Item) return undefined;
  return {
    lastRequestAt: Item.lastRequestAt as string,
    lastRequestId: Item.lastRequestId as string,
    previousRequestAt: typeof Item.previousRequestAt === 'string' ? Item.previousRequestAt : null,
  };
}

/**
 * The steps that store a new request: the request (`withdrawal`), its pointer (`withdrawal.id`) and
 * the gate (`withdrawal.gate`), which must still be as read (`gate`, or absent): two requests sent
 * at once both read the same gate, and only one of them can then write it.
 */
export function newWithdrawalSteps(w: Withdrawal, gate: WithdrawalGate | undefined): Step[] {
  return [
    { name: 'withdrawal', item: { Put: { TableName: tableName(), Item: toItem(w), ConditionExpression: 'attribute_not_exists(pk)' } } },
    {
      name: 'withdrawal.id',
      item: {
        Put: {
          TableName: tableName(),
          Item: { ...pointerKey(w.id), entity: 'withdrawalId', userId: w.userId },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    {
      name: 'withdrawal.gate',
      item: {
        Put: {
          TableName: tableName(),
          Item: {
            ...gateKey(w.userId),
            entity: 'withdrawalGate',
            lastRequestAt: w.createdAt,
            lastRequestId: w.id,
            ...(gate ? { previousRequestAt: gate.lastRequestAt } : {}),
          },
          ConditionExpression: gate ? 'lastRequestId = :seen' : 'attribute_not_exists(pk)',
          ...(gate ? { ExpressionAttributeValues: { ':seen': gate.lastRequestId } } : {}),
        },
      },
    },
  ];
}

/**
 * The step that gives a rejected request's turn back (`withdrawal.gate`): the gate returns to the
 * request before it (or goes), only while this request is still the last one.
 */
export function reopenGateStep(userId: string, withdrawalId: string, gate: WithdrawalGate): Step {
  const key = gateKey(userId);
  const condition = { ConditionExpression: 'lastRequestId = :id', ExpressionAttributeValues: { ':id': withdrawalId } };
  if (!gate.previousRequestAt) return { name: 'withdrawal.gate', item: { Delete: { TableName: tableName(), Key: key, ...condition } } };
  return {
    name: 'withdrawal.gate',
    item: {
      Update: {
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET lastRequestAt = :previous, lastRequestId = :none REMOVE previousRequestAt',
        ...condition,
        ExpressionAttributeValues: { ...condition.ExpressionAttributeValues, ':previous': gate.previousRequestAt, ':none': '-' },
      },
    },
  };
}

/** The step named `withdrawal`: one conditional update of the request item. */
function requestUpdateStep(w: Pick<Withdrawal, 'userId' | 'id'>, update: Omit<NonNullable<Step['item']['Update']>, 'TableName' | 'Key'>): Step {
  return { name: 'withdrawal', item: { Update: { TableName: tableName(), Key: requestKey(w.userId, w.id), ...update } } };
}

/** The step (named `withdrawal`) that moves a request from `from` to `to`, setting `fields` with it. */
export function moveWithdrawalStep(w: Pick<Withdrawal, 'userId' | 'id'>, from: WithdrawalStatus, to: WithdrawalStatus, fields: Partial<Withdrawal> = {}): Step {
  const set = Object.entries(fields).filter(([, v]) => v !== undefined);
  return requestUpdateStep(w, {
    UpdateExpression: ['SET #status = :to, gsi2pk = :index', ...set.map(([k]) => `#${k} = :${k}`)].join(', '),
    ConditionExpression: '#status = :from',
    ExpressionAttributeNames: { '#status': 'status', ...Object.fromEntries(set.map(([k]) => [`#${k}`, k])) },
    ExpressionAttributeValues: { ':to': to, ':from': from, ':index': nextShard(byStatus(to)), ...Object.fromEntries(set.map(([k, v]) => [`:${k}`, v])) },
  });
}

/**
 * The step that records refund number `index` (of top-up `topUpId`) of an approval as made, while the
 * approval is under way and that place still holds that top-up's refund (a refused one moved out of
 * the list shifts the places after it).
 */
export function refundMadeStep(w: Pick<Withdrawal, 'userId' | 'id'>, index: number, topUpId: string, refundId: string): Step {
  return requestUpdateStep(w, {
    UpdateExpression: `SET refunds[${index}].refundId = :refund`,
    ConditionExpression: `#status = :approving AND refunds[${index}].topUpId = :topUp`,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':refund': refundId, ':approving': 'approving', ':topUp': topUpId },
  });
}

/**
 * The step that moves refund number `index` (of top-up `topUpId`), which the card provider refused
 * for good, to the by-hand part: `refunds` without it, `byHandCents` plus its amount, and the note
 * that says how. Only while approving and both figures are as read, so two approvers move it once.
 */
export function refundByHandStep(
  w: Pick<Withdrawal, 'userId' | 'id' | 'byHandCents'>,
  index: number,
  topUpId: string,
  fields: Pick<Withdrawal, 'refunds' | 'byHandCents' | 'note'>,
): Step {
  return requestUpdateStep(w, {
    UpdateExpression: 'SET refunds = :refunds, byHandCents = :byHand, #note = :note',
    ConditionExpression: `#status = :approving AND byHandCents = :before AND refunds[${index}].topUpId = :topUp`,
    ExpressionAttributeNames: { '#status': 'status', '#note': 'note' },
    ExpressionAttributeValues: {
      ':refunds': fields.refunds,
      ':byHand': fields.byHandCents,
      ':note': fields.note,
      ':before': w.byHandCents,
      ':approving': 'approving',
      ':topUp': topUpId,
    },
  });
}

/** The step (named `withdrawal`) that changes nothing and holds only while the request is `status`. */
export const withdrawalIsStep = (w: Pick<Withdrawal, 'userId' | 'id'>, status: WithdrawalStatus): Step => ({
  name: 'withdrawal',
  item: {
    ConditionCheck: {
      TableName: tableName(),
      Key: requestKey(w.userId, w.id),
      ConditionExpression: '#status = :status',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': status },
    },
  },
});

/**
 * The step that leaves refund number `index` (of top-up `topUpId`) out of an approval, with its
 * amount: the card payment is disputed, so it is neither refunded nor paid by hand, and the request
 * shrinks to what is left (`amountCents`), `reason` saying why. Only while approving and the amount
 * and that place are as read, so two approvers leave it out once.
 */
export function leaveOutRefundStep(
  w: Pick<Withdrawal, 'userId' | 'id' | 'amountCents'>,
  index: number,
  topUpId: string,
  fields: Pick<Withdrawal, 'refunds' | 'amountCents' | 'reason'>,
): Step {
  return requestUpdateStep(w, {
    UpdateExpression: 'SET refunds = :refunds, amountCents = :amount, #reason = :reason',
    ConditionExpression: `#status = :approving AND amountCents = :before AND refunds[${index}].topUpId = :topUp`,
    ExpressionAttributeNames: { '#status': 'status', '#reason': 'reason' },
    ExpressionAttributeValues: {
      ':refunds': fields.refunds,
      ':amount': fields.amountCents,
      ':reason': fields.reason,
      ':before': w.amountCents,
      ':approving': 'approving',
      ':topUp': topUpId,
    },
  });
}

/** One request by its id alone (the pointer, then the request; both consistent), or undefined. */
export async function findWithdrawal(id: string): Promise<Withdrawal | undefined> {
  const { Item: pointer } = await db.send(new GetCommand({ TableName: tableName(), Key: pointerKey(id), ConsistentRead: true }));
  if (typeof pointer?.userId !== 'string') return undefined;
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: requestKey(pointer.userId, id), ConsistentRead: true }));
  return Item ? fromItem(Item) : undefined;
}

/** A user's requests, newest first (ulids sort by time). */
export async function listUserWithdrawals(userId: string, page: { limit: number; cursor?: string }): Promise<Page<Withdrawal>> {
  const scope = { pk: `USER#${userId}` };
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :w)',
      ExpressionAttributeValues: { ':pk': scope.pk, ':w': 'WITHDRAWAL#' },
      ScanIndexForward: false,
      Limit: page.limit,
      ExclusiveStartKey: decodeCursor(page.cursor, scope, undefined, { sk: 'WITHDRAWAL#' }),
    }),
  );
  return { items: (out.Items ?? []).map(fromItem), nextCursor: encodeCursor(out.LastEvaluatedKey) };
}

/** Every user's requests, newest first, of one status (gsi2) or all (gsi1) (admin), merged across their shards. */
export async function listWithdrawals(page: { limit: number; cursor?: string }, status?: WithdrawalStatus): Promise<Page<Withdrawal>> {
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
 * A request stored while its lists were one partition each: the unsharded keys it still holds
 * (`WITHDRAWALS`, `WITHDRAWALS#<status>`) moved to their stable shards, each only while it still holds
 * that key, so a second run, or a status move meanwhile (which writes a sharded key), changes nothing.
 */
export const backfillWithdrawal: ShardBackfill = (item) => {
  if (item.entity !== 'withdrawal' || typeof item.id !== 'string' || typeof item.pk !== 'string' || typeof item.sk !== 'string') return undefined;
  const status = typeof item.gsi2pk === 'string' && item.gsi2pk === byStatus(item.status as WithdrawalStatus) ? item.gsi2pk : undefined;
  return moveToStableShards(
    item,
    [
      ['gsi1pk', item.gsi1pk === ALL ? ALL : undefined],
      ['gsi2pk', status],
    ],
    item.id,
  );
};
