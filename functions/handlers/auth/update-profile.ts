/**
 * PUT /auth/profile: changes the name and, when a non-blank password is given, the password. The
 * email cannot change. A new password needs the current one (400 on the field otherwise, nothing
 * changed); wrong current passwords are counted per account, so a stolen token cannot use this route
 * to guess the password. A changed password ends every other session of the account.
 */
import { toApiUser } from '../../../domain/api/user-answer';
import { currentPasswordCounters, giveBackTries, keepTries, takeTries, tooManyPasswordTries } from '../../accounts/limits';
import { endSessions } from '../../data/sessions';
import { getUserById, updateUserProfile } from '../../data/users';
import { BadRequest, Unauthorized } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { hashPassword, verifyPassword } from '../../security/passwords';

export const WRONG_CURRENT_PASSWORD = 'Your current password is not right';

export const handler = api(route.updateProfile, async function updateProfile({ auth, body }) {
  if (!body.password) return toApiUser(await updateUserProfile(auth.userId, { name: body.name }));
  // Taken before the password is compared, so guesses sent together meet the limit too.
  const tries = await takeTries(currentPasswordCounters(auth.userId), tooManyPasswordTries);
  const user = await getUserById(auth.userId);
  if (!user) {
    await giveBackTries(tries);
    throw new Unauthorized();
  }
  if (!(await verifyPassword(body.currentPassword ?? '', user.passwordHash))) {
    await keepTries(tries);
    throw new BadRequest(WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
  }
  await giveBackTries(tries);
  const updated = await updateUserProfile(auth.userId, { name: body.name, passwordHash: await hashPassword(body.password) });
  await endSessions(auth.userId, auth.sessionId);
  return toApiUser(updated);
});
