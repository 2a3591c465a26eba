/**
 * US phone numbers as people write them ("(512) 555-0100", "+1 512.555.0100") and as they are kept:
 * the ten digits alone, so one number is one value whatever its punctuation, and the carrier gets
 * what it reads. Apart from the schemas, so a page that only shows a number bundles no zod.
 */

/** What people put between the digits. */
const SEPARATORS = /[\s().-]/g;

/**
 * The ten digits of a US number written with spaces, dashes, dots and parentheses, and optionally
 * the country code in front (`+1` or `1`); null when the text is no such number.
 */
export function usPhoneDigits(text: string): string | null {
  const digits = text.replace(SEPARATORS, '').replace(/^\+?1(?=\d{10}$)/, '');
  return /^\d{10}$/.test(digits) ? digits : null;
}

/** Ten digits as people read them ("5125550100" -> "512-555-0100"); anything else as it is. */
export const formatUsPhone = (digits: string): string => (/^\d{10}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` : digits);
