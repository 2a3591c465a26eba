/** Chooses the captcha of the sign-up and sign-in forms by CAPTCHA_PROVIDER (altcha by default, recaptcha, none). */
import { createAltchaCaptcha, deriveAltchaHmacKey } from '../captcha/altcha-captcha';
import type { Captcha } from '../captcha/captcha';
import { createNoCaptcha } from '../captcha/no-captcha';
import { createRecaptchaCaptcha } from '../captcha/recaptcha-captcha';
import { provider } from './cache';

/** The configured captcha. */
export function getCaptcha(): Captcha {
  return provider('captcha', (c) => {
    switch (c.CAPTCHA_PROVIDER) {
      case 'altcha':
        return createAltchaCaptcha({
          hmacKey: c.CAPTCHA_HMAC_KEY ?? deriveAltchaHmacKey(c.JWT_SECRET),
          maxNumber: c.ALTCHA_MAX_NUMBER,
        });
      case 'recaptcha':
        return createRecaptchaCaptcha({
          siteKey: c.RECAPTCHA_SITE_KEY,
          secretKey: c.RECAPTCHA_SECRET_KEY,
          hostnames: c.RECAPTCHA_HOSTNAMES ?? [new URL(c.APP_URL).hostname],
          minScore: c.RECAPTCHA_MIN_SCORE,
        });
      case 'none':
        return createNoCaptcha();
    }
  });
}
