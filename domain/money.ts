/**
 * Money is integer cents everywhere inside the system; dollars appear only at the edges (forms,
 * API answers, labels). These helpers are the only place the two meet.
 */

/** True when `cents` is a safe, non-negative-or-negative integer count of cents. */
export const isCents = (cents: number): boolean => Number.isSafeInteger(cents);

/**
 * Converts a dollar amount typed by a person (at most two decimals) to cents, or returns null
 * when it is not a finite amount with at most two decimals. Works on the decimal text, not on
 * floating point multiplication, so 0.29 is 29 cents and not 28.999....
 */
export function dollarsToCents(amount: number | string): number | null {
  const text = typeof amount === 'number' ? (Number.isFinite(amount) ? String(amount) : '') : amount.trim();
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return m[1] === '-' ? -cents : cents;
}

/** 1234 -> "12.34" (the API's dollar form). */
export function centsToDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 1234 -> "$12.34" (what a person reads). */
export const formatUsd = (cents: number): string => (cents < 0 ? `-$${centsToDollars(-cents)}` : `$${centsToDollars(cents)}`);
