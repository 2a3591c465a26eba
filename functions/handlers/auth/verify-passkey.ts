/**
 * POST /auth/passkey/verify: the second step of signing in with a passkey. The browser's assertion
 * over the challenge of POST /auth/passkey/options (taken whatever the outcome) answers the full
 * token; a refused one is 401 and counts on the second-factor limits.
 */
import { codeRouteUser } from '../../accounts/code-routes';
import { PASSKEY_REFUSED, passkeySignInWorks, relyingParty } from '../../accounts/passkey-ceremonies';
import { checkedFactor, passedSecondStep } from '../../accounts/second-factor';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const handler = api(route.verifyPasskey, async function verifyPasskey({ auth, body, headers, sourceIp, appOrigin }) {
  const user = await codeRouteUser(auth, body.email);
  await checkedFactor(user.id, sourceIp, () => passkeySignInWorks(user.id, relyingParty(appOrigin), body.response), PASSKEY_REFUSED);
  return passedSecondStep(user, 'Verified', { rememberDevice: body.rememberDevice, userAgent: headers['user-agent'], sourceIp, sessionId: auth.sessionId });
});
