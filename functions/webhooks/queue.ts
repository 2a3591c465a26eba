/**
 * Where a webhook delivery is sent to be POSTed: an SQS queue in AWS (WEBHOOK_QUEUE_URL, its worker
 * Lambda is ./worker.ts), the same worker in this process otherwise (the local front, tests, the
 * bench), as the batch queue does (functions/batches/queue.ts). A message names one delivery; a
 * retry goes back with a delay (SQS holds it up to 15 minutes; later ones, and any message lost,
 * are sent again by the scheduled work when the delivery is due, ./retry.ts).
 */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { config, type Config } from '../config';
import type { DeliveryRef } from '../data/webhook-deliveries';
import { logger } from '../observability/logger';
import { clientSettings, SERVICE_LIMITS } from '../providers/aws/client-settings';
import { deliverInOrder, type WebhookQueue } from './deliver';

export type { WebhookQueue } from './deliver';

/** SQS's longest message delay. */
export const MAX_DELAY_SECONDS = 900;

export class SqsWebhookQueue implements WebhookQueue {
  private readonly sqs: SQSClient;

  constructor(
    private readonly queueUrl: string,
    region: string,
  ) {
    this.sqs = new SQSClient({ region, ...clientSettings(SERVICE_LIMITS) });
  }

  async send(ref: DeliveryRef, delaySeconds = 0): Promise<void> {
    await this.sqs.send(
      new SendMessageCommand({
        QueueUrl: this.queueUrl,
        MessageBody: JSON.stringify(ref),
        DelaySeconds: Math.min(MAX_DELAY_SECONDS, Math.max(0, Math.round(delaySeconds))),
      }),
    );
  }
}

/**
 * The worker in this process: each delivery sent is attempted in the background (a delayed one on
 * an unreferenced timer, so it never keeps a process alive). A failing attempt is logged and left:
 * the delivery is due again and the scheduled work sends it.
 */
export class InProcessWebhookQueue implements WebhookQueue {
  private readonly running = new Set<Promise<void>>();
  private readonly log = logger.createChild({ persistentKeys: { job: 'webhook-worker' } });

  send(ref: DeliveryRef, delaySeconds = 0): Promise<void> {
    if (delaySeconds > 0) {
      setTimeout(() => void this.send(ref), Math.min(delaySeconds, MAX_DELAY_SECONDS) * 1000).unref();
      return Promise.resolve();
    }
    const work = (async () => {
      // Let the request that sent it answer first, as a queue would.
      await new Promise((r) => setImmediate(r));
      try {
        await deliverInOrder(ref, this, this.log);
      } catch (err) {
        this.log.error('webhook delivery failed; the scheduled work sends it again when it is due', { ...ref, error: err as Error });
      }
    })();
    this.running.add(work);
    void work.finally(() => this.running.delete(work));
    return Promise.resolve();
  }

  /** Resolves when every delivery sent so far (not delayed) has been attempted (tests, the bench). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }
}

let madeFrom: Config | undefined;
let made: WebhookQueue | undefined;

/** The webhook queue of the current configuration. */
export function getWebhookQueue(): WebhookQueue {
  const c = config();
  if (madeFrom !== c || !made) {
    madeFrom = c;
    made = c.WEBHOOK_QUEUE_URL ? new SqsWebhookQueue(c.WEBHOOK_QUEUE_URL, c.AWS_REGION) : new InProcessWebhookQueue();
  }
  return made;
}

/** Waits for the in-process worker to finish what it was sent (no-op with SQS). */
export async function webhookQueueIdle(): Promise<void> {
  const queue = made;
  if (queue instanceof InProcessWebhookQueue) await queue.idle();
}
