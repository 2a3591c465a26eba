/** DELETE /account/webhooks/{id}: deletes one of the account's endpoints; another account's id is a 404. */
import { isValid as isUlid } from 'ulid';
import { deleteWebhook, NO_WEBHOOK } from '../../data/webhooks';
import { NotFound } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.deleteWebhook, async function deleteEndpoint({ auth, params }) {
  // Endpoint ids are ulids; anything else names nothing (and could overflow DynamoDB's key limit).
  if (!isUlid(params.id ?? '')) throw new NotFound(NO_WEBHOOK);
  await deleteWebhook(auth.accountId, params.id ?? '');
  return { message: 'Webhook endpoint deleted' };
});
