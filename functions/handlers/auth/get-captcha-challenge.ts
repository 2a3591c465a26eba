/** GET /auth/captcha-challenge: what the sign-up and sign-in forms must solve, per CAPTCHA_PROVIDER. */
import { api } from '../../http/handler';
import { authGetCaptchaChallengeRoute } from '../../../domain/api/routes';
import { getCaptcha } from '../../providers/registry/captcha';

export const handler = api(authGetCaptchaChallengeRoute, async function getCaptchaChallenge() {
  return getCaptcha().challenge();
});
