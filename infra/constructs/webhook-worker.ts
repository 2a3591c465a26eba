/**
 * Webhooks to the shop: an SQS queue with a dead-letter queue, and the Lambda that POSTs each
 * delivery to the shop's endpoint (functions/webhooks/worker.ts), as the batch worker does
 * (./batch-worker.ts). The queue is made first (WebhookQueue) so every Lambda whose code sends to
 * it (a purchase, the resend route, the scheduled work, the worker itself for its delayed retries)
 * gets `WEBHOOK_QUEUE_URL` and sqs:SendMessage from ./product-function.ts.
 *
 * Timing: one message is one delivery and the later events of its shipment, each POST at most 10 s;
 * a minute is far more than a few of those, and the visibility timeout is 6 times that. A failed
 * POST is not a failed message (the retry is kept in the table and sent again with a delay); only a
 * message that throws (DynamoDB down) is retried by SQS, then parked (kept 14 days, alarmed), and
 * the scheduled work sends the delivery again when it is due.
 */
import { Duration } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { ProductFunctionProps } from './product-function';
import { QueueWorker, WorkQueue } from './work-queue';

export const WEBHOOK_WORKER_TIMEOUT = Duration.minutes(1);
export const WEBHOOK_MAX_RECEIVES = 3;

export class WebhookQueue extends WorkQueue {
  constructor(scope: Construct, id: string) {
    super(scope, id, { workerTimeout: WEBHOOK_WORKER_TIMEOUT, maxReceives: WEBHOOK_MAX_RECEIVES });
  }
}

export class WebhookWorker extends QueueWorker {
  constructor(
    scope: Construct,
    id: string,
    props: Omit<ProductFunctionProps, 'description' | 'table' | 'timeout' | 'webhookQueue'> & { queues: WebhookQueue },
  ) {
    super(scope, id, {
      ...props,
      webhookQueue: props.queues.queue,
      description: "webhook worker (POSTs signed events to the shops' endpoints)",
      table: 'write',
      timeout: WEBHOOK_WORKER_TIMEOUT,
    });
  }
}
