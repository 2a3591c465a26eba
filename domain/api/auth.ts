/** Answers of the sign-in and account routes (docs/api.md, Accounts). */
import * as z from 'zod';
import { apiUserSchema } from './users';

/** register, login and verify-otp: a session token (sign-in scope until the code is entered). */
export const sessionAnswerSchema = z
  .object({
    message: z.string(),
    token: z.string().meta({
      description: 'Bearer token. After register and login it reaches only the code routes (send-otp, resend-otp, verify-otp); verify-otp answers a full one.',
    }),
    user: apiUserSchema,
  })
  .meta({ id: 'SessionAnswer' });
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

/** Routes that only say what happened (send-otp, forgot-password, reset-password, delete address). */
export const messageAnswerSchema = z.object({ message: z.string() }).meta({ id: 'MessageAnswer' });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;

/** GET /auth/captcha-challenge: which captcha to show, and its challenge or site key. */
export const captchaChallengeSchema = z
  .discriminatedUnion('provider', [
    z.object({
      provider: z.literal('altcha'),
      // altcha-lib's challenge, handed to the widget as it is.
      challenge: z
        .custom<object>((v) => typeof v === 'object' && v !== null)
        .meta({ override: { type: 'object' }, description: "altcha's challenge, for the altcha widget." }),
    }),
    z.object({ provider: z.literal('recaptcha'), siteKey: z.string() }),
    z.object({ provider: z.literal('none') }),
  ])
  .meta({ id: 'CaptchaChallenge' });
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

/** GET /auth/get-profile-picture: an image URL (today a data: URL of the initials). */
export const profilePictureSchema = z
  .object({ success: z.boolean(), picture: z.string().meta({ description: 'An image URL (a data: URL of the initials).' }), message: z.string().optional() })
  .meta({ id: 'ProfilePicture' });
export type ProfilePicture = z.infer<typeof profilePictureSchema>;
