/**
 * The one-off backfill that moves items written before their shared keys were sharded
 * (functions/data/shards.ts) onto their shards: work-queue items, ledger entries by type, the users
 * list, withdrawals, approvals, audit records, local outbox mails, and labels' tracking polls. Each
 * entity module says how one of its items moves (a ShardBackfill); this job scans the table a page
 * at a time and applies them. It also brings ledgers written before the wallet recorded balances up
 * to date: a label's entries get their index by label, and each account met gets its entries'
 * balance after and its closing balances (functions/wallet/backfill-balances.ts).
 *
 * Idempotent: every move is conditioned on the item still holding its old key, so an item moved
 * already (by an earlier run, or rewritten meanwhile by live code on a shard) is left alone.
 * Resumable: after each page the job keeps where it stopped in a progress item, and a run starts
 * from there, so one cut short (a Lambda's timeout, a deploy) goes on where it stopped; a finished
 * run leaves the item marked done, and `restart` scans from the top again.
 *
 * Run it once after deploying the sharded code: `npm run backfill:shards` (against TABLE_NAME, and
 * DYNAMODB_ENDPOINT when given). Until it has run, lists and queues show only items written since.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, ScanCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { backfillApproval } from '../data/approvals';
import { backfillAudit } from '../data/audit';
import { db, onlyConditionsFailed, tableName } from '../data/client';
import { backfillTrackingPoll } from '../data/orders';
import { backfillOutbox } from '../data/outbox';
import type { ShardBackfill } from '../data/shards';
import { backfillUserListing } from '../data/users';
import { backfillWithdrawal } from '../data/withdrawals';
import { backfillWorkItem } from '../data/work-index';
import { backfillBalances } from '../wallet/backfill-balances';
import { backfillEntry, backfillEntryOrderIndex } from '../wallet/ledger';

/** Every entity's move; one item may need several (an order: its work queue and its poll), each its own transaction. */
const MOVES: readonly ShardBackfill[] = [
  backfillWorkItem,
  backfillTrackingPoll,
  backfillEntry,
  backfillEntryOrderIndex,
  backfillUserListing,
  backfillWithdrawal,
  backfillApproval,
  backfillAudit,
  backfillOutbox,
];

const PROGRESS = { pk: 'BACKFILL#shards', sk: 'PROGRESS' };
const PAGE = 200;

export interface BackfillCounts {
  scanned: number;
  moved: number;
  /** Moves whose condition no longer held: moved already, or rewritten meanwhile. */
  skipped: number;
  pages: number;
  done: boolean;
}

/**
 * Runs the backfill from where the last run stopped (or the top, with `restart`), at most `maxPages`
 * pages of `pageSize` items; `done` once the scan reached the end.
 */
export async function backfillShards(options: { maxPages?: number; restart?: boolean; pageSize?: number } = {}): Promise<BackfillCounts> {
  const counts: BackfillCounts = { scanned: 0, moved: 0, skipped: 0, pages: 0, done: false };
  const progress = options.restart ? undefined : (await db.send(new GetCommand({ TableName: tableName(), Key: PROGRESS, ConsistentRead: true }))).Item;
  if (progress?.done === true) return { ...counts, done: true };
  let start = progress?.next as Record<string, unknown> | undefined;
  do {
    const out = await db.send(new ScanCommand({ TableName: tableName(), Limit: options.pageSize ?? PAGE, ExclusiveStartKey: start, ConsistentRead: true }));
    for (const item of out.Items ?? []) {
      counts.scanned++;
      for (const move of MOVES) {
        const items = move(item);
        if (!items) continue;
        try {
          await db.send(new TransactWriteCommand({ TransactItems: items }));
          counts.moved++;
        } catch (err) {
          if (!(err instanceof TransactionCanceledException) || !onlyConditionsFailed(err)) throw err;
          counts.skipped++;
        }
      }
      if (item.sk === 'PROFILE' && typeof item.pk === 'string' && item.pk.startsWith('USER#')) {
        const balances = await backfillBalances(item.pk.slice('USER#'.length));
        counts.moved += balances.moved;
        counts.skipped += balances.skipped;
      }
    }
    start = out.LastEvaluatedKey;
    counts.pages++;
    counts.done = !start;
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...PROGRESS, entity: 'backfillProgress', done: counts.done, ...(start ? { next: start } : {}), at: new Date().toISOString() },
      }),
    );
  } while (start && counts.pages < (options.maxPages ?? Infinity));
  return counts;
}
