/**
 * The work index (gsi3, functions/data/table.ts): items waiting for scheduled work carry
 * `gsi3pk = WORK#<queue>#<shard>` and `gsi3sk = <due ISO time>#<id>`, so a scheduled job reads
 * exactly what is due, whatever the size of the table. Every label enters and leaves some of these
 * queues, so each is sharded (./shards.ts): a reader merges its shards' due items, earliest first. Each queue belongs to one entity module,
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
 *   track     labels' tracking polls (a small item per label), due at their next poll (orders.ts)
 */
import { moveToStableShards, nextShard, shardedQuery, type ShardBackfill } from './shards';

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
  track: 'WORK#track',
} as const;
export type WorkQueue = keyof typeof QUEUES;

/** An item's place in a work queue: due at `due` (ISO time), on the next shard of the queue. */
export const workKeys = (queue: WorkQueue, id: string, due: string) => ({ gsi3pk: nextShard(QUEUES[queue]), gsi3sk: `${due}#${id}` });

/** Items of `queue` due before `now`, the earliest first, at most `limit`. */
export const dueItems = (queue: WorkQueue, now: Date, limit: number): Promise<Record<string, unknown>[]> =>
  // Sort keys are `<due>#<id>`: one due exactly at `now` sorts after `now` itself, so it waits a run.
  shardedQuery({ index: 'gsi3', base: QUEUES[queue], to: now.toISOString(), limit });

/**
 * Items of `queue` with `after < gsi3sk` and a due time at or before `until`, in order, at most
 * `limit`: a job that keeps a watermark (the last gsi3sk it handled) reads each item once instead
 * of everything due every minute (the unused-label reminder). The merge keeps one order across
 * the shards, so one watermark serves them all.
 */
export const itemsAfter = (queue: WorkQueue, after: string, until: Date, limit: number): Promise<Record<string, unknown>[]> =>
  // `<until>$` is the last key due at `until` ('$' sorts right after '#').
  shardedQuery({ index: 'gsi3', base: QUEUES[queue], after, to: `${until.toISOString()}$`, limit });

const LEGACY = new Map<string, string>(Object.values(QUEUES).map((base) => [base, base]));

/**
 * Moves an item written to a queue before the queues were sharded (`gsi3pk = WORK#<queue>`) to its
 * stable shard, on the condition that it is still there.
 */
export const backfillWorkItem: ShardBackfill = (item) =>
  moveToStableShards(item, [['gsi3pk', typeof item.gsi3pk === 'string' ? LEGACY.get(item.gsi3pk) : undefined]], String(item.sk));
