/**
 * POST /auth/passkeys: stores a new passkey from the browser's answer to POST /auth/passkeys/options.
 * The first factor of an account also gets its ten recovery codes.
 */
import { registerPasskey, relyingParty } from '../../accounts/passkey-ceremonies';
import { firstRecoveryCodes } from '../../accounts/second-factor';
import { getUserById } from '../../data/users';
import { Unauthorized } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.addPasskey, async function addPasskey({ auth, body, appOrigin }) {
  const user = await getUserById(auth.userId);
  if (!user) throw new Unauthorized();
  await registerPasskey(user, relyingParty(appOrigin), body.response, body.name);
  const recoveryCodes = await firstRecoveryCodes(user.id);
  return { message: 'Passkey added.', ...(recoveryCodes ? { recoveryCodes } : {}) };
});
