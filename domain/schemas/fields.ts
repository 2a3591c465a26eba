/**
 * Field builders shared by the body schemas, so each of the spec's messages is written once.
 * Every string has an upper bound: a body can never make the server hash or store megabytes.
 */
import * as z from './zod';
import { SIGNUP_PASSWORD_MIN, TOPUP_MAX_CENTS, TOPUP_MIN_CENTS } from '../constants';
import { dollarsToCents } from '../money';
import { usPhoneDigits } from '../phone';

/**
 * Characters no name, address or message needs and that make stored text lie or break: control
 * characters other than tab and line breaks, the bidirectional overrides that reorder what a
 * reader sees (U+202A-202E, U+2066-2069), and halves of a surrogate pair without their other half.
 */
const UNSAFE_TEXT =
  // eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isSafeText = (text: string): boolean => !UNSAFE_TEXT.test(text);
export const UNSAFE_TEXT_MESSAGE = 'Contains characters that are not allowed';

/**
 * What makes a one-line field (a name, an address line) carry more than it should: a line break,
 * which splits a mail's or a label's line into lines of the typist's choosing, or a link, which a
 * mail client shows as clickable. A link is a scheme with `//` (http://, https://, ftp://...),
 * `www.`, or a host ending in a common top-level domain (`example.com`, `evil.ru/x`); a dotted
 * initial ("J. R. Smith", "St. Louis") is none of these.
 */
const LINE_BREAK = /[\r\n\u2028\u2029\u0085]/;
// Each alternative looks at a fixed-length window (a scheme's last character and `://`, `www.`, a
// label's last character and `.tld`), so the test is linear in the text: a long text cannot stall it.
const LINK =
  /[a-z0-9+.-]:\/\/|\bwww\.|[a-z0-9-]\.(?:com|net|org|info|biz|io|co|me|ly|gl|app|dev|xyz|top|site|online|link|click|shop|store|live|club|ru|cn|tk|ml|ga|cf|gq|us|uk|de|fr|nl|eu)\b/i;

export const isOneLine = (text: string): boolean => !LINE_BREAK.test(text);
export const hasNoLink = (text: string): boolean => !LINK.test(text);
export const LINE_BREAK_MESSAGE = 'Must be on one line';
export const LINK_MESSAGE = 'Links are not allowed here';

/** What any text field checks once trimmed: its length and its characters. */
const textChecks = (max: number) => [z.maxLength(max, `Must be at most ${max} characters`), z.refine<string>(isSafeText, UNSAFE_TEXT_MESSAGE)];
/** What a one-line field checks besides: no line break, no link. */
const oneLineChecks = () => [z.refine<string>(isOneLine, LINE_BREAK_MESSAGE), z.refine<string>(hasNoLink, LINK_MESSAGE)];

/** A trimmed, non-empty string; `message` is shown both when missing and when blank. */
export const requiredText = (message = 'Required', max = 200) => z.string({ error: message }).check(z.trim(), z.minLength(1, message), ...textChecks(max));

/**
 * A one-line field (a name, an address line): requiredText that also refuses line breaks and links,
 * so what a person types there can never become extra lines or a link in a mail or on a label.
 */
export const oneLineText = (message = 'Required', max = 200) => requiredText(message, max).check(...oneLineChecks());

/**
 * An optional one-line field (an address's second line, a company): oneLineText's rules for what is
 * there, and blank the same as left out, since a form sends its empty inputs as ''.
 */
export const optionalOneLineText = (max = 200) =>
  z.optional(
    z.pipe(
      z.string({ error: 'Must be text' }).check(z.trim(), ...textChecks(max), ...oneLineChecks()),
      z.transform((text) => text || undefined),
    ),
  );

export const PHONE_MESSAGE = 'Phone must be a 10-digit US number';

/**
 * An optional US phone number as people write it (domain/phone.ts), kept as its ten digits; blank
 * is the same as left out. No number is longer than 30 characters however it is punctuated.
 */
export const optionalUsPhone = () =>
  z.optional(
    z.pipe(
      z.string({ error: PHONE_MESSAGE }).check(
        z.trim(),
        z.maxLength(30, PHONE_MESSAGE),
        z.refine((text) => text === '' || usPhoneDigits(text) !== null, PHONE_MESSAGE),
      ),
      z.transform((text) => usPhoneDigits(text) ?? undefined),
    ),
  );

export const email = () =>
  z.pipe(z.string({ error: 'Invalid email format' }).check(z.trim(), z.maxLength(254, 'Invalid email format')), z.email({ error: 'Invalid email format' }));

/** The sign-up password rules, one entry per line of the live checklist. */
export const PASSWORD_RULES = [
  {
    id: 'length',
    label: `At least ${SIGNUP_PASSWORD_MIN} characters`,
    message: `Password must be at least ${SIGNUP_PASSWORD_MIN} characters`,
    test: (p: string) => p.length >= SIGNUP_PASSWORD_MIN,
  },
  { id: 'upper', label: 'One uppercase letter', message: 'Must contain at least one uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'lower', label: 'One lowercase letter', message: 'Must contain at least one lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { id: 'number', label: 'One number', message: 'Must contain at least one number', test: (p: string) => /\d/.test(p) },
  { id: 'special', label: 'One special character', message: 'Must contain at least one special character', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
] as const;

/** A new password (sign-up, reset, profile change): every rule of PASSWORD_RULES. */
export const newPassword = () =>
  z
    .string({ error: PASSWORD_RULES[0].message })
    .check(z.maxLength(128, 'Password must be at most 128 characters'), ...PASSWORD_RULES.map((rule) => z.refine<string>(rule.test, rule.message)));

export const captchaToken = () =>
  z.string({ error: "Please verify you're not a robot" }).check(z.minLength(1, "Please verify you're not a robot"), z.maxLength(4096));

/** A positive number of pounds or inches; the form sends numbers, NaN from an empty input fails too. */
export const positiveNumber = (message: string, max: number) =>
  z.number({ error: message }).check(
    z.refine((n) => Number.isFinite(n) && n > 0, message),
    z.refine((n) => n <= max, `Must be at most ${max}`),
  );

export const TOPUP_MESSAGE = 'Please enter a valid amount.';

/** A top-up amount in dollars: positive, at most two decimals, $1 to $10,000. */
export const topupAmount = () =>
  z.union([z.number(), z.string()], { error: TOPUP_MESSAGE }).check(
    z.refine((v) => {
      const cents = dollarsToCents(v);
      return cents !== null && cents >= TOPUP_MIN_CENTS && cents <= TOPUP_MAX_CENTS;
    }, TOPUP_MESSAGE),
  );
