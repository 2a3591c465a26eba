/**
 * The account behind an `otp`-access route: the token's user, who must be the one the body's
 * `email` names (the spec's payloads carry the email; the token is what we trust). A sign-up decoy's
 * session (functions/accounts/sign-up.ts) stands for a new account here, so the code routes answer
 * it exactly as they answer one.
 */
import { RESEND_TOO_SOON } from '../data/one-time-codes';
import { getUserById, normalizeEmail } from '../data/users';
import { Forbidden, TooManyAttempts, Unauthorized } from '../errors';
import type { Authenticated } from '../http/handler';
import { giveBackTries, sendCounters, takeTries, tooManySends } from './limits';
import { mailSignInCode, type CodeSubject } from './sign-in';
import { decoyAccount } from './sign-up';

export async function codeRouteUser(auth: Authenticated, email: string): Promise<CodeSubject> {
  // The code routes are `otp` routes, which no API key reaches: a session is always there.
  if (!auth.session) throw new Unauthorized();
  const stored = await getUserById(auth.userId);
  const { signUp, createdAt } = auth.session;
  const user = stored ?? (signUp && decoyAccount(auth.userId, signUp, createdAt));
  if (!user) throw new Unauthorized();
  if (normalizeEmail(user.email) !== normalizeEmail(email)) throw new Forbidden('This code is for another account');
  return user;
}

/**
 * send-otp and resend-otp: a new code for the token's account, refused within 30 s of the last, and
 * with growing delays past a few an hour per account and per address (functions/accounts/limits.ts).
 */
export async function mailAnotherCode(auth: Authenticated, email: string, sourceIp: string | undefined): Promise<{ message: string }> {
  const user = await codeRouteUser(auth, email);
  // Counted before the mail, so requests sent together meet the limits too; a mail not sent gives its try back.
  const tries = await takeTries(sendCounters(user.id, sourceIp), tooManySends);
  if (!(await mailSignInCode(user))) {
    await giveBackTries(tries);
    throw new TooManyAttempts(RESEND_TOO_SOON, 30);
  }
  return { message: 'A new code is on its way.' };
}
