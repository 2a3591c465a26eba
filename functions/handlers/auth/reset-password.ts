/**
 * POST /auth/reset-password: sets a new password from a reset link. The link works once and for 1
 * hour; using it also lifts a sign-in lockout on the account.
 */
import { consumeResetToken, INVALID_RESET_LINK } from '../../data/one-time-codes';
import { getUserById } from '../../data/users';
import { InvalidRequest } from '../../errors';
import { api } from '../../http/handler';
import { hashPassword } from '../../security/passwords';
import { hashResetToken, parseResetToken } from '../../security/secrets';

export const handler = api('POST /auth/reset-password', async function resetPassword({ body }) {
  const parsed = parseResetToken(body.token);
  const user = parsed && (await getUserById(parsed.userId));
  if (!user) throw new InvalidRequest(INVALID_RESET_LINK);
  await consumeResetToken(user.id, user.email, hashResetToken(body.token), await hashPassword(body.password));
  return { message: 'Your password has been reset. You can sign in now.' };
});
