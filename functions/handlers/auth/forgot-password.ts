/**
 * POST /auth/forgot-password: mails a single-use reset link valid 1 hour. The answer is the same
 * whether or not the email has an account, so the route cannot be used to find accounts. Requests
 * are counted per email and address together, per address and per email (functions/accounts/limits.ts):
 * past the free ones, 429 with Retry-After for a growing delay, known email or not.
 */
import { resetCounters, takeTries, tooManyResets } from '../../accounts/limits';
import { storeResetToken } from '../../data/one-time-codes';
import { getUserByEmail } from '../../data/users';
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { getMailer } from '../../providers/registry/mail';
import { hashResetToken, newResetToken } from '../../security/secrets';

const ANSWER = { message: 'If an account exists for that email, we sent a link to reset the password.' };

export const handler = api(route.forgotPassword, async function forgotPassword({ body, sourceIp, appOrigin }) {
  // Counted before the account is looked up, the same for every email, so neither the answers nor
  // the writes tell a known email from an unknown one.
  await takeTries(resetCounters(body.email, sourceIp), tooManyResets);
  const user = await getUserByEmail(body.email);
  if (!user) return ANSWER;
  const token = newResetToken(user.id);
  // A link sent in the last 30 s is not sent again; the answer stays the same so it reveals nothing.
  if (!(await storeResetToken(user.id, hashResetToken(token)))) return ANSWER;
  const link = new URL('/reset-password', appOrigin);
  link.searchParams.set('token', token);
  await getMailer().send({
    to: user.email,
    subject: 'Reset your PrepaidShip password',
    text: [
      `Hello ${user.name},`,
      '',
      'Open this link to choose a new password. It works once, within 1 hour:',
      link.toString(),
      '',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ].join('\n'),
  });
  return ANSWER;
});
