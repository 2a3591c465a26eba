/**
 * The scheduled work's part (functions/jobs/scheduled-work.ts): deliveries due and not delivered
 * (a retry SQS could not hold that long, a message lost, a worker that died mid-attempt, one waiting
 * for an earlier event of its shipment) are sent to the webhook queue again. Each attempt is claimed
 * on the delivery itself (functions/data/webhook-deliveries.ts claimAttempt), so a second copy of a
 * message never sends twice.
 */
import { dueItems } from '../data/work-index';
import type { Logger } from '../observability/logger';
import { getWebhookQueue } from './queue';

const PER_RUN = 100;

export async function retryWebhookDeliveries(log: Logger, now: Date): Promise<Record<string, number>> {
  const due = await dueItems('webhook', now, PER_RUN);
  let sent = 0;
  for (const item of due) {
    try {
      await getWebhookQueue().send({ endpointId: item.endpointId as string, deliveryId: item.id as string });
      sent++;
    } catch (err) {
      log.warn('due webhook delivery not queued; next run tries again', { deliveryId: item.id, error: err instanceof Error ? err.message : String(err) });
    }
  }
  return { sent, skipped: due.length - sent };
}
