/** DELETE /auth/passkeys/{id}: removes one of the caller's passkeys (another account's id is 404, like an unknown one). */
import { deletePasskey } from '../../data/passkeys';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.removePasskey, async function removePasskey({ auth, params }) {
  await deletePasskey(auth.userId, params.id ?? '');
  return { message: 'Passkey removed.' };
});
