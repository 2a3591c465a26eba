/** GET /auth/captcha-challenge: the captcha the sign-up and sign-in forms must solve (issue 3). */
import { notYetImplemented } from '../../http/handler';

export const handler = notYetImplemented('GET /auth/captcha-challenge');
