/**
 * POST /account/api-keys: a new API key for the account, answered once with its record (only its
 * hash is kept); 409 past the live keys an account may hold. Only a signed-in person gets here: no
 * key reaches /account/* (domain/api/key-scope.ts), so a key cannot make keys.
 */
import { createApiKey } from '../../data/api-keys';
import { api, Reply } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.createApiKey, async function createKey({ auth, body }) {
  return new Reply(201, await createApiKey(auth.accountId, body));
});
