/**
 * POST /auth/login: first step of signing in. A right password answers a sign-in token (code
 * routes only) and mails a code. A wrong email and a wrong password get the same 401, after the
 * same amount of hashing work; 5 failures for one email in 15 minutes lock it for 15 minutes (429).
 */
import { mailSignInCode, requireCaptcha, sessionAnswer } from '../../accounts/sign-in';
import { clearLoginFailures, lockedUntil, recordLoginFailure } from '../../data/login-attempts';
import { getUserByEmail } from '../../data/users';
import { TooManyAttempts, Unauthorized } from '../../errors';
import { api } from '../../http/handler';
import { hashPassword, verifyPassword } from '../../security/passwords';

/** Checked against when the email has no account, so both failures cost the same time. */
let decoyHash: Promise<string> | undefined;

export const handler = api('POST /auth/login', async function login({ body, sourceIp }) {
  await requireCaptcha(body.recaptchaToken, sourceIp);
  if (await lockedUntil(body.email)) throw new TooManyAttempts('Too many failed sign-ins. Try again in 15 minutes.');
  const user = await getUserByEmail(body.email);
  const ok = await verifyPassword(body.password, user?.passwordHash ?? (await (decoyHash ??= hashPassword('decoy-password'))));
  if (!user || !ok) {
    await recordLoginFailure(body.email);
    throw new Unauthorized('Invalid email or password');
  }
  await clearLoginFailures(body.email);
  // Within 30 s of the last code nothing new is mailed: say so, rather than announce a mail.
  const mailed = await mailSignInCode(user);
  return sessionAnswer(user, 'otp', mailed ? 'We sent a sign-in code to your email.' : 'We sent you a code moments ago: enter that one.');
});
