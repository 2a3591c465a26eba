/**
 * POST /auth/verify-totp: the second step of signing in with an authenticator app's code. A right
 * code of an unused step answers the full-access token (and a remembered device's token when
 * asked); a wrong or reused one is 401 and counts on the account's and address's second-factor limits.
 */
import { codeRouteUser } from '../../accounts/code-routes';
import { checkedFactor, passedSecondStep } from '../../accounts/second-factor';
import { totpStepOf } from '../../accounts/totp';
import { getTotpSecret, useTotpStep } from '../../data/totp-secrets';
import { Conflict } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';

export const WRONG_TOTP = 'That code is not right, or was already used. Enter the current code from your app.';

export const handler = api(route.verifyTotp, async function verifyTotp({ auth, body, headers, sourceIp }) {
  const user = await codeRouteUser(auth, body.email);
  const totp = await getTotpSecret(user.id);
  if (!totp?.confirmed) throw new Conflict('This account has no authenticator app. Use another way to sign in.');
  await checkedFactor(
    user.id,
    sourceIp,
    async () => {
      const step = totpStepOf(totp.secret, body.code);
      return step !== undefined && (await useTotpStep(user.id, totp, step));
    },
    WRONG_TOTP,
  );
  return passedSecondStep(user, 'Verified', { rememberDevice: body.rememberDevice, userAgent: headers['user-agent'], sourceIp, sessionId: auth.sessionId });
});
