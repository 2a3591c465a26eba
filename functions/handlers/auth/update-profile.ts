/**
 * PUT /auth/profile: changes the name and, when a non-blank password is given, the password. The
 * email cannot change. A new password needs the current one (400 on the field otherwise, nothing
 * changed); wrong current passwords are counted per account, so a stolen token cannot use this route
 * to guess the password. A changed password ends every other session of the account and forgets its
 * remembered devices, in the transaction that stores it.
 */
import { profileAnswer } from '../../accounts/profile-answer';
import { currentPasswordCounters, giveBackTries, keepTries, takeTries, tooManyPasswordTries } from '../../accounts/limits';
import { transactOrRefuse } from '../../data/client';
import { forgetDevicesItem } from '../../data/remembered-devices';
import { keepSessionItem } from '../../data/sessions';
import { changePasswordItem, getUserById, updateUserProfile } from '../../data/users';
import { BadRequest, Conflict, Unauthorized } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { hashPassword, verifyPassword } from '../../security/passwords';

export const WRONG_CURRENT_PASSWORD = 'Your current password is not right';
const CHANGED_MEANWHILE = 'Your account changed meanwhile (a sign-out elsewhere or another change). Try again.';

export const handler = api(route.updateProfile, async function updateProfile({ auth, body }) {
  if (!body.password) return profileAnswer(await updateUserProfile(auth.userId, { name: body.name }), auth);
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
  const passwordHash = await hashPassword(body.password);
  // One transaction: the new hash, the account's session epoch moved on (every other session ends)
  // with the caller's session moved along, and every remembered device forgotten.
  await transactOrRefuse(
    [
      changePasswordItem(auth.userId, { name: body.name, passwordHash, seenEpoch: user.sessionEpoch }),
      keepSessionItem(auth.userId, auth.sessionId, user.sessionEpoch),
      forgetDevicesItem(auth.userId),
    ],
    () => new Conflict(CHANGED_MEANWHILE),
  );
  return profileAnswer({ ...user, name: body.name.trim(), passwordHash, version: user.version + 1, sessionEpoch: user.sessionEpoch + 1 }, auth);
});
