/**
 * Webhooks to the shop, end to end against DynamoDB Local and a real HTTP receiver on this machine:
 * a purchase's label.created is written in the purchase's own transaction and delivered after it,
 * signed so that the documented check (domain/webhook-signature.ts, quoted in docs/webhooks.md)
 * accepts it; a 500 is retried and a 2xx ends it; a shipment's events arrive in order; an endpoint
 * failing for 3 days is disabled and its owner mailed. The clock is moved with vi.setSystemTime.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryCommand, TransactWriteCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { verifyWebhookSignature } from '../../domain/webhook-signature';
import { db, transact } from '../../functions/data/client';
import { listOutbox } from '../../functions/data/outbox';
import { getDelivery, listDeliveries } from '../../functions/data/webhook-deliveries';
import { getWebhook, TOO_MANY_WEBHOOKS } from '../../functions/data/webhooks';
import { MAX_WEBHOOK_ENDPOINTS } from '../../domain/webhook-events';
import { logger } from '../../functions/observability/logger';
import { PurchaseRefused } from '../../functions/providers/carrier/carrier';
import { eventWrite, enabledEndpoints, sendWritten } from '../../functions/webhooks/outbox';
import { webhookQueueIdle } from '../../functions/webhooks/queue';
import { mailDisabledWebhooks, retryWebhookDeliveries } from '../../functions/webhooks/retry';
import { FIRST_RETRY_MS, GIVE_UP_MS } from '../../functions/webhooks/deliver';
import { idempotencyKey, invoke, labelOrder, newAccount, type Account } from './security/actors';
import { creditWallet } from './wallet-credit';
import { carrierWatch, watchCarrierAnew } from './watch-carrier';
import { startReceiver, type Receiver } from './webhook-receiver';

vi.mock('../../functions/providers/registry/carrier', async (importOriginal) =>
  (await import('./watch-carrier')).watchedCarrierRegistry(await importOriginal()),
);

let ann: Account;
let receiver: Receiver;
beforeEach(async () => {
  watchCarrierAnew();
  ann = await newAccount('user', 'hooks');
  receiver = await startReceiver();
});
afterEach(async () => {
  await webhookQueueIdle();
  vi.useRealTimers();
  await receiver.close();
});

/** Registers the receiver for `events`; answers the endpoint with its secret. */
async function register(events: string[] = ['label.created'], account = ann) {
  const res = await invoke('POST /account/webhooks', { token: account.token, body: { url: receiver.url, events } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json as { id: string; secret: string; url: string; events: string[] };
}

async function buy(account = ann) {
  const res = await invoke('POST /shipping/create-label', { token: account.token, headers: { 'idempotency-key': idempotencyKey() }, body: labelOrder() });
  return res;
}

const deliveriesOf = async (endpointId: string) => (await listDeliveries(endpointId, { limit: 100 })).items;
const moveClock = (ms: number) => vi.setSystemTime(Date.now() + ms);
const runRetries = async () => {
  const counts = await retryWebhookDeliveries(logger, new Date());
  await webhookQueueIdle();
  return counts;
};

describe('a label purchase', () => {
  it('delivers label.created, signed so that the documented check accepts it', async () => {
    const endpoint = await register();
    await creditWallet(ann, 2000);
    const res = await buy();
    expect(res.statusCode, res.body).toBe(201);
    const label = (res.json as { label: { shipOrderId: string; tracking: string } }).label;

    await receiver.waitFor(1);
    await webhookQueueIdle();
    const [got] = receiver.received;
    const header = got!.headers['prepaidship-signature'] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(header, got!.body, endpoint.secret)).toBe(true);
    // The same body under another secret, or a changed body, does not verify.
    expect(verifyWebhookSignature(header, got!.body, 'whsec_other')).toBe(false);
    expect(verifyWebhookSignature(header, got!.body.replace('label.created', 'label.refunded'), endpoint.secret)).toBe(false);
    expect(got!.headers['content-type']).toBe('application/json');

    const event = JSON.parse(got!.body) as { id: string; type: string; createdAt: string; data: { shipOrderId: string; trackingNumber?: string } };
    expect(event).toEqual({ id: expect.stringMatching(/^evt_/), type: 'label.created', createdAt: expect.any(String), data: expect.any(Object) });
    expect(event.data.shipOrderId).toBe(label.shipOrderId);
    expect(JSON.stringify(event.data)).toContain(label.tracking);

    const [stored] = await deliveriesOf(endpoint.id);
    expect(stored).toMatchObject({ eventId: event.id, type: 'label.created', status: 'delivered', attempts: 1, responseCode: 200, subject: label.shipOrderId });
    expect(stored!.deliveredAt).toEqual(expect.any(String));
    // Delivered: out of the work index and the sequence index.
    const log = await invoke('GET /account/webhooks/{id}/deliveries', { token: ann.token, params: { id: endpoint.id } });
    expect(log.statusCode).toBe(200);
    expect(log.json).toEqual({ deliveries: [expect.objectContaining({ id: stored!.id, status: 'delivered', attempts: 1 })], nextCursor: null });
  });

  it('writes the delivery in the transaction that makes the order created, with one read of the endpoints', async () => {
    const endpoint = await register();
    await creditWallet(ann, 2000);
    const send = vi.spyOn(db, 'send');
    const res = await buy();
    expect(res.statusCode).toBe(201);
    const orderId = (res.json as { label: { shipOrderId: string } }).label.shipOrderId;
    const transactions = send.mock.calls.map(([command]) => command as unknown).filter((c) => c instanceof TransactWriteCommand);
    const itemsOf = (t: TransactWriteCommand) => t.input.TransactItems ?? [];
    const withDelivery = transactions.filter((t) => itemsOf(t).some((i) => i.Put?.Item?.entity === 'webhookDelivery'));
    expect(withDelivery).toHaveLength(1);
    const items = itemsOf(withDelivery[0]!);
    expect(items.some((i) => i.Update?.Key?.sk === `ORDER#${orderId}` && String(i.Update.ExpressionAttributeValues?.[':to']) === 'created')).toBe(true);
    expect(items.find((i) => i.Put?.Item?.entity === 'webhookDelivery')!.Put!.Item).toMatchObject({
      endpointId: endpoint.id,
      type: 'label.created',
      status: 'pending',
    });
    const endpointReads = send.mock.calls.filter(
      ([c]) => (c as unknown) instanceof QueryCommand && (c.input as QueryCommandInput).ExpressionAttributeValues?.[':hook'] === 'HOOK#',
    );
    expect(endpointReads).toHaveLength(1);
    send.mockRestore();
  });

  it('writes no event when the purchase fails, nor for an account nobody listens to', async () => {
    const endpoint = await register();
    await creditWallet(ann, 2000);
    carrierWatch.buyLabel.mockRejectedValueOnce(new PurchaseRefused('USPS label service', 'refused'));
    expect((await buy()).statusCode).toBe(502);
    // Too little money: nothing bought, nothing told.
    const poor = await newAccount('user', 'hooks');
    await register(['label.created'], poor);
    expect((await buy(poor)).statusCode).toBe(402);
    await webhookQueueIdle();
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
    expect(receiver.received).toEqual([]);

    // Listening to other events only: a label bought writes nothing either.
    const other = await newAccount('user', 'hooks');
    await creditWallet(other, 2000);
    const quiet = await register(['batch.completed'], other);
    expect((await buy(other)).statusCode).toBe(201);
    expect(await deliveriesOf(quiet.id)).toEqual([]);
  });
});

describe('retries', () => {
  it('retries after a 500 within a minute, then stops after a 2xx', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const endpoint = await register();
    receiver.answers.push(500);
    await creditWallet(ann, 2000);
    expect((await buy()).statusCode).toBe(201);
    await receiver.waitFor(1);
    await webhookQueueIdle();
    const [failed] = await deliveriesOf(endpoint.id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, responseCode: 500 });
    expect(Date.parse(failed!.nextAttemptAt!) - Date.parse(failed!.lastAttemptAt!)).toBe(FIRST_RETRY_MS);
    expect((await getWebhook(ann.id, endpoint.id))!.failingSince).toEqual(failed!.lastAttemptAt);

    // Not due yet: nothing is sent.
    expect(await runRetries()).toEqual({ sent: 0, skipped: 0 });
    moveClock(FIRST_RETRY_MS + 1000);
    expect(await runRetries()).toEqual({ sent: 1, skipped: 0 });
    expect(receiver.received).toHaveLength(2);
    // The same event, signed again.
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    const [delivered] = await deliveriesOf(endpoint.id);
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 2, responseCode: 200 });
    expect(delivered!.nextAttemptAt).toBeUndefined();
    expect((await getWebhook(ann.id, endpoint.id))!.failingSince).toBeUndefined();

    // Delivered: later runs send nothing.
    moveClock(3600_000);
    expect(await runRetries()).toEqual({ sent: 0, skipped: 0 });
    expect(receiver.received).toHaveLength(2);
  });

  it('answers resend by sending the same event again', async () => {
    const endpoint = await register();
    await creditWallet(ann, 2000);
    await buy();
    await receiver.waitFor(1);
    await webhookQueueIdle();
    const [first] = await deliveriesOf(endpoint.id);
    const res = await invoke('POST /account/webhooks/{id}/deliveries/{deliveryId}/resend', {
      token: ann.token,
      params: { id: endpoint.id, deliveryId: first!.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json).toMatchObject({ id: first!.id, status: 'pending' });
    await receiver.waitFor(2);
    await webhookQueueIdle();
    expect(JSON.parse(receiver.received[1]!.body).id).toBe(first!.eventId);
    expect(await getDelivery({ endpointId: endpoint.id, deliveryId: first!.id })).toMatchObject({ status: 'delivered', attempts: 2 });
  });
});

