/** GET /account/webhooks: the account's endpoints, without their secrets. */
import { listWebhooks, toApiWebhook } from '../../data/webhooks';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.listWebhooks, async function listEndpoints({ auth }) {
  return (await listWebhooks(auth.accountId)).map(toApiWebhook);
});
