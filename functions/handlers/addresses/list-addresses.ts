/** GET /auth/addresses: the user's saved addresses, newest first (the label dialog's dropdowns). */
import { listAddresses } from '../../data/addresses';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.listAddresses, async function listSavedAddresses({ auth }) {
  return listAddresses(auth.accountId);
});
