/**
 * Tracking notices against DynamoDB Local: each notice goes out once however
 * often (and however concurrently) its carrier event is applied; the shipper's settings and the
 * recipient's unsubscribe are obeyed at send time; a failed mail is retried by the scheduled job and
 * sent once; the one-click unsubscribe works form-encoded and a forged token changes nothing; the
 * unused-label reminder is queued once past its watermark; and the label form's `to.email` is
 * stored as the order's `toEmail` while the old top-level `toEmail` is refused.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../../domain/api/orders';
import { autoRefundAt } from '../../../../domain/api/orders';
import type { ShipmentStatus } from '../../../../domain/api/tracking';
import { resetConfigForTests } from '../../../../functions/config';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../../../functions/data/client';
import { getNotice, getUnusedWatermark, isSuppressed } from '../../../../functions/data/notices';
import { getOrder } from '../../../../functions/data/orders';
import { listOutbox } from '../../../../functions/data/outbox';
import { getUserById } from '../../../../functions/data/users';
import { retryNotices } from '../../../../functions/notifications/notices';
import { queueTrackingNotices } from '../../../../functions/notifications/tracking-notices';
import { signUnsubscribeToken, verifyUnsubscribeToken } from '../../../../functions/notifications/unsubscribe-tokens';
import { remindUnusedLabels } from '../../../../functions/notifications/unused-reminders';
import { logger } from '../../../../functions/observability/logger';
import { sampleAddress, sampleLabelOrder } from '../../../fixtures/label-order';
import { idempotencyKey, invoke, newAccount, type Account } from '../../security/actors';
import { creditWallet } from '../../wallet-credit';
import { withoutWrites } from '../table-changes';

/** The mailer the registry chose, unless a test makes sending fail. */
const mail = vi.hoisted(() => ({ fail: false }));
vi.mock('../../../../functions/providers/registry/mail', async (importOriginal) =>
  (await import('../../failing-mail')).failingMailRegistry(await importOriginal(), mail),
);

let ann: Account;
let bo: string;
beforeEach(async () => {
  vi.stubEnv('MAIL_PROVIDER', ''); // the outbox, in the table
  vi.stubEnv('APP_URL', 'https://ship.example.com');
  resetConfigForTests();
  mail.fail = false;
  ann = await newAccount('user', 'notices');
  bo = `bo-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetConfigForTests();
});

/** Buys a label for `account` (recipient email `toEmail` when given); answers the stored order. */
async function buy(account: Account, toEmail?: string): Promise<Order> {
  await creditWallet(account, 1000);
  const to = { ...sampleAddress('Bo Receiver', '10001', '2 Elm St'), ...(toEmail ? { email: toEmail } : {}) };
  const res = await invoke('POST /shipping/create-label', {
    token: account.token,
    headers: { 'idempotency-key': idempotencyKey() },
    body: sampleLabelOrder({ to }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return (await getOrder(account.id, (res.json?.label as { shipOrderId: string }).shipOrderId))!;
}

/** What the tracking code does before it calls queueTrackingNotices: the order's status stored. */
async function advance(order: Order, status: ShipmentStatus): Promise<Order> {
  const lastEvent = {
    status,
    time: '2026-11-25T09:12:00-05:00',
    message: status === 'delivered' ? 'Delivered, In/At Mailbox' : 'In Transit',
    city: 'NEW YORK',
    state: 'NY',
  };
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: `USER#${order.userId}`, sk: `ORDER#${order.id}` },
      UpdateExpression: 'SET trackingStatus = :s, lastEvent = :e',
      ExpressionAttributeValues: { ':s': status, ':e': lastEvent },
    }),
  );
  return (await getOrder(order.userId, order.id))!;
}

const subjects = async (to: string) => (await listOutbox({ to })).map((m) => m.subject).sort();

