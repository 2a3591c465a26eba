/** GET /auth/addresses: the user's saved addresses, newest first (the label dialog's dropdowns). */
import { listAddresses } from '../../data/addresses';
import { api } from '../../http/handler';
import { addressesListAddressesRoute } from '../../../domain/api/routes';

export const handler = api(addressesListAddressesRoute, async function listSavedAddresses({ auth }) {
  return listAddresses(auth.userId);
});
