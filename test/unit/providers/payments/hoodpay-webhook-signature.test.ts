/**
 * The Hoodpay notification signature (Svix's scheme, functions/providers/payments/hoodpay-webhook-signature.ts):
 * Svix's own published example first, so the scheme is proven on someone else's numbers, then the
 * refusals: another secret, a changed body, a stale or future timestamp, missing or malformed headers.
 */
import { describe, expect, it } from 'vitest';
import {
  HOODPAY_SIGNATURE_TOLERANCE_SECONDS,
  hoodpayNotificationSignedWith,
  signHoodpayNotification,
} from '../../../../functions/providers/payments/hoodpay-webhook-signature';
import svixExample from '../../../fixtures/hoodpay/svix-signed-example.json';
import notification from '../../../fixtures/hoodpay/webhook-payment-completed.json';

const SECRET = 'whsec_cHJlcGFpZHNoaXAtaG9vZHBheS10ZXN0LWtleQ==';
const NOW = 1_790_000_000_000;
const NOW_S = NOW / 1000;
const body = JSON.stringify(notification);

/** Svix-style headers for `rawBody`, signed `offsetSeconds` from NOW with `secret`. */
function signed(rawBody = body, offsetSeconds = 0, secret = SECRET, prefix: 'svix' | 'webhook' = 'svix') {
  const timestamp = NOW_S + offsetSeconds;
  return {
    [`${prefix}-id`]: 'msg_2mWb3sZsQeDWk0f3Z2UqL9hJtKc',
    [`${prefix}-timestamp`]: String(timestamp),
    [`${prefix}-signature`]: signHoodpayNotification(secret, 'msg_2mWb3sZsQeDWk0f3Z2UqL9hJtKc', timestamp, rawBody),
  };
}

describe("Hoodpay's notification signature", () => {
  it("matches Svix's published example (secret, id, timestamp, payload -> v1 signature)", () => {
    const { secret, headers, payload } = svixExample;
    expect(signHoodpayNotification(secret, headers['svix-id'], Number(headers['svix-timestamp']), payload)).toBe(headers['svix-signature']);
    expect(hoodpayNotificationSignedWith(secret, payload, headers, Number(headers['svix-timestamp']) * 1000)).toBe(true);
  });

  it('accepts a notification signed now, 4 minutes ago or 4 minutes ahead', () => {
    for (const offset of [0, -240, 240, -HOODPAY_SIGNATURE_TOLERANCE_SECONDS, HOODPAY_SIGNATURE_TOLERANCE_SECONDS]) {
      expect(hoodpayNotificationSignedWith(SECRET, body, signed(body, offset), NOW), `offset ${offset}`).toBe(true);
    }
  });

  it('accepts the Standard Webhooks header names (webhook-id, webhook-timestamp, webhook-signature) too', () => {
    expect(hoodpayNotificationSignedWith(SECRET, body, signed(body, 0, SECRET, 'webhook'), NOW)).toBe(true);
  });

  it('accepts a header listing several signatures when one is ours (a secret being rotated)', () => {
    const headers = signed();
    headers['svix-signature'] = `v1,bm90LW91cnM= ${headers['svix-signature']}`;
    expect(hoodpayNotificationSignedWith(SECRET, body, headers, NOW)).toBe(true);
  });

  it('refuses a signature made with another secret', () => {
    expect(hoodpayNotificationSignedWith(SECRET, body, signed(body, 0, 'whsec_b3RoZXItc2VjcmV0LW5vdC1vdXJzLTEyMzQ1Ng=='), NOW)).toBe(false);
  });

  it('refuses a body changed after signing, by one character', () => {
    const headers = signed();
    expect(hoodpayNotificationSignedWith(SECRET, body.replace('12.3', '1230'), headers, NOW)).toBe(false);
    expect(hoodpayNotificationSignedWith(SECRET, `${body} `, headers, NOW)).toBe(false);
  });

  it('refuses a notification signed 6 minutes ago (a replay) or 6 minutes ahead', () => {
    expect(hoodpayNotificationSignedWith(SECRET, body, signed(body, -360), NOW)).toBe(false);
    expect(hoodpayNotificationSignedWith(SECRET, body, signed(body, 360), NOW)).toBe(false);
    expect(hoodpayNotificationSignedWith(SECRET, body, signed(body, HOODPAY_SIGNATURE_TOLERANCE_SECONDS + 1), NOW)).toBe(false);
  });

  it('refuses a timestamp the signature was not made for', () => {
    const headers = signed();
    headers['svix-timestamp'] = String(NOW_S - 1);
    expect(hoodpayNotificationSignedWith(SECRET, body, headers, NOW)).toBe(false);
  });

  it('refuses missing or malformed headers without throwing', () => {
    const good = signed();
    const without = (name: string) => Object.fromEntries(Object.entries(good).filter(([key]) => key !== name));
    for (const headers of [
      {},
      without('svix-id'),
      without('svix-timestamp'),
      without('svix-signature'),
      { ...good, 'svix-timestamp': 'yesterday' },
      { ...good, 'svix-timestamp': `${NOW_S}.5` },
      { ...good, 'svix-signature': good['svix-signature']!.replace('v1,', 'v2,') },
      { ...good, 'svix-signature': good['svix-signature']!.slice(3) },
      { ...good, 'svix-signature': 'v1,' },
      { ...good, 'svix-signature': 'v1,%%%not-base64%%%' },
    ]) {
      expect(hoodpayNotificationSignedWith(SECRET, body, headers, NOW), JSON.stringify(headers)).toBe(false);
    }
  });
});
