/**
 * POST /account/webhooks/{id}/deliveries/{deliveryId}/resend: the delivery is pending again and due
 * at once, with its event id unchanged (a receiver that had it already can tell); it is handed to
 * the webhook queue after the write, like a new event.
 */
import { isValid as isUlid } from 'ulid';
import { NO_DELIVERY, resendDelivery, toApiDelivery } from '../../data/webhook-deliveries';
import { getWebhook, NO_WEBHOOK } from '../../data/webhooks';
import { Conflict, NotFound } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { sendWritten } from '../../webhooks/outbox';

export const DISABLED = 'This endpoint is disabled: add it again to receive deliveries';

export const handler = api(route.resendWebhookDelivery, async function resend({ auth, params, log }) {
  const id = params.id ?? '';
  const deliveryId = params.deliveryId ?? '';
  const endpoint = isUlid(id) ? await getWebhook(auth.accountId, id) : undefined;
  if (!endpoint) throw new NotFound(NO_WEBHOOK);
  if (!isUlid(deliveryId)) throw new NotFound(NO_DELIVERY);
  if (endpoint.disabledAt) throw new Conflict(DISABLED);
  const delivery = await resendDelivery(id, deliveryId, new Date());
  await sendWritten({ steps: [], refs: [{ endpointId: id, deliveryId }] }, log);
  return toApiDelivery(delivery);
});
