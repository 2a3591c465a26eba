/** DELETE /auth/addresses/{id}: deletes one of the user's addresses; another user's id is a 404. */
import { deleteAddress } from '../../data/addresses';
import { api } from '../../http/handler';

export const handler = api('DELETE /auth/addresses/{id}', {}, async ({ auth, params }) => {
  await deleteAddress(auth.userId, params.id ?? '');
  return { message: 'Address deleted' };
});
