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

/**
 * A provider's dollar amount (a JSON number like 0.29 or a decimal string like "7.47") as integer
 * cents, rounded to the nearest cent (half up) on the decimal text, never by multiplying floats:
 * 0.30000000000000004 and "7.3500000001" are 30 and 735 cents, not amounts we cannot read.
 * Undefined when it is not a non-negative decimal amount (signs, exponents, words are refused).
 */
export function decimalDollarsToCents(amount: unknown): number | undefined {
  let text: string;
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount) || amount < 0) return undefined;
    text = String(amount); // shortest round-trip form: 0.29 -> "0.29"; 1e21 -> "1e+21" (refused below)
  } else if (typeof amount === 'string') {
    text = amount.trim();
  } else {
    return undefined;
  }
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return undefined;
  const [, whole = '', fraction = ''] = m;
  const cents = dollarsToCents(fraction ? `${whole}.${fraction.slice(0, 2)}` : whole);
  if (cents === null || cents < 0) return undefined;
  // The first dropped digit decides the rounding; digits after it cannot change a half-up result.
  return Number(fraction[2] ?? '0') >= 5 ? cents + 1 : cents;
}

/** 1234 -> "12.34" (the API's dollar form). */
export function centsToDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 1234 -> "$12.34" (what a person reads). */
export const formatUsd = (cents: number): string => (cents < 0 ? `-$${centsToDollars(-cents)}` : `$${centsToDollars(cents)}`);
