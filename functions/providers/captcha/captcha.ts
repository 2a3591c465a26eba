/**
 * The captcha of the sign-up and sign-in forms behind one interface (CAPTCHA_PROVIDER):
 * altcha (self-hosted proof of work, the default), Google reCAPTCHA, or `none` for tests.
 * GET /auth/captcha-challenge answers challenge(); the forms send back a token that verify() checks.
 * getCaptcha() in providers/registry/captcha.ts chooses.
 */

import type { CaptchaChallenge } from '../../../domain/api/auth';

/** What the SPA needs to show the captcha: the contract's answer of GET /auth/captcha-challenge. */
export type { CaptchaChallenge };

export interface Captcha {
  challenge(): Promise<CaptchaChallenge>;
  /**
   * True when the token proves a solved captcha (each token counts once); false for a wrong,
   * expired, reused or malformed token. Rejects only when verification itself could not happen.
   */
  verify(token: string, remoteIp?: string): Promise<boolean>;
}
