/**
 * A queue of work and the Lambda that consumes it, the shape every worker of the stack shares (the
 * batch worker, the webhook worker). The queue is made first so every Lambda whose code sends to it
 * gets its URL and sqs:SendMessage from ./product-function.ts; the worker then consumes it one
 * message at a time. The visibility timeout is 6 times the worker's time limit (AWS's advice for
 * Lambda sources), so a message is never delivered again while its work still runs; a message that
 * fails `maxReceives` times rests in the dead-letter queue (kept 14 days, alarmed).
 */
import { Duration } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { ProductFunction, type ProductFunctionProps } from './product-function';

export class WorkQueue extends Construct {
  readonly queue: Queue;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, { workerTimeout, maxReceives }: { workerTimeout: Duration; maxReceives: number }) {
    super(scope, id);
    this.deadLetters = new Queue(this, 'DeadLetters', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    this.queue = new Queue(this, 'Queue', {
      visibilityTimeout: Duration.seconds(workerTimeout.toSeconds() * 6),
      retentionPeriod: Duration.days(4),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount: maxReceives },
    });
  }
}

/** The Lambda that consumes a WorkQueue, one message at a time (a message is already one unit of work). */
export class QueueWorker extends ProductFunction {
  constructor(scope: Construct, id: string, props: ProductFunctionProps & { queues: WorkQueue }) {
    const { queues, ...rest } = props;
    super(scope, id, rest);
    this.function.addEventSource(new SqsEventSource(queues.queue, { batchSize: 1 }));
  }
}
