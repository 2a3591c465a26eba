/**
 * POST /auth/login: first step of signing in. A right password answers a sign-in token (code
 * routes only) and mails a code. A wrong email and a wrong password get the same 401, after the
 * same amount of hashing work, and count on the same counters. Failures slow the guesser, never lock
 * the account (functions/accounts/limits.ts): past the free tries, 429 with Retry-After for a growing
 * delay, and every try needs a fresh captcha solution.
 */
import { keepTries, rightPassword, signInCounters, takeTries, tooManySignIns } from '../../accounts/limits';
import { mailSignInCode, requireCaptcha, sessionAnswer } from '../../accounts/sign-in';
import { getUserByEmail } from '../../data/users';
import { Unauthorized } from '../../errors';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { hashPassword, verifyPassword } from '../../security/passwords';

/** Checked against when the email has no account, so both failures cost the same time. */
let decoyHash: Promise<string> | undefined;

export const handler = api(route.login, async function login({ body, sourceIp, headers }) {
  await requireCaptcha(body.recaptchaToken, sourceIp);
  // The try is counted before the password is checked, so guesses sent together meet the limits too.
  const tries = await takeTries(signInCounters(body.email, sourceIp), tooManySignIns);
  const user = await getUserByEmail(body.email);
  const ok = await verifyPassword(body.password, user?.passwordHash ?? (await (decoyHash ??= hashPassword('decoy-password'))));
  if (!user || !ok) {
    await keepTries(tries);
    throw new Unauthorized('Invalid email or password');
  }
  await rightPassword(tries);
  // Within 30 s of the last code nothing new is mailed: say so, rather than announce a mail.
  const mailed = await mailSignInCode(user);
  const message = mailed ? 'We sent a sign-in code to your email.' : 'We sent you a code moments ago: enter that one.';
  return sessionAnswer(user, 'otp', message, { sourceIp, userAgent: headers['user-agent'] });
});
