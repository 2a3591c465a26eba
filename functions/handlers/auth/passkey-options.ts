/** POST /auth/passkeys/options: WebAuthn creation options for a new passkey on the caller's account. */
import { registrationOptions, relyingParty } from '../../accounts/passkey-ceremonies';
import { getUserById } from '../../data/users';
import { Unauthorized } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.passkeyOptions, async function passkeyOptions({ auth, appOrigin }) {
  const user = await getUserById(auth.userId);
  if (!user) throw new Unauthorized();
  return { ...(await registrationOptions(user, relyingParty(appOrigin))) };
});
