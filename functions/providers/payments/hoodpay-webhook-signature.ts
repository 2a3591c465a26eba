/**
 * The signature of Hoodpay's webhook notifications, checked when HOODPAY_WEBHOOK_SECRET is set.
 *
 * Hoodpay publishes no description of its scheme that we could find (docs.hoodpay.io, its SDKs and
 * its support articles were searched; docs/decisions/0027-hoodpay-notifications-are-hints.md). What the public integrations
 * show: the dashboard's signing secret looks like `whsec_` + 32 base64 characters, and notifications
 * carry the `svix-id`, `svix-timestamp` and `svix-signature` headers: Hoodpay sends through Svix.
 * So this checks Svix's published scheme (the Standard Webhooks one, whose `webhook-*` header names
 * are accepted too):
 *
 *   key        base64-decoded secret after `whsec_`
 *   signed     `${id}.${timestamp}.${rawBody}`
 *   signature  base64(HMAC-SHA256(key, signed)); the header lists `v1,<signature>` entries, space-separated
 *
 * The timestamp must be within 5 minutes either way, so a captured notification cannot be replayed
 * later. The signature is a second gate, not the truth: the webhook still reads the payment back
 * from Hoodpay's API and trusts only that answer.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a notification's timestamp may be from our clock, either way, in seconds (Svix's own tolerance). */
export const HOODPAY_SIGNATURE_TOLERANCE_SECONDS = 300;

const SECRET_PREFIX = 'whsec_';

/** The request headers a notification is checked with, by lower-case name (as the handler factory gives them). */
export type NotificationHeaders = Readonly<Record<string, string | undefined>>;

/** The HMAC key of a signing secret: Svix's secrets are base64 after `whsec_`. */
export function hoodpaySigningKey(secret: string): Buffer {
  const body = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  return Buffer.from(body, 'base64');
}

/** The `v1,...` signature header value for `rawBody` (tests, and the local checkout if it ever signs). */
export function signHoodpayNotification(secret: string, id: string, timestampSeconds: number, rawBody: string): string {
  const digest = createHmac('sha256', hoodpaySigningKey(secret)).update(`${id}.${timestampSeconds}.${rawBody}`).digest('base64');
  return `v1,${digest}`;
}

const header = (headers: NotificationHeaders, name: string): string | undefined => headers[`svix-${name}`] ?? headers[`webhook-${name}`];

/**
 * True when `headers` carry a signature of exactly `rawBody` by `secret`, dated within 5 minutes of
 * `nowMs` either way. False for missing or malformed headers, another secret, a changed body, a
 * stale or future timestamp: never throws. `rawBody` must be the body as received.
 */
export function hoodpayNotificationSignedWith(secret: string, rawBody: string, headers: NotificationHeaders, nowMs = Date.now()): boolean {
  const id = header(headers, 'id');
  const timestamp = header(headers, 'timestamp');
  const signatures = header(headers, 'signature');
  if (!id || !timestamp || !signatures || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(Math.floor(nowMs / 1000) - Number(timestamp)) > HOODPAY_SIGNATURE_TOLERANCE_SECONDS) return false;

  const expected = Buffer.from(signHoodpayNotification(secret, id, Number(timestamp), rawBody).slice('v1,'.length), 'base64');
  return signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
