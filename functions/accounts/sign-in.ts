/**
 * The steps of signing in that several routes share: mailing a sign-in code (register, login,
 * send-otp, resend-otp), the session answer (register, login, verify-otp) and the captcha check
 * (register, login).
 */
import { BadRequest } from '../errors';
import { storeSignInCode } from '../data/one-time-codes';
import type { SessionAnswer } from '../../domain/api/auth';
import { toApiUser } from '../../domain/api/user-answer';
import type { User } from '../../domain/api/users';
import { signSessionToken, type TokenScope } from '../http/tokens';
import { getCaptcha } from '../providers/registry/captcha';
import { getMailer } from '../providers/registry/mail';
import { hashSignInCode, newSignInCode } from '../security/secrets';

/**
 * Makes, stores and mails a new sign-in code. Returns false without mailing when the last code went
 * out less than 30 s ago (that code stays valid).
 */
export async function mailSignInCode(user: User): Promise<boolean> {
  const code = newSignInCode();
  if (!(await storeSignInCode(user.id, hashSignInCode(user.id, code)))) return false;
  await getMailer().send({
    to: user.email,
    subject: 'Your PrepaidShip sign-in code',
    text: [
      `Hello ${user.name},`,
      '',
      `Your verification code: ${code}`,
      '',
      'It works once, within 10 minutes. If you did not just try to sign in to PrepaidShip, someone',
      'knows your password: reset it from the sign-in page.',
    ].join('\n'),
  });
  return true;
}

/** The `{ message, token, user }` answer of the sign-in steps. */
export async function sessionAnswer(user: User, scope: TokenScope, message: string): Promise<SessionAnswer> {
  return { message, token: await signSessionToken({ userId: user.id, role: user.role, scope }), user: toApiUser(user) };
}

const NOT_A_ROBOT = "Please verify you're not a robot";

/** Refuses the request with 400 unless its captcha solution verifies (each solution works once). */
export async function requireCaptcha(token: string, sourceIp: string | undefined): Promise<void> {
  if (!(await getCaptcha().verify(token, sourceIp))) throw new BadRequest(NOT_A_ROBOT, { recaptchaToken: NOT_A_ROBOT });
}
