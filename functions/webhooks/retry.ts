/**
 * The scheduled work's part (functions/jobs/scheduled-work.ts): deliveries due and not delivered
 * (a retry SQS could not hold that long, a message lost, a worker that died mid-attempt, one waiting
 * for an earlier event of its shipment) are sent to the webhook queue again. Each attempt is claimed
 * on the delivery itself (functions/data/webhook-deliveries.ts claimAttempt), so a second copy of a
 * message never sends twice.
 */
import { getUserById } from '../data/users';
import { disabledToMail, mailedAboutDisabling } from '../data/webhooks';
import { dueItems } from '../data/work-index';
import { getMailer } from '../providers/registry/mail';
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

/**
 * Endpoints disabled since the last run: their owners are told why and where to look, once (the
 * endpoint leaves the work index after the mail; a mail that fails is tried at the next run).
 */
export async function mailDisabledWebhooks(log: Logger, now: Date): Promise<Record<string, number>> {
  let mailed = 0;
  let failed = 0;
  for (const endpoint of await disabledToMail(now, PER_RUN)) {
    const owner = await getUserById(endpoint.accountId);
    try {
      if (owner) {
        await getMailer().send({
          to: owner.email,
          subject: 'Your PrepaidShip webhook endpoint was disabled',
          text: [
            `Hello ${owner.name},`,
            '',
            `Deliveries to your webhook endpoint ${endpoint.url} failed for 3 days (since ${endpoint.failingSince ?? 'its first failure'}), so we stopped sending to it.`,
            'Check the endpoint, then add it again under Webhooks in your dashboard; its delivery log shows each attempt and lets you resend.',
          ].join('\n'),
        });
      }
      await mailedAboutDisabling(endpoint);
      mailed++;
    } catch (err) {
      failed++;
      log.warn('mail about a disabled webhook endpoint not sent; next run tries again', {
        endpointId: endpoint.id,
        error: err instanceof Error ? err.message : String(err),
      });
    }
  }
  return { mailed, failed };
}
