/**
 * A sign-up with an email that already has an account answers exactly as a new sign-up does, so
 * the route cannot tell anyone which emails have accounts (docs/decisions/0198-sign-up-tells-nothing.md).
 * Nothing is created for the caller: the answer carries a decoy account (a fresh id that no account
 * has) and a sign-in token whose session is the decoy's. The code routes answer that session as a new
 * account's (a code is stored under the decoy's id and mailed to nobody, so every code is wrong), and
 * the email's owner gets one mail saying someone tried, within a limit so sign-ups cannot flood them.
 */
import { ulid } from 'ulid';
import type { User } from '../../domain/api/users';
import type { RegisterBody } from '../../domain/schemas/auth';
import { TooManyAttempts } from '../errors';
import { getMailer } from '../providers/registry/mail';
import { signUpNoticeCounters, takeTries } from './limits';
import type { CodeSubject } from './sign-in';

/** What a new account looks like in the register answer, for an email that already has one. */
export function decoyAccount(id: string, signUp: { email: string; name: string }, createdAt: string): CodeSubject {
  const user: User = {
    id,
    name: signUp.name.trim(),
    email: signUp.email.trim(),
    role: 'user',
    passwordHash: '',
    verified: false,
    balanceCents: 0,
    heldCents: 0,
    disputedCents: 0,
    version: 1,
    sessionEpoch: 0,
    labelCount: 0,
    createdAt,
  };
  return { ...user, decoy: true };
}

/** A new decoy for a sign-up with a taken email. */
export const newDecoy = (body: Pick<RegisterBody, 'email' | 'name'>): CodeSubject =>
  decoyAccount(ulid(), { email: body.email, name: body.name }, new Date().toISOString());

/**
 * Tells the owner of `email` that someone tried to sign up with it, unless a few such mails went
 * out lately. The mail holds nothing the caller typed but the address it goes to: no name, no link
 * but our own.
 */
export async function mailTakenEmailNotice(email: string, appOrigin: string): Promise<void> {
  try {
    // Taken before the mail, so sign-ups sent together meet the limit too.
    await takeTries(signUpNoticeCounters(email), () => '');
  } catch (err) {
    // Over the limit: the owner was told lately; the caller's answer stays the same.
    if (err instanceof TooManyAttempts) return;
    throw err;
  }
  await getMailer().send({
    to: email.trim(),
    subject: 'Someone tried to sign up with your address',
    text: [
      'Hello,',
      '',
      'Someone just tried to create a PrepaidShip account with this email address, which already has one.',
      'No new account was made and nothing changed on yours.',
      '',
      `If it was you, sign in: ${new URL('/login', appOrigin).toString()}`,
      `Forgot your password? Reset it: ${new URL('/forgot-password', appOrigin).toString()}`,
      '',
      'If it was not you, you can ignore this mail.',
    ].join('\n'),
  });
}
