/** Request bodies of the account routes (SPEC.md sections 5 and 7) and their form variants. */
import * as z from './zod';
import { schema } from './zod';
import { LOGIN_PASSWORD_MIN, NAME_MIN, OTP_LENGTH } from '../constants';
import { captchaToken, email, hasNoLink, isOneLine, isSafeText, LINE_BREAK_MESSAGE, LINK_MESSAGE, newPassword, UNSAFE_TEXT_MESSAGE } from './fields';

const name = () =>
  z
    .string({ error: `Name must be at least ${NAME_MIN} characters` })
    .check(
      z.trim(),
      z.minLength(NAME_MIN, `Name must be at least ${NAME_MIN} characters`),
      z.maxLength(100, 'Name must be at most 100 characters'),
      z.refine(isSafeText, UNSAFE_TEXT_MESSAGE),
      z.refine(isOneLine, LINE_BREAK_MESSAGE),
      z.refine(hasNoLink, LINK_MESSAGE),
    );

/**
 * A remembered device's token (docs/decisions/0199-second-factors-and-remembered-devices.md):
 * `<device id>.<secret>`, kept by the browser and sent with the password.
 */
const deviceToken = () => z.string().check(z.maxLength(128, 'Device token is too long'));

/** "Remember this device for 30 days" on the second-factor step. */
const rememberDevice = () => z.optional(z.boolean({ error: 'rememberDevice must be true or false' }));

/** POST /auth/login. The spec gives min 5 with a "6 characters" message; we enforce 6 (docs/spec-readings.md, "§5 l.99"). */
export const loginSchema = /* @__PURE__ */ schema(() =>
  z.object({
    email: email(),
    password: z
      .string({ error: `Password must be at least ${LOGIN_PASSWORD_MIN} characters` })
      .check(
        z.minLength(LOGIN_PASSWORD_MIN, `Password must be at least ${LOGIN_PASSWORD_MIN} characters`),
        z.maxLength(128, 'Password must be at most 128 characters'),
      ),
    recaptchaToken: captchaToken(),
    deviceToken: z.optional(deviceToken()),
  }),
);
export type LoginBody = z.infer<typeof loginSchema>;

/** POST /auth/register */
export const registerSchema = /* @__PURE__ */ schema(() =>
  z.object({
    name: name(),
    email: email(),
    password: newPassword(),
    recaptchaToken: captchaToken(),
  }),
);
export type RegisterBody = z.infer<typeof registerSchema>;

/** POST /auth/send-otp, /auth/resend-otp, /auth/forgot-password */
export const emailOnlySchema = /* @__PURE__ */ schema(() => z.object({ email: email() }));
export type EmailOnlyBody = z.infer<typeof emailOnlySchema>;

/** The one-time code: letters and digits only, exactly OTP_LENGTH of them. */
export const otpCode = () =>
  z
    .string({ error: 'Invalid or expired OTP. Please try again.' })
    .check(z.trim(), z.regex(new RegExp(`^[A-Za-z0-9]{${OTP_LENGTH}}$`), `Enter the ${OTP_LENGTH}-character code`));

/** POST /auth/verify-otp */
export const verifyOtpSchema = /* @__PURE__ */ schema(() => z.object({ email: email(), otp: otpCode(), rememberDevice: rememberDevice() }));
export type VerifyOtpBody = z.infer<typeof verifyOtpSchema>;

/** POST /auth/reset-password */
export const resetPasswordSchema = /* @__PURE__ */ schema(() =>
  z.object({
    token: z.string({ error: 'Reset link is invalid' }).check(z.minLength(1, 'Reset link is invalid'), z.maxLength(512)),
    password: newPassword(),
  }),
);
export type ResetPasswordBody = z.infer<typeof resetPasswordSchema>;

/** The reset form: the body plus a confirmation that must match. */
export const resetPasswordFormSchema = /* @__PURE__ */ schema(() =>
  z
    .extend(resetPasswordSchema, { confirmPassword: z.string() })
    .check(z.refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] })),
);

export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to change it';

const profileFields = () => ({
  name: name(),
  password: z.optional(z.union([z.literal(''), newPassword()])),
  currentPassword: z.optional(z.string().check(z.maxLength(128, 'Password must be at most 128 characters'))),
});
const currentPasswordGiven = () =>
  z.refine<{ password?: string; currentPassword?: string }>((v) => !v.password || !!v.currentPassword, {
    message: CURRENT_PASSWORD_REQUIRED,
    path: ['currentPassword'],
  });

/**
 * PUT /auth/profile: a blank or missing password keeps the current one; the email is not editable.
 * A new password needs the current one beside it, so a token alone (a borrowed session, a stolen
 * token) cannot take the account over.
 */
export const updateProfileSchema = /* @__PURE__ */ schema(() => z.object(profileFields()).check(currentPasswordGiven()));
export type UpdateProfileBody = z.infer<typeof updateProfileSchema>;

