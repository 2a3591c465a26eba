/** GET /auth/addresses: the user's saved addresses, newest first (the label dialog's dropdowns). */
import { listAddresses } from '../../data/addresses';
import { api } from '../../http/handler';

export const handler = api('GET /auth/addresses', async function listSavedAddresses({ auth }) {
  return listAddresses(auth.userId);
});
