/** POST /auth/totp/start: a new authenticator secret for the caller, pending until its first code confirms it. */
import { newTotpSecret } from '../../accounts/totp';
import { storePendingTotp } from '../../data/totp-secrets';
import { getUserById } from '../../data/users';
import { Unauthorized } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.startTotp, async function startTotp({ auth }) {
  const user = await getUserById(auth.userId);
  if (!user) throw new Unauthorized();
  const { secret, uri } = newTotpSecret(user.email);
  await storePendingTotp(user.id, secret);
  return { secret, uri };
});
