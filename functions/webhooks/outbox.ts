/**
 * The webhook outbox: an event is written as one pending delivery per listening endpoint IN the
 * transaction of the change it reports, so an event exists exactly when its change does (a purchase
 * that fails writes none), and nothing is sent inline: the deliveries are handed to the webhook
 * queue after the transaction (./queue.ts), and the scheduled work sends any the hand-over missed.
 *
 * To keep a purchase cheap the account's endpoints are read once (one Query on its partition) and
 * the steps are added only when an enabled endpoint listens to the event; an account without
 * endpoints pays that one Query and writes nothing more.
 * docs/decisions/0224-webhook-outbox-in-the-change-transaction.md.
 */
import type { WebhookEvent } from '../../domain/webhook-events';
import type { Step } from '../data/client';
import { newDeliveryId, newDeliveryStep, type DeliveryRef } from '../data/webhook-deliveries';
import { listWebhooks, type WebhookEndpoint } from '../data/webhooks';
import type { Logger } from '../observability/logger';
import { getWebhookQueue } from './queue';

/** An event as the outbox writes it; `subject` orders deliveries (a shipment's events arrive in order). */
export interface OutboxEvent {
  type: WebhookEvent;
  /** The shipment (order id) or other thing the event is about: one endpoint gets one subject's events in order. */
  subject: string;
  data: unknown;
}

/** The steps and the deliveries they write; `refs` go to the queue once the transaction commits. */
export interface OutboxWrite {
  steps: Step[];
  refs: DeliveryRef[];
}

export const NOTHING: OutboxWrite = { steps: [], refs: [] };

/** The account's endpoints that are enabled, read once (one Query); pass to eventWrite for each event of the request. */
export async function enabledEndpoints(accountId: string): Promise<WebhookEndpoint[]> {
  return (await listWebhooks(accountId)).filter((e) => !e.disabledAt);
}

/** The deliveries of `event` to the endpoints listening to it, as transaction steps; none when nobody listens. */
export function eventWrite(endpoints: readonly WebhookEndpoint[], event: OutboxEvent, now = new Date()): OutboxWrite {
  const listening = endpoints.filter((e) => !e.disabledAt && e.events.includes(event.type));
  if (!listening.length) return NOTHING;
  const createdAt = now.toISOString();
  const eventId = `evt_${newDeliveryId(now)}`;
  const body = JSON.stringify({ id: eventId, type: event.type, createdAt, data: event.data });
  const write: OutboxWrite = { steps: [], refs: [] };
  for (const endpoint of listening) {
    const id = newDeliveryId(now);
    write.steps.push(
      newDeliveryStep({ id, endpointId: endpoint.id, accountId: endpoint.accountId, eventId, type: event.type, subject: event.subject, body, createdAt }),
    );
    write.refs.push({ endpointId: endpoint.id, deliveryId: id });
  }
  return write;
}

/** The account's deliveries of one event: one Query, then the steps (none when nobody listens). */
export async function outboxWrite(accountId: string, event: OutboxEvent, now = new Date()): Promise<OutboxWrite> {
  return eventWrite(await enabledEndpoints(accountId), event, now);
}

/**
 * Hands committed deliveries to the queue. A hand-over that fails is logged and left: the delivery
 * is due already, and the scheduled work sends it within a minute. Never throws, so the change the
 * event reports answers as it would without webhooks.
 */
export async function sendWritten(write: OutboxWrite, log: Pick<Logger, 'warn'>): Promise<void> {
  for (const ref of write.refs) {
    try {
      await getWebhookQueue().send(ref);
    } catch (err) {
      log.warn('webhook delivery not handed to its queue; the scheduled work sends it', { ...ref, error: err instanceof Error ? err.message : String(err) });
    }
  }
}
