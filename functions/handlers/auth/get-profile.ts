/** GET /auth/profile: the signed-in user with balance (the header badge polls it every 60 s). */
import { toApiUser } from '../../../domain/api/users';
import { getUserById } from '../../data/users';
import { Unauthorized } from '../../errors';
import { api } from '../../http/handler';

export const handler = api('GET /auth/profile', async function getProfile({ auth }) {
  const user = await getUserById(auth.userId);
  // A valid token for a deleted account: the session is over.
  if (!user) throw new Unauthorized();
  return toApiUser(user);
});
