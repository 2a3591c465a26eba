/**
 * POST /auth/verify-otp: second step of signing in. A right code (5 tries, 10 minutes, once)
 * answers the full-access token and marks the email verified.
 */
import { codeRouteUser } from '../../accounts/code-routes';
import { sessionAnswer } from '../../accounts/sign-in';
import { consumeSignInCode } from '../../data/one-time-codes';
import { api } from '../../http/handler';
import { hashSignInCode } from '../../security/secrets';

export const handler = api('POST /auth/verify-otp', async function verifyOtp({ auth, body }) {
  const user = await codeRouteUser(auth, body.email);
  await consumeSignInCode(user.id, hashSignInCode(user.id, body.otp));
  return sessionAnswer({ ...user, verified: true }, 'full', 'Verified');
});
