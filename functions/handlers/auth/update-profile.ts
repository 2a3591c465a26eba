/**
 * PUT /auth/profile: changes the name and, when a non-blank password is given, the password. The
 * email cannot change. A verified session (password and code) is enough to change the password,
 * as the spec's form asks for no current password.
 */
import { toApiUser } from '../../../domain/api/user-answer';
import { updateUserProfile } from '../../data/users';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { hashPassword } from '../../security/passwords';

export const handler = api(route.updateProfile, async function updateProfile({ auth, body }) {
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  return toApiUser(await updateUserProfile(auth.userId, { name: body.name, passwordHash }));
});
