/** POST /auth/resend-otp: mails a new sign-in code to the signed-in account, at most one per 30 s and a few an hour (429). */
import { mailAnotherCode } from '../../accounts/code-routes';
import { api } from '../../http/handler';
import { authResendOtpRoute } from '../../../domain/api/routes';

export const handler = api(authResendOtpRoute, async function resendOtp({ auth, body, sourceIp }) {
  return mailAnotherCode(auth, body.email, sourceIp);
});
