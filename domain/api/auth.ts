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

/** One signed-in session of GET /auth/sessions. */
export const apiSessionSchema = z
  .object({
    id: z.string(),
    device: z.string().meta({ description: 'Browser and system, from the User-Agent at sign-in ("Chrome on Windows").' }),
    address: z.string().meta({ description: 'The client address at sign-in.' }),
    createdAt: z.string().meta({ description: 'ISO time of the sign-in.' }),
    lastUsedAt: z.string().meta({ description: 'ISO time of the last request, to within a few minutes.' }),
    current: z.boolean().meta({ description: "True for the caller's own session." }),
  })
  .meta({ id: 'Session' });
export type ApiSession = z.infer<typeof apiSessionSchema>;

/** GET /auth/sessions */
export const sessionsAnswerSchema = z.object({ sessions: z.array(apiSessionSchema) }).meta({ id: 'Sessions' });
export type SessionsAnswer = z.infer<typeof sessionsAnswerSchema>;
