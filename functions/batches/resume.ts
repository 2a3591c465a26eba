/**
 * Scheduled work (functions/jobs/): running batches whose lease ended with no progress (the local
 * process restarted, a worker Lambda died and its message went to the dead-letter queue) are sent to
 * the queue again. The row keys make a second run safe; the new chunk renews the lease.
 */
import { renewLease, stalledBatchIds } from '../data/batches';
import type { Logger } from '../observability/logger';
import { getBatchQueue } from './queue';

/** Batches taken per run: each is one queue message. */
const PER_RUN = 25;

export async function resumeStalledBatches(log: Logger, now: Date): Promise<Record<string, number>> {
  let resumed = 0;
  for (const batchId of await stalledBatchIds(now, PER_RUN)) {
    // The lease is renewed first, so the next run does not send it again while this send is worked on.
    if (!(await renewLease(batchId))) continue;
    await getBatchQueue().send(batchId);
    log.info('stalled batch sent to the worker again', { batchId });
    resumed++;
  }
  return { resumed };
}
