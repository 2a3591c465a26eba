/** POST /auth/passkey/options: WebAuthn request options for the sign-in step with one of the account's passkeys. */
import { codeRouteUser } from '../../accounts/code-routes';
import { relyingParty, signInOptions } from '../../accounts/passkey-ceremonies';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.passkeySignInOptions, async function passkeySignInOptions({ auth, body, appOrigin }) {
  const user = await codeRouteUser(auth, body.email);
  return { ...(await signInOptions(user.id, relyingParty(appOrigin))) };
});
