/**
 * POST /auth/totp/remove: turns the authenticator app off. A full token alone is not enough (a
 * browser left signed in): the owner proves it again with a current code or the password, and wrong
 * ones count on the second-factor limits.
 */
import { checkedFactor } from '../../accounts/second-factor';
import { totpStepOf } from '../../accounts/totp';
import { deleteTotp, getTotpSecret } from '../../data/totp-secrets';
import { getUserById } from '../../data/users';
import { Conflict, Unauthorized } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { verifyPassword } from '../../security/passwords';

export const handler = api(route.removeTotp, async function removeTotp({ auth, body, sourceIp }) {
  const [user, totp] = await Promise.all([getUserById(auth.userId), getTotpSecret(auth.userId)]);
  if (!user) throw new Unauthorized();
  if (!totp?.confirmed) throw new Conflict('No authenticator app is set up.');
  await checkedFactor(
    user.id,
    sourceIp,
    async () => (body.code ? totpStepOf(totp.secret, body.code) !== undefined : verifyPassword(body.password ?? '', user.passwordHash)),
    body.code ? 'That code is not right.' : 'That password is not right.',
  );
  await deleteTotp(user.id);
  return { message: 'Authenticator app removed.' };
});
