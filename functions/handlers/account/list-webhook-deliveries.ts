/** GET /account/webhooks/{id}/deliveries: one endpoint's delivery log, newest first; another account's endpoint is a 404. */
import { isValid as isUlid } from 'ulid';
import { listDeliveries, toApiDelivery } from '../../data/webhook-deliveries';
import { getWebhook, NO_WEBHOOK } from '../../data/webhooks';
import { NotFound } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.listWebhookDeliveries, async function listEndpointDeliveries({ auth, params, query }) {
  const id = params.id ?? '';
  // The endpoint is read under the caller's account first: its deliveries are keyed by its id alone.
  if (!isUlid(id) || !(await getWebhook(auth.accountId, id))) throw new NotFound(NO_WEBHOOK);
  const page = await listDeliveries(id, query);
  return { deliveries: page.items.map(toApiDelivery), nextCursor: page.nextCursor };
});