describe('queueTrackingNotices', () => {
  it('mails the shipper and the recipient "delivered" once, however often and however concurrently it runs', async () => {
    const order = await advance(await buy(ann, bo), 'delivered');

    await Promise.all([queueTrackingNotices(order, logger), queueTrackingNotices(order, logger), queueTrackingNotices(order, logger)]);
    await queueTrackingNotices(order, logger);

    expect(await subjects(ann.email)).toEqual([`Delivered: ${order.tracking}`]);
    expect(await subjects(bo)).toEqual([`Your package was delivered: ${order.tracking}`]);
    const [shipperMail] = await listOutbox({ to: ann.email });
    const [recipientMail] = await listOutbox({ to: bo });
    // The shipper's links to our Track Package page, the recipient's to USPS's public page.
    expect(shipperMail!.text).toContain(`https://ship.example.com/user-dashboard/tracking?number=${order.tracking}`);
    expect(recipientMail!.text).toContain(`https://tools.usps.com/go/TrackConfirmAction?tLabels=${order.tracking}`);
    expect(recipientMail!.text).not.toContain('/user-dashboard/');
    expect(await getNotice(order.id, 'shipper_delivered')).toMatchObject({ outcome: 'sent', mailedAt: expect.any(String) });
  });

  it('carries RFC 8058 one-click headers and an unsubscribe page link with the same signed token', async () => {
    const order = await advance(await buy(ann, bo), 'delivered');
    await queueTrackingNotices(order, logger);

    const [m] = await listOutbox({ to: ann.email });
    expect(m!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(https:\/\/ship\.example\.com\/notifications\/unsubscribe\?token=([^>]+))>$/.exec(m!.headers?.['List-Unsubscribe'] ?? '');
    expect(oneClick).not.toBeNull();
    const token = decodeURIComponent(oneClick![2]!);
    expect(m!.text).toContain(`Unsubscribe: https://ship.example.com/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await verifyUnsubscribeToken(token)).toEqual({ userId: ann.id, kind: 'delivered' });
  });

  it('sends the recipient "on its way" on the first status past pre_transit, once, and nothing to the shipper', async () => {
    const order = await buy(ann, bo);
    await queueTrackingNotices(order, logger); // pre_transit: nothing yet
    expect(await subjects(bo)).toEqual([]);

    await queueTrackingNotices(await advance(order, 'in_transit'), logger);
    await queueTrackingNotices(await advance(order, 'out_for_delivery'), logger);

    expect(await subjects(bo)).toEqual([`Your package is on its way: ${order.tracking}`]);
    expect(await subjects(ann.email)).toEqual([]);
  });

  it('sends no recipient mail for a label without a recipient email', async () => {
    const order = await advance(await buy(ann), 'delivered');
    await queueTrackingNotices(order, logger);

    expect(await subjects(ann.email)).toEqual([`Delivered: ${order.tracking}`]);
    expect(await getNotice(order.id, 'recipient_delivered')).toBeUndefined();
  });

  it('mails the shipper an exception for failure or return to sender, once per label', async () => {
    const order = await buy(ann, bo);
    await queueTrackingNotices(await advance(order, 'failure'), logger);
    await queueTrackingNotices(await advance(order, 'return_to_sender'), logger);

    expect(await subjects(ann.email)).toEqual([`Delivery problem: ${order.tracking}`]);
    expect(await subjects(bo)).toEqual([]);
  });

  it('sends nothing the shipper turned off (PUT /auth/notifications), and the profile answers the settings', async () => {
    const res = await invoke('PUT /auth/notifications', { token: ann.token, body: { delivered: false, exception: true, unused: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json?.notifications).toEqual({ delivered: false, exception: true, unused: true });
    expect((await invoke('GET /auth/profile', { token: ann.token })).json?.notifications).toEqual({ delivered: false, exception: true, unused: true });

    const order = await advance(await buy(ann, bo), 'delivered');
    await queueTrackingNotices(order, logger);

    expect(await subjects(ann.email)).toEqual([]);
    expect(await getNotice(order.id, 'shipper_delivered')).toMatchObject({ outcome: 'off' });
    expect(await subjects(bo)).toEqual([`Your package was delivered: ${order.tracking}`]);
  });

  it('answers the defaults for an account that never chose: delivered and exception on, unused off', async () => {
    expect((await invoke('GET /auth/profile', { token: ann.token })).json?.notifications).toEqual({ delivered: true, exception: true, unused: false });
  });

  it('leaves a failed mail queued; the scheduled job sends it once, however often it runs', async () => {
    const order = await advance(await buy(ann, bo), 'delivered');
    mail.fail = true;
    await queueTrackingNotices(order, logger);
    expect(await subjects(ann.email)).toEqual([]);
    expect(await getNotice(order.id, 'shipper_delivered')).toMatchObject({ mailedAt: null, mailDue: expect.any(String) });

    const inTwoMinutes = new Date(Date.now() + 120_000);
    expect(await retryNotices(logger, inTwoMinutes)).toMatchObject({ failed: 2 });
    mail.fail = false;
    // Each claimed try pushed the next one back: not due again yet.
    expect(await retryNotices(logger, inTwoMinutes)).toMatchObject({ sent: 0, failed: 0 });
    const later = new Date(Date.now() + 3600_000);
    await Promise.all([retryNotices(logger, later), retryNotices(logger, later)]);
    await retryNotices(logger, new Date(Date.now() + 86_400_000));
    await queueTrackingNotices(order, logger);

    expect(await subjects(ann.email)).toEqual([`Delivered: ${order.tracking}`]);
    expect(await subjects(bo)).toEqual([`Your package was delivered: ${order.tracking}`]);
  });
});

describe('POST /notifications/unsubscribe', () => {
  it("turns the token's setting off from RFC 8058's form-encoded one-click POST, leaving the others", async () => {
    await invoke('PUT /auth/notifications', { token: ann.token, body: { delivered: true, exception: true, unused: true } });
    const token = await signUnsubscribeToken({ userId: ann.id, kind: 'exception' });

    const res = await invoke('POST /notifications/unsubscribe', {
      query: { token },
      raw: 'List-Unsubscribe=One-Click',
      contentType: 'application/x-www-form-urlencoded',
    });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json).toMatchObject({ unsubscribed: 'exception' });
    expect((await getUserById(ann.id, { consistent: true }))?.notifications).toEqual({ delivered: true, exception: false, unused: true });
    // Again (a second click, a provider's retry): the same answer, nothing else changes.
    expect((await invoke('POST /notifications/unsubscribe', { query: { token } })).statusCode).toBe(200);
    expect((await getUserById(ann.id, { consistent: true }))?.notifications).toEqual({ delivered: true, exception: false, unused: true });
  });

  it('turns one setting off for an account that never saved any, keeping the other defaults', async () => {
    const res = await invoke('POST /notifications/unsubscribe', { query: { token: await signUnsubscribeToken({ userId: ann.id, kind: 'delivered' }) } });
    expect(res.statusCode).toBe(200);
    expect((await invoke('GET /auth/profile', { token: ann.token })).json?.notifications).toEqual({ delivered: false, exception: true, unused: false });
  });

  it("suppresses a recipient's address: no more recipient mails to it", async () => {
    const token = await signUnsubscribeToken({ recipient: bo });
    const res = await invoke('POST /notifications/unsubscribe', { query: { token } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json).toMatchObject({ unsubscribed: 'recipient' });
    expect(await isSuppressed(bo.toUpperCase())).toBe(true);

    const order = await advance(await buy(ann, bo), 'delivered');
    await queueTrackingNotices(order, logger);
    expect(await subjects(bo)).toEqual([]);
    expect(await getNotice(order.id, 'recipient_delivered')).toMatchObject({ outcome: 'suppressed' });
    expect(await subjects(ann.email)).toEqual([`Delivered: ${order.tracking}`]);
  });

  it.each([
    [
      'an altered token',
      // The signature's FIRST character is changed: its last one carries only 4 bits in base64url, so
      // swapping it for a neighbour (A<->B) can decode to the same bytes and leave the token valid.
      async () => {
        const [header, payload, signature] = (await signUnsubscribeToken({ userId: 'someone-else', kind: 'delivered' })).split('.') as [string, string, string];
        return `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
      },
    ],
    ['a session-style token signed with another key', async () => 'eyJhbGciOiJIUzI1NiJ9.eyJraW5kIjoiZGVsaXZlcmVkIiwic3ViIjoieCJ9.c2lnbmF0dXJl'],
    ['garbage', async () => 'not-a-token'],
  ])('answers 400 for %s and changes nothing', async (_what, make) => {
    const token = await make();
    const res = await withoutWrites(() =>
      invoke('POST /notifications/unsubscribe', { query: { token }, raw: 'List-Unsubscribe=One-Click', contentType: 'application/x-www-form-urlencoded' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'This unsubscribe link is not valid' });
  });

  it('answers 400 without a token', async () => {
    const res = await withoutWrites(() => invoke('POST /notifications/unsubscribe', {}));
    expect(res.statusCode).toBe(400);
  });
});

describe('PUT /auth/notifications', () => {
  it('refuses a body without all three booleans, changing nothing', async () => {
    const res = await withoutWrites(() => invoke('PUT /auth/notifications', { token: ann.token, body: { delivered: 'no' } }));
    expect(res.statusCode).toBe(400);
    expect(res.json?.fields).toMatchObject({ delivered: 'delivered must be true or false' });
  });
});

describe('the unused-label reminder', () => {
  it('queues one reminder per label within 5 days of its automatic refund, only for shippers who want it, and moves the watermark', async () => {
    const cy = await newAccount('user', 'notices-off');
    await invoke('PUT /auth/notifications', { token: ann.token, body: { delivered: true, exception: true, unused: true } });
    const wanted = await buy(ann);
    const unwanted = await buy(cy);
    const used = await advance(await buy(ann), 'in_transit');
    const end = new Date(autoRefundAt(wanted.createdAt));

    // Six days before: not yet.
    await remindUnusedLabels(logger, new Date(end.getTime() - 6 * 86_400_000));
    expect(await subjects(ann.email)).toEqual([]);

    const fourDaysBefore = new Date(end.getTime() - 4 * 86_400_000);
    await Promise.all([remindUnusedLabels(logger, fourDaysBefore), remindUnusedLabels(logger, fourDaysBefore)]);
    await remindUnusedLabels(logger, new Date(fourDaysBefore.getTime() + 60_000));

    const reminders = (await listOutbox({ to: ann.email })).filter((m) => m.subject.startsWith('Unused label'));
    expect(reminders.map((m) => m.subject)).toEqual([expect.stringContaining(`Unused label ${wanted.tracking}: refunded automatically on`)]);
    expect(reminders[0]!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await getNotice(wanted.id, 'shipper_unused')).toMatchObject({ outcome: 'sent' });
    expect(await getNotice(unwanted.id, 'shipper_unused')).toBeUndefined();
    expect(await subjects(cy.email)).toEqual([]);
    // A label with a scan is no reminder's business (stored and decided against at send time).
    expect(await getNotice(used.id, 'shipper_unused')).toMatchObject({ outcome: 'used' });
    // Moved to the horizon of the run that read the labels; the later run read nothing new and left it.
    expect(await getUnusedWatermark()).toBe(`${new Date(fourDaysBefore.getTime() + 5 * 86_400_000).toISOString()}$`);
  });
});

describe('POST /shipping/create-label: the recipient email', () => {
  it('refuses the former top-level toEmail with 400 and a message naming to.email, writing nothing', async () => {
    await creditWallet(ann, 1000);
    const res = await withoutWrites(() =>
      invoke('POST /shipping/create-label', { token: ann.token, headers: { 'idempotency-key': idempotencyKey() }, body: sampleLabelOrder({ toEmail: bo }) }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json?.fields).toEqual({ toEmail: 'toEmail moved to to.email' });
  });

  it('refuses a bad to.email with 400 on that field', async () => {
    const res = await withoutWrites(() =>
      invoke('POST /shipping/create-label', {
        token: ann.token,
        headers: { 'idempotency-key': idempotencyKey() },
        body: sampleLabelOrder({ to: { ...sampleAddress('Bo', '10001'), email: 'nope' } }),
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json?.fields).toEqual({ 'to.email': 'Invalid email format' });
  });

  it('stores to.email as the order toEmail, answered as toEmail, with the printed address keeping its six fields', async () => {
    const order = await buy(ann, bo);
    expect(order.toEmail).toBe(bo);
    expect(Object.keys(order.to).sort()).toEqual(['city', 'country', 'name', 'state', 'street', 'zip']);
    const list = await invoke('GET /shipping/orders', { token: ann.token });
    expect((list.json?.orders as { toEmail: string | null }[])[0]?.toEmail).toBe(bo);
  });
});
