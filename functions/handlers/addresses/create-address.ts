/**
 * POST /auth/addresses: saves an address. The same street (both lines), city, state, zip and
 * country (trimmed, case ignored) as a saved one answers 409 'This address is already saved.',
 * enforced by the table, so two concurrent saves keep one.
 */
import { saveAddress } from '../../data/addresses';
import { api, Reply } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.createAddress, async function createAddress({ auth, body }) {
  return new Reply(201, await saveAddress(auth.accountId, body));
});
