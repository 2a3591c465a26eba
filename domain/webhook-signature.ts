/**
 * The signature of a webhook delivery, in one place: the sender signs with it and the documentation
 * (docs/webhooks.md, /docs/api) quotes `verifyWebhookSignature` as the receiver's check, which the
 * integration tests run against real deliveries, so the published snippet is the code that is tested.
 *
 *   PrepaidShip-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" under the endpoint's secret>
 *
 * The timestamp is signed with the body so a captured delivery cannot be replayed later than the
 * receiver's tolerance; the comparison is constant-time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'PrepaidShip-Signature';

/** The hex HMAC-SHA256 of `<t>.<body>` under `secret`. */
export const signatureOf = (secret: string, t: number, body: string): string => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

/** The header value for `body` sent at `t` (unix seconds). */
export const signatureHeader = (secret: string, t: number, body: string): string => `t=${t},v1=${signatureOf(secret, t, body)}`;

/**
 * The receiver's check: true when `header` signs exactly `body` (the raw request text) under
 * `secret` and its time is within `toleranceSeconds` of `nowSeconds`.
 */
export function verifyWebhookSignature(
  header: string,
  body: string,
  secret: string,
  toleranceSeconds = 300,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds || !/^[0-9a-f]{64}$/.test(v1)) return false;
  return timingSafeEqual(Buffer.from(v1, 'hex'), Buffer.from(signatureOf(secret, t, body), 'hex'));
}
