/** DELETE /account/api-keys/{id}: revokes one of the account's keys, which answers 401 from the next request; another account's id is a 404. */
import { isValid as isUlid } from 'ulid';
import { NO_API_KEY, revokeApiKey } from '../../data/api-keys';
import { NotFound } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.revokeApiKey, async function revokeKey({ auth, params }) {
  // Key ids are ulids; anything else names nothing (and could overflow DynamoDB's key limit).
  if (!isUlid(params.id ?? '')) throw new NotFound(NO_API_KEY);
  await revokeApiKey(auth.accountId, params.id ?? '');
  return { message: 'API key revoked' };
});
