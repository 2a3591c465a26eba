/** GET /account/api-keys: the account's API keys, newest first, revoked ones too; never a key or its hash. */
import { listApiKeys } from '../../data/api-keys';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.listApiKeys, async function listKeys({ auth }) {
  return listApiKeys(auth.accountId);
});
