/**
 * Tracking notices without a table: which notices a status calls for, the words of each
 * mail and its unsubscribe headers, and the signed unsubscribe token (a forged, altered or foreign
 * token is nobody's).
 */
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../domain/api/orders';
import { resetConfigForTests } from '../../../functions/config';
import { noticeMail } from '../../../functions/notifications/notice-mails';
import { noticeKindsFor } from '../../../functions/notifications/notices';
import { signUnsubscribeToken, verifyUnsubscribeToken } from '../../../functions/notifications/unsubscribe-tokens';
import { signSessionToken } from '../../../functions/http/tokens';

afterEach(() => {
  vi.unstubAllEnvs();
  resetConfigForTests();
});

const order: Order = {
  id: '01JBQ7Y3K5N6P8R9S0T1V2W3X4',
  userId: 'u1',
  labelType: 'usps_priority',
  weightLb: 2,
  lengthIn: 10,
  widthIn: 6,
  heightIn: 4,
  shipDate: '2026-11-02',
  from: { name: 'Ann Sender', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
  to: { name: 'Bo Receiver', street: '2 Elm St', city: 'New York', state: 'NY', zip: '10001', country: 'US' },
  toEmail: 'bo@example.com',
  priceCents: 600,
  paymentMethod: 'credits',
  status: 'created',
  tracking: '9400100000000000000001',
  carrierRef: null,
  service: null,
  labelKey: null,
  failureReason: null,
  trackingStatus: 'delivered',
  lastEvent: { status: 'delivered', time: '2026-11-05T14:32:00-05:00', message: 'Delivered, In/At Mailbox', city: 'NEW YORK', state: 'NY' },
  createdAt: '2026-11-02T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
};
const links = { origin: 'https://ship.example.com', unsubscribeToken: 'tok.en-1' };

describe('noticeKindsFor', () => {
  it.each([
    ['pre_transit', 'bo@example.com', []],
    ['in_transit', 'bo@example.com', ['recipient_on_its_way']],
    ['out_for_delivery', 'bo@example.com', ['recipient_on_its_way']],
    ['available_for_pickup', 'bo@example.com', ['recipient_on_its_way']],
    ['in_transit', null, []],
    ['delivered', 'bo@example.com', ['shipper_delivered', 'recipient_delivered']],
    ['delivered', null, ['shipper_delivered']],
    ['failure', 'bo@example.com', ['shipper_exception']],
    ['return_to_sender', null, ['shipper_exception']],
  ] as const)('%s with recipient email %s -> %j', (status, toEmail, kinds) => {
    expect(noticeKindsFor({ tracking: 'T1', trackingStatus: status, toEmail })).toEqual(kinds);
  });

  it('calls for nothing before the first event or without a label', () => {
    expect(noticeKindsFor({ tracking: 'T1', toEmail: 'bo@example.com' })).toEqual([]);
    expect(noticeKindsFor({ tracking: null, trackingStatus: 'delivered', toEmail: 'bo@example.com' })).toEqual([]);
  });
});

describe('noticeMail', () => {
  it("writes the shipper's delivered mail: tracking number in the subject, our Track Package link, the unsubscribe page, RFC 8058 headers", () => {
    const m = noticeMail('shipper_delivered', order, 'ann@example.com', links);
    expect(m.to).toBe('ann@example.com');
    expect(m.subject).toBe('Delivered: 9400100000000000000001');
    expect(m.text).toContain('Your package to Bo Receiver, New York NY was delivered.');
    expect(m.text).toContain('Latest event: Delivered, In/At Mailbox, NEW YORK NY (2026-11-05T14:32:00-05:00)');
    expect(m.text).toContain('Track it: https://ship.example.com/user-dashboard/tracking?number=9400100000000000000001');
    expect(m.text).toContain('Unsubscribe: https://ship.example.com/unsubscribe?token=tok.en-1');
    expect(m.headers).toEqual({
      'List-Unsubscribe': '<https://ship.example.com/notifications/unsubscribe?token=tok.en-1>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it("links the recipient's mails to USPS's public tracking page, never to our signed-in pages", () => {
    for (const kind of ['recipient_on_its_way', 'recipient_delivered'] as const) {
      const m = noticeMail(kind, order, 'bo@example.com', links);
      expect(m.subject).toContain('9400100000000000000001');
      expect(m.text).toContain('Track it: https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000001');
      expect(m.text).not.toContain('/user-dashboard/');
      expect(m.text).toContain('Ann Sender');
    }
  });

  it('names the exception, and the day an unused label is refunded automatically (28 days after its purchase)', () => {
    expect(noticeMail('shipper_exception', { ...order, trackingStatus: 'return_to_sender' }, 'a@example.com', links).text).toContain(
      'has a delivery problem: being returned to the sender.',
    );
    const unused = noticeMail('shipper_unused', { ...order, trackingStatus: undefined, lastEvent: undefined }, 'a@example.com', links);
    expect(unused.subject).toBe('Unused label 9400100000000000000001: refunded automatically on November 30, 2026');
    expect(unused.text).toContain('ship date 2026-11-02');
    expect(unused.text).toContain('USPS takes refunds until December 2, 2026');
  });
});

describe('unsubscribe tokens', () => {
  it('name a user and a setting, or a recipient address (lower case), and verify back', async () => {
    expect(await verifyUnsubscribeToken(await signUnsubscribeToken({ userId: 'u1', kind: 'unused' }))).toEqual({ userId: 'u1', kind: 'unused' });
    expect(await verifyUnsubscribeToken(await signUnsubscribeToken({ recipient: ' Bo@Example.com' }))).toEqual({ recipient: 'bo@example.com' });
  });

  it('refuse an altered payload, another key, a session token and an unknown setting', async () => {
    const token = await signUnsubscribeToken({ userId: 'u1', kind: 'delivered' });
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
    const altered = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: 'u2' })).toString('base64url')}.${s}`;
    expect(await verifyUnsubscribeToken(altered)).toBeUndefined();

    const foreignKey = await new SignJWT({ kind: 'delivered' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuer('prepaidship')
      .setAudience('prepaidship-unsubscribe')
      .sign(new TextEncoder().encode('another-secret-another-secret-0123456789'));
    expect(await verifyUnsubscribeToken(foreignKey)).toBeUndefined();

    expect(await verifyUnsubscribeToken(await signSessionToken({ userId: 'u1', role: 'user', scope: 'full', sessionId: 's1' }))).toBeUndefined();
    expect(await verifyUnsubscribeToken('')).toBeUndefined();

    vi.stubEnv('JWT_SECRET', 'a-rotated-secret-a-rotated-secret-012345');
    resetConfigForTests();
    expect(await verifyUnsubscribeToken(token)).toBeUndefined();
  });
});
