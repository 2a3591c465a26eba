/**
 * The captcha of the sign-up and sign-in forms behind one interface (CAPTCHA_PROVIDER):
 * altcha (self-hosted proof of work, the default), Google reCAPTCHA, or `none` for tests.
 * GET /auth/captcha-challenge answers challenge(); the forms send back a token that verify() checks.
 */
import { config } from '../../config';
import { createAltchaCaptcha, deriveAltchaHmacKey } from './altcha-captcha';
import { createNoCaptcha } from './no-captcha';
import { createRecaptchaCaptcha } from './recaptcha-captcha';

/** What the SPA needs to show the captcha. */
export type CaptchaChallenge =
  | { provider: 'altcha'; challenge: unknown }
  | { provider: 'recaptcha'; siteKey: string }
  | { provider: 'none' };

export interface Captcha {
  challenge(): Promise<CaptchaChallenge>;
  /**
   * True when the token proves a solved captcha (each token counts once); false for a wrong,
   * expired, reused or malformed token. Rejects only when verification itself could not happen.
   */
  verify(token: string, remoteIp?: string): Promise<boolean>;
}

let captcha: Captcha | undefined;

/** The configured captcha, made on first use and kept for the life of the process. */
export function getCaptcha(): Captcha {
  captcha ??= createCaptcha();
  return captcha;
}

/** Forgets the captcha (tests that change CAPTCHA_PROVIDER; call resetConfigForTests too). */
export function resetCaptchaForTests(): void {
  captcha = undefined;
}

function createCaptcha(): Captcha {
  const c = config();
  switch (c.CAPTCHA_PROVIDER) {
    case 'altcha':
      return createAltchaCaptcha({
        hmacKey: c.CAPTCHA_HMAC_KEY ?? deriveAltchaHmacKey(c.JWT_SECRET),
        maxNumber: c.ALTCHA_MAX_NUMBER,
      });
    case 'recaptcha':
      return createRecaptchaCaptcha({ siteKey: c.RECAPTCHA_SITE_KEY, secretKey: c.RECAPTCHA_SECRET_KEY });
    case 'none':
      return createNoCaptcha();
  }
}
