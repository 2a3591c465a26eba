/**
 * The steps of signing in that several routes share: mailing a sign-in code (register, login,
 * send-otp, resend-otp), the session answer (register, login, verify-otp) and the captcha check
 * (register, login).
 */
import { BadRequest, Unauthorized } from '../errors';
import { storeSignInCode } from '../data/one-time-codes';
import { createSession, renewSession, type Session } from '../data/sessions';
import type { SessionAnswer } from '../../domain/api/auth';
import { toApiUser } from '../../domain/api/user-answer';
import type { User } from '../../domain/api/users';
import { describeDevice } from '../http/client-device';
import { signSessionToken, type TokenScope } from '../http/tokens';
import { getCaptcha } from '../providers/registry/captcha';
import { getMailer } from '../providers/registry/mail';
import { hashSignInCode, newSignInCode } from '../security/secrets';

/**
 * The account a code route works for: a stored user, or a sign-up decoy (an email that already had
 * an account, functions/accounts/sign-up.ts), which has no account and whose codes go to nobody.
 */
export type CodeSubject = User & { decoy?: true };

/**
 * Makes, stores and mails a new sign-in code. Returns false without mailing when the last code went
 * out less than 30 s ago (that code stays valid). A decoy's code is stored the same way, so the 30 s
 * rule and the tries answer as for a new account, and mailed to nobody. The greeting has no name:
 * before the code is entered nothing proves the name's author owns the mailbox.
 */
export async function mailSignInCode(user: CodeSubject): Promise<boolean> {
  const code = newSignInCode();
  if (!(await storeSignInCode(user.id, hashSignInCode(user.id, code)))) return false;
  if (user.decoy) return true;
  await getMailer().send({
    to: user.email,
    subject: 'Your PrepaidShip sign-in code',
    text: [
      'Hello,',
      '',
      `Your verification code: ${code}`,
      '',
      'It works once, within 10 minutes. If you did not just try to sign in to PrepaidShip, someone',
      'knows your password: reset it from the sign-in page.',
    ].join('\n'),
  });
  return true;
}

/** Who is signing in, for the session's record: the request's address and User-Agent. */
export interface ClientInfo {
  sourceIp: string | undefined;
  userAgent: string | undefined;
  /** The session being lifted to the next step (the code step's); absent: a new session starts. */
  sessionId?: string;
  /** A sign-up decoy's session only: what was typed (functions/data/sessions.ts). */
  signUp?: Session['signUp'];
}

/**
 * The `{ message, token, user }` answer of the sign-in steps: the one place tokens are issued. It
 * starts a session stored on the server (or lifts the caller's own to `scope`) and signs a token
 * naming it. A session ended meanwhile cannot be lifted: 401.
 */
export async function sessionAnswer(user: User, scope: TokenScope, message: string, client: ClientInfo): Promise<SessionAnswer> {
  const session = client.sessionId
    ? await renewSession(user.id, client.sessionId, scope)
    : await createSession({
        userId: user.id,
        scope,
        device: describeDevice(client.userAgent),
        address: client.sourceIp ?? 'unknown',
        // The epoch read with the password or factor just checked: a password changed since ends it.
        epoch: user.sessionEpoch,
        ...(client.signUp ? { signUp: client.signUp } : {}),
      });
  if (!session) throw new Unauthorized();
  return { message, token: await signSessionToken({ userId: user.id, role: user.role, scope, sessionId: session.id }), user: toApiUser(user) };
}

const NOT_A_ROBOT = "Please verify you're not a robot";

/** Refuses the request with 400 unless its captcha solution verifies (each solution works once). */
export async function requireCaptcha(token: string, sourceIp: string | undefined): Promise<void> {
  if (!(await getCaptcha().verify(token, sourceIp))) throw new BadRequest(NOT_A_ROBOT, { recaptchaToken: NOT_A_ROBOT });
}
