/** A random key for `Idempotency-Key` (1-100 of A-Za-z0-9_-, docs/api.md): one per action the person means. */
export function newIdempotencyKey(): string {
  // randomUUID needs a secure context (https or localhost); the local front may be opened by IP.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
