/**
 * Small helpers every payment client shares: the sanity check of what we ask a provider to charge,
 * and the scrubbing of secrets out of text that goes into an error's `detail` (and so into logs).
 */
import type { CheckoutRequest } from './payments';

/**
 * Throws a plain Error (a bug, so a 500) when the amount is not a positive whole number of cents:
 * the provider must never be the one to find out.
 */
export function assertPayable(request: CheckoutRequest): void {
  if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
    throw new Error(`A checkout needs a positive whole number of cents, got ${String(request.amountCents)}`);
  }
}

/** Anything that looks like a Stripe key or signing secret. */
const KEY_PATTERN = /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9*]+|\bwhsec_[A-Za-z0-9*]+/g;

/** `text` with each given secret (and anything shaped like a Stripe key) replaced by `[redacted]`. */
export function redact(text: string, secrets: Array<string | undefined>): string {
  let out = text;
  for (const secret of secrets) if (secret) out = out.split(secret).join('[redacted]');
  return out.replace(KEY_PATTERN, '[redacted]');
}

/**
 * A value read from a provider's JSON answer, as text for an error's `detail`: strings as they are,
 * anything else as JSON (String() would print an object as "[object Object]").
 */
export const asText = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));

/** At most `max` characters, for error bodies we quote in logs. */
export const clip = (text: string, max = 300): string => (text.length > max ? `${text.slice(0, max)}…` : text);
