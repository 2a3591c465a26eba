/**
 * The webhook worker's one job: attempt a pending delivery, and on success go on with the next
 * pending event of the same shipment for the same endpoint, so a shop hears a shipment's events in
 * the order they happened (a later one waits while an earlier one is still being retried).
 *
 * An attempt POSTs the stored body with `PrepaidShip-Signature` (domain/webhook-signature.ts) and
 * waits at most 10 s. A 2xx ends the delivery. Anything else is retried: the first retry 30 s later,
 * then twice as long each time up to 6 hours, for 3 days from the event (the last one just after);
 * then the delivery is given up. An endpoint whose attempts have failed for 3 days (nothing 2xx since its first failure)
 * is disabled, and its owner mailed once by the scheduled work (./retry.ts), so the worker, which
 * every purchase's bundle holds for local runs, never holds the mailer. docs/decisions/0226-webhook-retries-order-and-disabling.md.
 */
import { signatureHeader, SIGNATURE_HEADER } from '../../domain/webhook-signature';
import {
  abandonDelivery,
  claimAttempt,
  getDelivery,
  pendingInSequence,
  recordAttempt,
  type DeliveryRef,
  type WebhookDelivery,
} from '../data/webhook-deliveries';
import { disableWebhook, getWebhook, markWebhookFailing, markWebhookHealthy, type WebhookEndpoint } from '../data/webhooks';
import type { Logger } from '../observability/logger';
import { DELIVERY_TIMEOUT_MS, postJson } from './http-post';
import { allowsLocalReceivers } from './url-policy';

/** How long an attempt holds its delivery: the POST's timeout and room for our own writes. */
export const ATTEMPT_LEASE_MS = DELIVERY_TIMEOUT_MS + 20_000;
/** The first retry's delay; each later one doubles, up to MAX_RETRY_DELAY_MS. */
export const FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_DELAY_MS = 6 * 3600_000;
/** How long a delivery is retried, and how long an endpoint may fail before it is disabled. */
export const GIVE_UP_MS = 3 * 24 * 3600_000;

/** The delay before the attempt after the `attempts`-th failed one. */
export const retryDelayMs = (attempts: number): number => Math.min(MAX_RETRY_DELAY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

export type AttemptResult = 'delivered' | 'retry' | 'failed' | 'waiting' | 'skipped';

/** Where a delivery is sent to be attempted (./queue.ts: SQS in AWS, this process otherwise). */
export interface WebhookQueue {
  /** Asks for the delivery to be attempted, now or after `delaySeconds` (at most 900). */
  send(ref: DeliveryRef, delaySeconds?: number): Promise<void>;
}

/** Attempts a delivery, then the later pending events of its shipment while each one is delivered. */
export async function deliverInOrder(first: DeliveryRef, queue: WebhookQueue, log: Logger): Promise<void> {
  let ref: DeliveryRef | undefined = first;
  while (ref) {
    const { result, delivery } = await attemptDelivery(ref, queue, log);
    ref = undefined;
    if (result === 'delivered' && delivery) {
      const [next] = await pendingInSequence(delivery, { after: delivery.id }, 1);
      ref = next;
    }
  }
}

/** Whether a pending delivery of the same endpoint and shipment came before this one. */
async function waitsForEarlier(d: WebhookDelivery): Promise<boolean> {
  // The sequence index lags a little: each earlier one it lists is read again, consistently.
  for (const ref of await pendingInSequence(d, { before: d.id }, 20)) {
    if ((await getDelivery(ref))?.status === 'pending') return true;
  }
  return false;
}

/** One attempt of one delivery, when it is pending, due, and first in its shipment's line. */
export async function attemptDelivery(ref: DeliveryRef, queue: WebhookQueue, log: Logger): Promise<{ result: AttemptResult; delivery?: WebhookDelivery }> {
  const now = new Date();
  const d = await getDelivery(ref);
  if (!d || d.status !== 'pending' || (d.nextAttemptAt ?? '') > now.toISOString()) return { result: 'skipped' };
  const endpoint = await getWebhook(d.accountId, d.endpointId);
  if (!endpoint || endpoint.disabledAt) {
    await abandonDelivery(d);
    return { result: 'failed', delivery: d };
  }
  if (await waitsForEarlier(d)) return { result: 'waiting', delivery: d };
  if (!(await claimAttempt(d, now, ATTEMPT_LEASE_MS))) return { result: 'skipped' };

  const t = Math.floor(Date.now() / 1000);
  const posted = await postJson(
    endpoint.url,
    d.body,
    { [SIGNATURE_HEADER]: signatureHeader(endpoint.secret, t, d.body), 'user-agent': 'PrepaidShip-Webhooks/1' },
    allowsLocalReceivers(),
  );
  const code = 'status' in posted ? posted.status : undefined;
  const at = new Date();
  if (code !== undefined && code >= 200 && code < 300) {
    await recordAttempt(d, at, { delivered: true, responseCode: code });
    if (endpoint.failingSince) await markWebhookHealthy(endpoint);
    return { result: 'delivered', delivery: d };
  }

  const attempts = d.attempts + 1;
  const created = Date.parse(d.createdAt);
  // The last retry comes just after the 3 days, so the endpoint has failed that long when it is
  // given up (and is then disabled below), however the doubling delays fell.
  const next = new Date(Math.min(at.getTime() + retryDelayMs(attempts), created + GIVE_UP_MS + FIRST_RETRY_MS));
  const givesUp = at.getTime() - created >= GIVE_UP_MS;
  await recordAttempt(d, at, { delivered: false, responseCode: code, ...(givesUp ? {} : { nextAttemptAt: next }) });
  log.warn('webhook attempt failed', { ...ref, attempts, responseCode: code, error: 'error' in posted ? posted.error : undefined, givesUp });
  await disableWhenFailingTooLong(endpoint, at, log);
  if (givesUp) return { result: 'failed', delivery: d };
  try {
    await queue.send(ref, (next.getTime() - Date.now()) / 1000);
  } catch (err) {
    log.warn('webhook retry not queued; the scheduled work sends it when due', { ...ref, error: err instanceof Error ? err.message : String(err) });
  }
  return { result: 'retry', delivery: d };
}

/** Disables an endpoint that has failed for 3 days; the scheduled work mails its owner (./retry.ts). */
async function disableWhenFailingTooLong(endpoint: WebhookEndpoint, now: Date, log: Logger): Promise<void> {
  const since = await markWebhookFailing(endpoint, now);
  if (!since || now.getTime() - Date.parse(since) < GIVE_UP_MS) return;
  if (await disableWebhook(endpoint, now)) log.warn('webhook endpoint disabled after failing for 3 days', { endpointId: endpoint.id, failingSince: since });
}
