/**
 * Batch labels' worker: an SQS queue with a dead-letter queue, and the Lambda that buys a
 * batch's rows (functions/batches/worker.ts) a chunk per message. The queue is made first
 * (BatchQueue) so every Lambda whose code sends to it (the purchase route, the Stripe webhook, the
 * scheduled work, the worker itself) gets `BATCH_QUEUE_URL` and sqs:SendMessage from
 * ./product-function.ts; then the worker (BatchWorker) consumes it.
 *
 * Timing: one message is one chunk (functions/batches/run.ts: 25 rows, 5 at a time, so at most 5
 * carrier calls in a row, each under EasyPost's 15 s), far inside the worker's 2 minutes; the queue's
 * visibility timeout is 6 times that (AWS's advice for Lambda sources), so a message is never
 * delivered again while its chunk still runs. A chunk that fails is retried by SQS, then parked in
 * the dead-letter queue (kept 14 days, alarmed); the batch's lease then ends and the scheduled work
 * sends it again. Every retry is safe: rows are bought under idempotency keys.
 */
import { Duration } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { ProductFunctionProps } from './product-function';
import { QueueWorker, WorkQueue } from './work-queue';

/** The worker's time limit for one chunk. */
export const BATCH_WORKER_TIMEOUT = Duration.minutes(2);
/** Deliveries of one message before it goes to the dead-letter queue. */
export const BATCH_MAX_RECEIVES = 3;

export class BatchQueue extends WorkQueue {
  constructor(scope: Construct, id: string) {
    super(scope, id, { workerTimeout: BATCH_WORKER_TIMEOUT, maxReceives: BATCH_MAX_RECEIVES });
  }
}

export class BatchWorker extends QueueWorker {
  constructor(scope: Construct, id: string, props: Omit<ProductFunctionProps, 'description' | 'table' | 'timeout' | 'batchQueue'> & { queues: BatchQueue }) {
    super(scope, id, {
      ...props,
      batchQueue: props.queues.queue,
      description: 'batch worker (buys the rows of batch label purchases)',
      table: 'write',
      timeout: BATCH_WORKER_TIMEOUT,
    });
  }
}
