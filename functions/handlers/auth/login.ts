/**
 * POST /auth/login: first step of signing in. A right password answers a sign-in token (code
 * routes only) and mails a code. A wrong email and a wrong password get the same 401, after the
 * same amount of hashing work, and count on the same counters. Failures slow the guesser, never lock
 * the account (functions/accounts/limits.ts): past the free tries, 429 with Retry-After for a growing
 * delay, and every try needs a fresh captcha solution.
 *
 * After the right password: a live remembered device of this account (`deviceToken`) skips the
 * second step and answers the full token; otherwise the answer names the account's second steps
 * (`factors`), and only an account with no authenticator app or passkey is mailed a code unasked
 * (docs/decisions/0199-second-factors-and-remembered-devices.md).
 */
import { keepTries, rightPassword, signInCounters, takeTries, tooManySignIns } from '../../accounts/limits';
import { mailSignInCode, requireCaptcha, sessionAnswer } from '../../accounts/sign-in';
import { deviceTokenWorks, factorsOf } from '../../accounts/second-factor';
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
  const client = { sourceIp, userAgent: headers['user-agent'] };
  if (await deviceTokenWorks(user.id, body.deviceToken)) return sessionAnswer(user, 'full', 'Signed in on a remembered device.', client);
  const factors = await factorsOf(user.id);
  if (factors.includes('totp') || factors.includes('passkey')) {
    return { ...(await sessionAnswer(user, 'otp', 'Confirm it is you with your authenticator app or passkey.', client)), factors };
  }
  // Within 30 s of the last code nothing new is mailed: say so, rather than announce a mail.
  const mailed = await mailSignInCode(user);
  return {
    ...(await sessionAnswer(user, 'otp', mailed ? 'We sent a sign-in code to your email.' : 'We sent you a code moments ago: enter that one.', client)),
    factors,
  };
});
