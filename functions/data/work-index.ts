/**
 * The work index (gsi3, functions/data/table.ts): items waiting for scheduled work carry
 * `gsi3pk = WORK#<queue>` and `gsi3sk = <due ISO time>#<id>`, so a scheduled job reads exactly what
 * is due with one Query, whatever the size of the table. Each queue belongs to one entity module,
 * which puts its items in and takes them out in the same writes that change their state.
 *
 *   purchase  orders being bought, due when their lease ends (functions/data/orders.ts)
 *   refund    orders whose refund was asked for, due at their next poll (orders.ts)
 *   unused    created labels, due when their refund window ends (orders.ts)
 *   mail      support requests whose mail to support has not gone out yet (support-requests.ts)
 *   batch     batches being bought, due when their worker's lease ends with no progress (batches.ts)
 *   notice    tracking notices whose mail has not gone out yet (notices.ts)
 *   recheck   failed purchases to ask the carrier about again, due at their next check (purchase-rechecks.ts)
 *   adjustment postage adjustments whose mail to the shipper has not gone out yet (postage-adjustments.ts)
 *   webhook   webhook deliveries not delivered yet, due at their next attempt (webhook-deliveries.ts)
 *   webhookDisabled webhook endpoints disabled whose owner has not been mailed yet (webhooks.ts)
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';

const QUEUES = {
  purchase: 'WORK#purchase',
  refund: 'WORK#refund',
  unused: 'WORK#unused',
  mail: 'WORK#mail',
  batch: 'WORK#batch',
  notice: 'WORK#notice',
  recheck: 'WORK#recheck',
  adjustment: 'WORK#adjustment',
  webhook: 'WORK#webhook',
  webhookDisabled: 'WORK#webhookDisabled',
} as const;
export type WorkQueue = keyof typeof QUEUES;

/** An item's place in a work queue: due at `due` (ISO time). */
export const workKeys = (queue: WorkQueue, id: string, due: string) => ({ gsi3pk: QUEUES[queue], gsi3sk: `${due}#${id}` });

/** Items of `queue` due before `now`, the earliest first, at most `limit`. */
export async function dueItems(queue: WorkQueue, now: Date, limit: number): Promise<Record<string, unknown>[]> {
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :queue AND gsi3sk < :now',
      ExpressionAttributeValues: { ':queue': QUEUES[queue], ':now': now.toISOString() },
      Limit: limit,
    }),
  );
  return out.Items ?? [];
}

/**
 * Items of `queue` with `after < gsi3sk` and a due time at or before `until`, in order, at most
 * `limit`: a job that keeps a watermark (the last gsi3sk it handled) reads each item once instead
 * of everything due every minute (the unused-label reminder).
 */
export async function itemsAfter(queue: WorkQueue, after: string, until: Date, limit: number): Promise<Record<string, unknown>[]> {
  const from = `${after}!`;
  const to = `${until.toISOString()}$`;
  if (from > to) return [];
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi3',
      // BETWEEN is inclusive: `after` + '!' is the first key past `after` (sort keys are `<ISO>#<id>`,
      // ids of one length), and `<until>$` the last key due at `until` ('$' sorts right after '#').
      KeyConditionExpression: 'gsi3pk = :queue AND gsi3sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':queue': QUEUES[queue], ':from': from, ':to': to },
      Limit: limit,
    }),
  );
  return out.Items ?? [];
}