describe('order per shipment', () => {
  it('holds a later event of a shipment until the earlier one is delivered', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await register(['label.created', 'tracking.updated']);
    receiver.answers.push(503);
    const endpoints = await enabledEndpoints(ann.id);
    // Two events of one shipment, each written in its own transaction, as their changes would.
    const first = eventWrite(endpoints, { type: 'label.created', subject: 'ORDER-1', data: { step: 1 } });
    await transact(first.steps);
    const second = eventWrite(endpoints, { type: 'tracking.updated', subject: 'ORDER-1', data: { step: 2 } });
    await transact(second.steps);
    // Another shipment is not held back by the first one's trouble.
    const other = eventWrite(endpoints, { type: 'label.created', subject: 'ORDER-2', data: { step: 'other' } });
    await transact(other.steps);
    await sendWritten(first, logger);
    await webhookQueueIdle();
    await sendWritten(second, logger);
    await sendWritten(other, logger);
    await webhookQueueIdle();

    const steps = () => receiver.received.map((r) => (JSON.parse(r.body) as { data: { step: unknown } }).data.step);
    expect(steps()).toEqual([1, 'other']);
    expect(await getDelivery(second.refs[0]!)).toMatchObject({ status: 'pending', attempts: 0 });

    moveClock(FIRST_RETRY_MS + 1000);
    await runRetries();
    // The first one again (now 2xx), then at once the second.
    expect(steps()).toEqual([1, 'other', 1, 2]);
    expect(await getDelivery(second.refs[0]!)).toMatchObject({ status: 'delivered', attempts: 1 });
  });
});

