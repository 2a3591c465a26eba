/**
 * POST /auth/verify-otp: second step of signing in. A right code (5 tries, 10 minutes, once)
 * answers the full-access token (the sign-in's session, lifted to 12 hours) and marks the email verified. Wrong codes also count per account
 * across its codes and per address across accounts (functions/accounts/limits.ts): past the free
 * ones, 429 with Retry-After for a growing delay. `rememberDevice` adds a remembered device's token.
 */
import { codeRouteUser } from '../../accounts/code-routes';
import { codeCounters, giveBackTries, keepTries, takeTries, tooManyCodes } from '../../accounts/limits';
import { passedSecondStep } from '../../accounts/second-factor';
import { consumeSignInCode } from '../../data/one-time-codes';
import { InvalidRequest } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { hashSignInCode } from '../../security/secrets';

export const handler = api(route.verifyOtp, async function verifyOtp({ auth, body, sourceIp, headers }) {
  const user = await codeRouteUser(auth, body.email);
  // Counted before the code is compared, so guesses sent together meet the limits too.
  const tries = await takeTries(codeCounters(user.id, sourceIp), tooManyCodes);
  try {
    await consumeSignInCode(user.id, hashSignInCode(user.id, body.otp));
  } catch (err) {
    // A wrong or dead code was a guess; a code whose 5 tries are spent compared nothing.
    await (err instanceof InvalidRequest ? keepTries(tries) : giveBackTries(tries));
    throw err;
  }
  await giveBackTries(tries);
  return passedSecondStep({ ...user, verified: true }, 'Verified', {
    rememberDevice: body.rememberDevice,
    userAgent: headers['user-agent'],
    sourceIp,
    sessionId: auth.sessionId,
  });
});
