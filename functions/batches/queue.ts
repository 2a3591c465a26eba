/**
 * Where a batch's purchase is sent to be worked on: an SQS queue in AWS (BATCH_QUEUE_URL,
 * its worker Lambda is ./worker.ts), the same worker in this process otherwise (the local front,
 * tests, the bench). Either way the work is ./run.ts processChunk, one chunk per message, the rest
 * sent again, so a 500-row batch never meets a Lambda's or a request's time limit. Chosen once per
 * parsed configuration, like the providers (functions/providers/registry/).
 */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { config, type Config } from '../config';
import { clientSettings, SERVICE_LIMITS } from '../providers/aws/client-settings';
import { logger } from '../observability/logger';
import { processChunk } from './run';

export interface BatchQueue {
  /** Asks for the batch's next chunk to be worked on (soon, in the background). */
  send(batchId: string): Promise<void>;
}

/** The message body: the batch id only (everything else is read from the table). */
export interface BatchMessage {
  batchId: string;
}

/**
 * SendMessage through the SQS client. The client checks the MD5 of the body SQS says it stored, and
 * a mismatch is an error, so a message is never taken as sent when it arrived changed.
 */
export class SqsBatchQueue implements BatchQueue {
  private readonly sqs: SQSClient;

  constructor(
    private readonly queueUrl: string,
    region: string,
  ) {
    this.sqs = new SQSClient({ region, ...clientSettings(SERVICE_LIMITS) });
  }

  async send(batchId: string): Promise<void> {
    const body: BatchMessage = { batchId };
    await this.sqs.send(new SendMessageCommand({ QueueUrl: this.queueUrl, MessageBody: JSON.stringify(body) }));
  }
}

/**
 * The worker in this process: each batch sent is worked on chunk after chunk in the background, one
 * loop per batch (a second send while it runs only asks for one more pass). A failing chunk is
 * logged and left: the batch's lease ends and the scheduled work sends it again.
 */
export class InProcessBatchQueue implements BatchQueue {
  private readonly running = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();
  private readonly log = logger.createChild({ persistentKeys: { job: 'batch-worker' } });

  send(batchId: string): Promise<void> {
    if (this.running.has(batchId)) {
      this.again.add(batchId);
      return Promise.resolve();
    }
    const work = (async () => {
      // Let the request that sent it answer first, as a queue would.
      await new Promise((r) => setImmediate(r));
      try {
        do {
          this.again.delete(batchId);
          while ((await processChunk(batchId, this.log)) === 'more');
        } while (this.again.has(batchId));
      } catch (err) {
        this.log.error('batch chunk failed; the scheduled work sends it again when its lease ends', { batchId, error: err as Error });
      } finally {
        this.running.delete(batchId);
      }
    })();
    this.running.set(batchId, work);
    return Promise.resolve();
  }

  /** Resolves when every batch sent so far has been worked on (tests, the bench). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running.values()]);
  }
}

let madeFrom: Config | undefined;
let made: BatchQueue | undefined;

/** The batch queue of the current configuration. */
export function getBatchQueue(): BatchQueue {
  const c = config();
  if (madeFrom !== c || !made) {
    madeFrom = c;
    made = c.BATCH_QUEUE_URL ? new SqsBatchQueue(c.BATCH_QUEUE_URL, c.AWS_REGION) : new InProcessBatchQueue();
  }
  return made;
}

/** Waits for the in-process worker to finish what it was sent (no-op with SQS). */
export async function batchQueueIdle(): Promise<void> {
  const queue = made;
  if (queue instanceof InProcessBatchQueue) await queue.idle();
}
