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
export const verifyOtpSchema = /* @__PURE__ */ schema(() => z.object({ email: email(), otp: otpCode() }));
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
  z
    .object({ ...profileFields(), confirmPassword: z.optional(z.string()) })
    .check(
      currentPasswordGiven(),
      z.refine((v) => (v.password ?? '') === (v.confirmPassword ?? ''), { message: "Passwords don't match", path: ['confirmPassword'] }),
    ),
);