/** The profile form: the body plus a confirmation that must match. */
export const updateProfileFormSchema = /* @__PURE__ */ schema(() =>
  z.object({ ...profileFields(), confirmPassword: z.optional(z.string()) }).check(
    currentPasswordGiven(),
    z.refine((v) => (v.password ?? '') === (v.confirmPassword ?? ''), { message: "Passwords don't match", path: ['confirmPassword'] }),
  ),
);

// Second factors (docs/decisions/0199-second-factors-and-remembered-devices.md)

export const TOTP_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app';

/** The 6 digits an authenticator app shows (RFC 6238 with its usual settings). */
export const totpCode = () => z.string({ error: TOTP_CODE_MESSAGE }).check(z.trim(), z.regex(/^\d{6}$/, TOTP_CODE_MESSAGE));

export const RECOVERY_CODE_MESSAGE = 'Enter one of your recovery codes (like ABCDE-23456)';

/** A recovery code as printed (`ABCDE-23456`); the dash, spaces and case do not matter. */
export const recoveryCode = () =>
  z.string({ error: RECOVERY_CODE_MESSAGE }).check(z.trim(), z.regex(/^[A-Za-z0-9]{5}[- ]?[A-Za-z0-9]{5}$/, RECOVERY_CODE_MESSAGE));

/** POST /auth/verify-totp: the sign-in step with an authenticator app's code. */
export const verifyTotpSchema = /* @__PURE__ */ schema(() => z.object({ email: email(), code: totpCode(), rememberDevice: rememberDevice() }));
export type VerifyTotpBody = z.infer<typeof verifyTotpSchema>;

/** POST /auth/verify-recovery-code: the sign-in step with one of the account's recovery codes. */
export const verifyRecoveryCodeSchema = /* @__PURE__ */ schema(() => z.object({ email: email(), code: recoveryCode(), rememberDevice: rememberDevice() }));
export type VerifyRecoveryCodeBody = z.infer<typeof verifyRecoveryCodeSchema>;

/** POST /auth/totp/confirm: the first code of a new authenticator, proving it was set up right. */
export const confirmTotpSchema = /* @__PURE__ */ schema(() => z.object({ code: totpCode() }));
export type ConfirmTotpBody = z.infer<typeof confirmTotpSchema>;

export const REMOVE_TOTP_MESSAGE = 'Enter a code from your authenticator app or your password';

/** POST /auth/totp/remove: proven again with a current code or the password. */
export const removeTotpSchema = /* @__PURE__ */ schema(() =>
  z
    .object({
      code: z.optional(z.union([z.literal(''), totpCode()])),
      password: z.optional(z.string().check(z.maxLength(128, 'Password must be at most 128 characters'))),
    })
    .check(z.refine((v) => Boolean(v.code) || Boolean(v.password), { message: REMOVE_TOTP_MESSAGE, path: ['code'] })),
);
export type RemoveTotpBody = z.infer<typeof removeTotpSchema>;

const base64url = (max: number) =>
  z.string({ error: 'Expected base64url text' }).check(z.maxLength(max), z.regex(/^[A-Za-z0-9_-]*$/, 'Expected base64url text'));

/** What every WebAuthn credential answer carries besides its `response`. */
const credentialFields = () => ({
  id: base64url(1366).check(z.minLength(1)),
  rawId: base64url(1366).check(z.minLength(1)),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
});

/** A browser's answer to a registration (navigator.credentials.create, as @simplewebauthn/browser sends it). */
export const passkeyRegistrationResponse = () =>
  z.object({
    ...credentialFields(),
    response: z.object({
      clientDataJSON: base64url(8192),
      attestationObject: base64url(16384),
      authenticatorData: z.optional(base64url(16384)),
      transports: z.optional(z.array(z.string().check(z.maxLength(32))).check(z.maxLength(10))),
      publicKeyAlgorithm: z.optional(z.number()),
      publicKey: z.optional(base64url(4096)),
    }),
  });

/** A browser's answer to a sign-in (navigator.credentials.get). */
export const passkeyAuthenticationResponse = () =>
  z.object({
    ...credentialFields(),
    response: z.object({
      clientDataJSON: base64url(8192),
      authenticatorData: base64url(16384),
      signature: base64url(2048),
      userHandle: z.optional(base64url(512)),
    }),
  });

/** POST /auth/passkeys: a new passkey, named so the owner can tell it apart in the list. */
export const addPasskeySchema = /* @__PURE__ */ schema(() =>
  z.object({
    name: z.optional(z.string().check(z.trim(), z.maxLength(60, 'Name must be at most 60 characters'), z.refine(isSafeText, UNSAFE_TEXT_MESSAGE))),
    response: passkeyRegistrationResponse(),
  }),
);
export type AddPasskeyBody = z.infer<typeof addPasskeySchema>;

/** POST /auth/passkey/verify: the sign-in step with a passkey. */
export const verifyPasskeySchema = /* @__PURE__ */ schema(() =>
  z.object({ email: email(), response: passkeyAuthenticationResponse(), rememberDevice: rememberDevice() }),
);
export type VerifyPasskeyBody = z.infer<typeof verifyPasskeySchema>;
