/**
 * POST /auth/register: creates an account and mails its first sign-in code. Answers 201 with a
 * sign-in token that reaches only the code routes; the email is unique in any case (409).
 */
import { limitSignUps } from '../../accounts/limits';
import { mailSignInCode, requireCaptcha, sessionAnswer } from '../../accounts/sign-in';
import { createUser } from '../../data/users';
import { api, Reply } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { hashPassword } from '../../security/passwords';

export const handler = api(route.register, async function register({ body, sourceIp }) {
  await limitSignUps(sourceIp);
  await requireCaptcha(body.recaptchaToken, sourceIp);
  const user = await createUser({ name: body.name, email: body.email, passwordHash: await hashPassword(body.password) });
  await mailSignInCode(user);
  return new Reply(201, await sessionAnswer(user, 'otp', 'Account created. Enter the code we sent to your email.'));
});
