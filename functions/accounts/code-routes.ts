/**
 * The account behind an `otp`-access route: the token's user, who must be the one the body's
 * `email` names (the spec's payloads carry the email; the token is what we trust).
 */
import { RESEND_TOO_SOON } from '../data/one-time-codes';
import type { User } from '../../domain/api/users';
import { getUserById, normalizeEmail } from '../data/users';
import { Forbidden, TooManyAttempts, Unauthorized } from '../errors';
import type { SessionClaims } from '../http/tokens';
import { giveBackTries, sendCounters, takeTries, tooManySends } from './limits';
import { mailSignInCode } from './sign-in';

export async function codeRouteUser(auth: SessionClaims, email: string): Promise<User> {
  const user = await getUserById(auth.userId);
  if (!user) throw new Unauthorized();
  if (normalizeEmail(user.email) !== normalizeEmail(email)) throw new Forbidden('This code is for another account');
  return user;
}

/**
 * send-otp and resend-otp: a new code for the token's account, refused within 30 s of the last, and
 * with growing delays past a few an hour per account and per address (functions/accounts/limits.ts).
 */
export async function mailAnotherCode(auth: SessionClaims, email: string, sourceIp: string | undefined): Promise<{ message: string }> {
  const user = await codeRouteUser(auth, email);
  // Counted before the mail, so requests sent together meet the limits too; a mail not sent gives its try back.
  const tries = await takeTries(sendCounters(user.id, sourceIp), tooManySends);
  if (!(await mailSignInCode(user))) {
    await giveBackTries(tries);
    throw new TooManyAttempts(RESEND_TOO_SOON, 30);
  }
  return { message: 'A new code is on its way.' };
}
