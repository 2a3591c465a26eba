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
    factors: z
      .array(z.enum(['totp', 'passkey', 'recovery', 'email']))
      .optional()
      .meta({
        description:
          'login only, with the sign-in token: the second steps this account may take (`email` is always there: send-otp mails a code). An account with `totp` or `passkey` is not mailed a code unless it asks.',
      }),
    deviceToken: z.string().optional().meta({
      description:
        'When the second step asked to remember this device: a token for 30 days that the browser keeps and sends as `deviceToken` with POST /auth/login, which then answers the full token without a second step.',
    }),
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

/** GET /auth/security: the account's second factors and remembered devices. */
export const securityAnswerSchema = z
  .object({
    totp: z.boolean().meta({ description: 'An authenticator app is set up (and confirmed).' }),
    passkeys: z.array(z.object({ id: z.string(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().optional() })),
    recoveryCodesLeft: z.number().int(),
    devices: z.array(z.object({ id: z.string(), label: z.string(), createdAt: z.string(), expiresAt: z.string() })),
  })
  .meta({ id: 'SecuritySettings' });
export type SecurityAnswer = z.infer<typeof securityAnswerSchema>;

/** POST /auth/totp/start: the new secret, for the app (as a QR code of the URI, or typed). */
export const totpStartAnswerSchema = z
  .object({
    secret: z.string().meta({ description: 'Base32 secret, for typing into the app by hand.' }),
    uri: z.string().meta({ description: 'The otpauth:// URI (Key URI Format), shown as a QR code.' }),
  })
  .meta({ id: 'TotpStart' });
export type TotpStartAnswer = z.infer<typeof totpStartAnswerSchema>;

/** POST /auth/totp/confirm and POST /auth/passkeys: done, and the first recovery codes when the account had none. */
export const factorAddedAnswerSchema = z
  .object({
    message: z.string(),
    recoveryCodes: z.array(z.string()).optional().meta({ description: 'Ten one-time recovery codes, shown this once, when the account had none left.' }),
  })
  .meta({ id: 'FactorAdded' });
export type FactorAddedAnswer = z.infer<typeof factorAddedAnswerSchema>;

/** POST /auth/recovery-codes: ten new codes (the old ones stop working), shown this once. */
export const recoveryCodesAnswerSchema = z.object({ message: z.string(), codes: z.array(z.string()) }).meta({ id: 'RecoveryCodes' });
export type RecoveryCodesAnswer = z.infer<typeof recoveryCodesAnswerSchema>;

/** WebAuthn options for navigator.credentials.create/get, as @simplewebauthn/browser takes them. */
export const passkeyOptionsSchema = z
  .custom<Record<string, unknown>>((v) => typeof v === 'object' && v !== null)
  .meta({
    id: 'PasskeyOptions',
    override: { type: 'object' },
    description: 'PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON (WebAuthn Level 3).',
  });
