/**
 * POST /auth/register: creates an account and mails its first sign-in code. Answers 201 with a
 * sign-in token that reaches only the code routes. An email that already has an account gets the
 * same answer, after the same password hashing, and no account: its owner is mailed that someone
 * tried, and the token's session is a decoy whose codes are all wrong (functions/accounts/sign-up.ts),
 * so neither this answer nor the code routes tell which emails have accounts.
 */
import { limitSignUps } from '../../accounts/limits';
import { mailSignInCode, requireCaptcha, sessionAnswer } from '../../accounts/sign-in';
import { mailTakenEmailNotice, newDecoy } from '../../accounts/sign-up';
import { createUser } from '../../data/users';
import { Conflict } from '../../errors';
import { api, Reply } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { hashPassword } from '../../security/passwords';

export const SIGN_UP_ANSWER = 'Check your email for a code to finish signing up.';

export const handler = api(route.register, async function register({ body, sourceIp, headers, appOrigin }) {
  await limitSignUps(sourceIp);
  await requireCaptcha(body.recaptchaToken, sourceIp);
  const client = { sourceIp, userAgent: headers['user-agent'] };
  const passwordHash = await hashPassword(body.password);
  const user = await createUser({ name: body.name, email: body.email, passwordHash }).catch((err: unknown) => {
    if (err instanceof Conflict) return undefined;
    throw err;
  });
  if (user) {
    await mailSignInCode(user);
    return new Reply(201, await sessionAnswer(user, 'otp', SIGN_UP_ANSWER, client));
  }
  const decoy = newDecoy(body);
  // The decoy's code is stored like a new account's, so send-otp's 30 s rule and the tries match.
  await mailSignInCode(decoy);
  await mailTakenEmailNotice(body.email, appOrigin);
  return new Reply(201, await sessionAnswer(decoy, 'otp', SIGN_UP_ANSWER, { ...client, signUp: { email: decoy.email, name: decoy.name } }));
});
