/** GET /auth/profile: the signed-in user with balance (the header badge polls it every 60 s). */
import { profileAnswer } from '../../accounts/profile-answer';
import { getUserById } from '../../data/users';
import { Unauthorized } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.getProfile, async function getProfile({ auth }) {
  const user = await getUserById(auth.userId);
  // A valid token for a deleted account: the session is over.
  if (!user) throw new Unauthorized();
  return profileAnswer(user, auth);
});