describe('an endpoint failing for 3 days', () => {
  it('is given up, disabled and its owner mailed once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const endpoint = await register();
    receiver.answers.push(...Array<number>(200).fill(500));
    await creditWallet(ann, 2000);
    await buy();
    await receiver.waitFor(1);
    await webhookQueueIdle();

    // Retried while due, with growing delays, for 3 days.
    let runs = 0;
    const start = Date.now();
    while (Date.now() - start < GIVE_UP_MS + 7 * 3600_000) {
      moveClock(30 * 60_000);
      await runRetries();
      runs++;
    }
    const [given] = await deliveriesOf(endpoint.id);
    expect(given!.status).toBe('failed');
    expect(given!.attempts).toBeGreaterThan(8);
    expect(given!.attempts).toBeLessThan(30);
    expect(receiver.received).toHaveLength(given!.attempts);
    expect(runs).toBeGreaterThan(100);

    const stored = await getWebhook(ann.id, endpoint.id);
    expect(stored!.disabledAt).toEqual(expect.any(String));
    // The scheduled work mails the owner, once.
    expect(await mailDisabledWebhooks(logger, new Date())).toEqual({ mailed: 1, failed: 0 });
    expect(await mailDisabledWebhooks(logger, new Date())).toEqual({ mailed: 0, failed: 0 });
    const mails = (await listOutbox({ to: ann.email })).filter((m) => m.subject === 'Your PrepaidShip webhook endpoint was disabled');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(receiver.url);

    // Disabled: a new purchase writes no delivery to it, and resend is refused (back to when the
    // sign-in token was still good).
    vi.setSystemTime(start);
    expect((await buy()).statusCode).toBe(201);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
    const resend = await invoke('POST /account/webhooks/{id}/deliveries/{deliveryId}/resend', {
      token: ann.token,
      params: { id: endpoint.id, deliveryId: given!.id },
    });
    expect(resend.statusCode).toBe(409);
    const list = await invoke('GET /account/webhooks', { token: ann.token });
    expect(list.json).toEqual([expect.objectContaining({ id: endpoint.id, disabledAt: stored!.disabledAt })]);
  });
});

describe('the endpoint limit', () => {
  it('keeps 10 endpoints however many registrations arrive at once; a delete makes room for one', async () => {
    const answers = await Promise.all(
      Array.from({ length: 14 }, () => invoke('POST /account/webhooks', { token: ann.token, body: { url: receiver.url, events: ['label.created'] } })),
    );
    const made = answers.filter((r) => r.statusCode === 201);
    expect(made).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
    for (const refused of answers.filter((r) => r.statusCode !== 201)) expect(refused).toMatchObject({ statusCode: 409, json: { message: TOO_MANY_WEBHOOKS } });
    const listed = await invoke('GET /account/webhooks', { token: ann.token });
    expect(listed.json as unknown as unknown[]).toHaveLength(MAX_WEBHOOK_ENDPOINTS);

    const id = (made[0]!.json as { id: string }).id;
    expect((await invoke('DELETE /account/webhooks/{id}', { token: ann.token, params: { id } })).statusCode).toBe(200);
    expect((await invoke('DELETE /account/webhooks/{id}', { token: ann.token, params: { id } })).statusCode).toBe(404);
    expect((await register()).url).toBe(receiver.url);
    expect((await invoke('POST /account/webhooks', { token: ann.token, body: { url: receiver.url, events: ['label.created'] } })).statusCode).toBe(409);
  });
});
