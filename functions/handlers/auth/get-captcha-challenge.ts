/** GET /auth/captcha-challenge: what the sign-up and sign-in forms must solve, per CAPTCHA_PROVIDER. */
import { api } from '../../http/handler';
import * as route from '../../../domain/api/route-table';
import { getCaptcha } from '../../providers/registry/captcha';

export const handler = api(route.getCaptchaChallenge, async function getCaptchaChallenge() {
  return getCaptcha().challenge();
});
