/**
 * POST /auth/verify-recovery-code: the second step of signing in with one of the account's recovery
 * codes, for when its authenticator app or passkey is out of reach. Each code works once; a wrong or
 * used one is 401 and counts on the second-factor limits.
 */
import { codeRouteUser } from '../../accounts/code-routes';
import { checkedFactor, passedSecondStep } from '../../accounts/second-factor';
import { useRecoveryCode } from '../../data/recovery-codes';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { hashRecoveryCode } from '../../security/secrets';

export const handler = api(route.verifyRecoveryCode, async function verifyRecoveryCode({ auth, body, headers, sourceIp }) {
  const user = await codeRouteUser(auth, body.email);
  await checkedFactor(
    user.id,
    sourceIp,
    () => useRecoveryCode(user.id, hashRecoveryCode(user.id, body.code)),
    'That recovery code is not right, or was already used.',
  );
  return passedSecondStep(user, 'Verified with a recovery code. Make new ones in Security settings if you are running out.', {
    rememberDevice: body.rememberDevice,
    userAgent: headers['user-agent'],
    sourceIp,
    sessionId: auth.sessionId,
  });
});
