/**
 * The product's scheduled work: what must happen with no one pressing anything. In AWS one Lambda
 * (./handler.ts) runs it every minute on an EventBridge schedule; locally the front runs the same
 * function at start and on an interval (infra/local/scheduler.ts). Each job reads only what is due
 * from the sparse work index (functions/data/table.ts, gsi3), so an idle run costs one small Query
 * per shard of each job's queue (functions/data/shards.ts).
 *
 * Jobs are independent: one failing is logged and the others still run; whatever it left is due
 * again at the next run. Each job is safe to run twice at once (two overlapping runs, a retried
 * request recovering the same order): every step it takes is conditional on the state it read.
 */
import { resumeStalledBatches } from '../batches/resume';
import { autoRefundUnused, settleRefunds } from '../labels/label-refunds';
import { recheckClosedPurchases } from '../labels/closed-purchases';
import { recoverExpiredPurchases } from '../labels/recovery';
import { retryNotices } from '../notifications/notices';
import { retryAdjustmentMails } from '../postage/adjustments';
import { remindUnusedLabels } from '../notifications/unused-reminders';
import type { Logger } from '../observability/logger';
import { retrySupportMails } from '../support/support-mail';
import { pollTrackers } from '../tracking/poll';
import { mailDisabledWebhooks, retryWebhookDeliveries } from '../webhooks/retry';

/** One job: its counts by outcome, for the log line and the bench. */
type Job = (log: Logger, now: Date) => Promise<Record<string, number>>;

/** Every scheduled job, in the order a run takes them. */
export const JOBS: Record<string, Job> = {
  /** Purchases cut short (process died, Lambda timed out): finished or refunded. */
  recoverPurchases: recoverExpiredPurchases,
  /** Failed purchases asked about again: a label the carrier sold after all is refunded there and alarmed. */
  recheckClosedPurchases,
  /** Label refunds asked for (by the shipper or below) whose carrier answer is due: credited or closed. */
  settleRefunds,
  /** Created labels with no scan when their 28-day window ends: their refund is asked for. */
  autoRefundUnused,
  /** Support requests whose mail to support failed when they were sent: tried again. */
  retrySupportMails,
  /** Batches being bought whose worker stopped (process restarted, Lambda died): sent to the worker again. */
  resumeBatches: resumeStalledBatches,
  /** Labels whose carrier events stopped arriving: the tracker is asked (locally: the sandbox timeline's events are emitted). */
  pollTrackers,
  /** Tracking notices whose mail failed when their carrier event came: tried again. */
  retryNotices,
  /** Postage adjustment mails that failed when their carrier event came: tried again. */
  retryAdjustmentMails,
  /** Unused labels 5 days before their refund window closes: their shippers reminded, past a watermark. */
  remindUnusedLabels,
  /** Webhook deliveries due (retries, lost messages, a worker that died): sent to the webhook worker again. */
  retryWebhookDeliveries,
  /** Webhook endpoints disabled after failing for 3 days: their owners mailed, once. */
  mailDisabledWebhooks,
};

export type RunSummary = Record<string, Record<string, number> | { error: string }>;

/** Runs every job once; never throws (a failing job is reported in the summary and logged). */
export async function runScheduledWork(log: Logger, now = new Date()): Promise<RunSummary> {
  const summary: RunSummary = {};
  for (const [name, job] of Object.entries(JOBS)) {
    try {
      summary[name] = await job(log, now);
    } catch (err) {
      log.error('scheduled job failed; it runs again next time', { job: name, error: err as Error });
      summary[name] = { error: err instanceof Error ? err.message : String(err) };
    }
  }
  const acted = Object.values(summary).some((counts) => 'error' in counts || Object.entries(counts).some(([k, n]) => k !== 'skipped' && n > 0));
  if (acted) log.info('scheduled work', { summary });
  return summary;
}
