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
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { ProductFunction, type ProductFunctionProps } from './product-function';

export const WEBHOOK_WORKER_TIMEOUT = Duration.minutes(1);
export const WEBHOOK_MAX_RECEIVES = 3;

export class WebhookQueue extends Construct {
  readonly queue: Queue;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.deadLetters = new Queue(this, 'DeadLetters', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    this.queue = new Queue(this, 'Queue', {
      visibilityTimeout: Duration.seconds(WEBHOOK_WORKER_TIMEOUT.toSeconds() * 6),
      retentionPeriod: Duration.days(4),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount: WEBHOOK_MAX_RECEIVES },
    });
  }
}

export class WebhookWorker extends ProductFunction {
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
    this.function.addEventSource(new SqsEventSource(props.queues.queue, { batchSize: 1 }));
  }
}
