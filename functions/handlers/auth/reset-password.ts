/**
 * POST /auth/reset-password: sets a new password from a reset link. The link works once and for 1
 * hour; using it also forgets the account's failed sign-ins (across addresses, and from this address)
 * its remembered devices (whoever knew the old password may have remembered one) and every session of
 * the account (whoever held one may be why the password was reset), all in the same transaction.
 */
import { resetForgetsSteps } from '../../accounts/limits';
import { consumeResetToken, INVALID_RESET_LINK } from '../../data/one-time-codes';
import { forgetDevicesItem } from '../../data/remembered-devices';
import { getUserById } from '../../data/users';
import { InvalidRequest } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { hashPassword } from '../../security/passwords';
import { hashResetToken, parseResetToken } from '../../security/secrets';

export const handler = api(route.resetPassword, async function resetPassword({ body, sourceIp }) {
  const parsed = parseResetToken(body.token);
  const user = parsed && (await getUserById(parsed.userId));
  if (!user) throw new InvalidRequest(INVALID_RESET_LINK);
  await consumeResetToken(user.id, hashResetToken(body.token), await hashPassword(body.password), [
    ...resetForgetsSteps(user.email, sourceIp),
    forgetDevicesItem(user.id),
  ]);
  return { message: 'Your password has been reset. You can sign in now.' };
});
