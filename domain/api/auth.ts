/** Answers of the sign-in and account routes (docs/api.md, Accounts). */
import type { ApiUser } from './users';

/** register, login and verify-otp: a session token (sign-in scope until the code is entered). */
export interface SessionAnswer {
  message: string;
  token: string;
  user: ApiUser;
}

/** Routes that only say what happened (send-otp, forgot-password, reset-password, delete address). */
export interface MessageAnswer {
  message: string;
}

/** GET /auth/captcha-challenge: which captcha to show, and its challenge or site key. */
export type CaptchaChallenge = { provider: 'altcha'; challenge: object } | { provider: 'recaptcha'; siteKey: string } | { provider: 'none' };

/** GET /auth/get-profile-picture: an image URL (today a data: URL of the initials). */
export interface ProfilePicture {
  success: boolean;
  picture: string;
  message?: string;
}
