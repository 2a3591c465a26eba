/**
 * Carrier events pushed in against DynamoDB Local: labels bought through the real
 * create-label route (sandbox carrier), then EasyPost and AfterShip webhooks signed as the providers
 * sign them, the scheduled poll and the local advance control. Each test asserts the answer AND the
 * stored order: replays, older events, forged signatures and unknown numbers change nothing.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../../domain/api/orders';
import { resetConfigForTests } from '../../../../functions/config';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../../../functions/data/client';
import { dueTrackingPolls, getOrder, nextTrackingPoll } from '../../../../functions/data/orders';
import { getPackageTracker } from '../../../../functions/providers/registry/tracking';
import { logger } from '../../../../functions/observability/logger';
import { sandboxJourney } from '../../../../functions/providers/tracking/sandbox-tracker';
import { afterShipSignature } from '../../../../functions/tracking/aftership-events';
import { easyPostSignature } from '../../../../functions/tracking/easypost-events';
import { pollTrackers } from '../../../../functions/tracking/poll';
import { advanceSandboxLabel } from '../../../../functions/tracking/sandbox-emitter';
import { afterShipWebhookSecret, easyPostWebhookSecret } from '../../../../functions/tracking/webhook-secrets';
import { sampleLabelOrder } from '../../../fixtures/label-order';
import { idempotencyKey, invoke, newAccount, type Account } from '../../security/actors';
import { creditWallet } from '../../wallet-credit';

/** queueTrackingNotices, watched: every call records the order it was given. */
const notices = vi.hoisted(() => ({ calls: [] as Order[] }));
vi.mock('../../../../functions/notifications/tracking-notices', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../../functions/notifications/tracking-notices')>();
  return {
    ...real,
    queueTrackingNotices: (order: Order, log: Parameters<typeof real.queueTrackingNotices>[1]) => {
      notices.calls.push(order);
      return real.queueTrackingNotices(order, log);
    },
  };
});

const log = logger.createChild({ persistentKeys: { test: 'tracking' } });
let ann: Account;

async function buyLabel(): Promise<Order> {
  const res = await invoke('POST /shipping/create-label', { token: ann.token, headers: { 'idempotency-key': idempotencyKey() }, body: sampleLabelOrder() });
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json?.label as { shipOrderId: string }).shipOrderId;
  return (await getOrder(ann.id, id))!;
}

/** The stored order item as it is, index keys included. */
async function storedItem(order: Order): Promise<Record<string, unknown>> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: { pk: `USER#${order.userId}`, sk: `ORDER#${order.id}` }, ConsistentRead: true }),
  );
  return Item!;
}

/** The label's tracking poll item (data/orders.ts), or undefined once it left the poll. */
async function storedPoll(order: Order): Promise<Record<string, unknown> | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: { pk: `USER#${order.userId}`, sk: `TRACKPOLL#${order.id}` }, ConsistentRead: true }),
  );
  return Item;
}

/** An EasyPost tracker event about `tracking`: its latest detail at `time`. */
function easyPostEvent(
  tracking: string,
  id: string,
  status: string,
  time: string,
  message = 'Arrived at USPS Regional Facility',
  description = 'tracker.updated',
) {
  return JSON.stringify({
    id,
    object: 'Event',
    description,
    result: {
      object: 'Tracker',
      tracking_code: tracking,
      status,
      weight: 136.0,
      tracking_details: [
        {
          object: 'TrackingDetail',
          message: 'Pre-Shipment Info Sent to USPS',
          status: 'pre_transit',
          datetime: '2026-01-01T10:00:00Z',
          tracking_location: { city: null, state: null },
        },
        {
          object: 'TrackingDetail',
          message,
          status,
          datetime: time,
          tracking_location: { object: 'TrackingLocation', city: 'DALLAS', state: 'TX', country: 'US', zip: '75201' },
        },
      ],
    },
  });
}

/** Signed with the webhook secret unless a signature (or null: none) is given. */
const postEasyPost = (raw: string, signature: string | null = easyPostSignature(raw, easyPostWebhookSecret())) =>
  invoke('POST /easypost/webhook', { raw, headers: signature === null ? {} : { 'x-hmac-signature': signature } });

beforeAll(async () => {
  ann = await newAccount('user', 'tracking');
  await creditWallet(ann, 10_000);
});
beforeEach(() => {
  notices.calls = [];
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetConfigForTests();
});

describe('POST /easypost/webhook', () => {
  it('moves the order to the event, leaves its poll where it was, and hands the stored order to the notices', async () => {
    const order = await buyLabel();
    const poll = await storedPoll(order);
    const res = await postEasyPost(easyPostEvent(order.tracking!, 'evt_a1', 'in_transit', '2026-01-02T15:00:00Z'));

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ received: true });
    const stored = await getOrder(ann.id, order.id);
    expect(stored?.trackingStatus).toBe('in_transit');
    expect(stored?.lastEvent).toEqual({
      status: 'in_transit',
      time: '2026-01-02T15:00:00Z',
      message: 'Arrived at USPS Regional Facility',
      city: 'DALLAS',
      state: 'TX',
    });
    // The event writes nothing to the shared poll queue: the poll waits on from it when it comes due.
    expect(poll).toMatchObject({ gsi3pk: expect.stringMatching(/^WORK#track#\d+$/), orderId: order.id });
    expect(await storedPoll(order)).toEqual(poll);
    expect(notices.calls.map((o) => [o.id, o.trackingStatus])).toEqual([[order.id, 'in_transit']]);
  });

  it('changes nothing for the same event again, but still hands the order to the notices (they send nothing twice)', async () => {
    const order = await buyLabel();
    const raw = easyPostEvent(order.tracking!, 'evt_b1', 'out_for_delivery', '2026-01-03T08:00:00Z', 'Out for Delivery');
    expect((await postEasyPost(raw)).statusCode).toBe(200);
    const first = await storedItem(order);

    // The replay arrives after an event of another label touched nothing of this one.
    const replay = await postEasyPost(raw);

    expect(replay.statusCode).toBe(200);
    expect(await storedItem(order)).toEqual(first);
    expect(notices.calls.map((o) => o.trackingStatus)).toEqual(['out_for_delivery', 'out_for_delivery']);
  });

  it('leaves a newer event in place when an older one arrives after it', async () => {
    const order = await buyLabel();
    await postEasyPost(easyPostEvent(order.tracking!, 'evt_c2', 'delivered', '2026-01-04T12:00:00-06:00', 'Delivered, In/At Mailbox'));
    const before = await storedItem(order);

    const res = await postEasyPost(easyPostEvent(order.tracking!, 'evt_c1', 'in_transit', '2026-01-03T12:00:00Z'));

    expect(res.statusCode).toBe(200);
    expect(await storedItem(order)).toEqual(before);
    expect(before.trackingStatus).toBe('delivered');
    // Delivered is final: the label leaves the poll at its next turn, without asking.
    const asked = vi.spyOn(getPackageTracker(), 'track');
    expect((await pollTrackers(log, new Date(Date.now() + 24 * 3600_000))).dropped).toBeGreaterThanOrEqual(1);
    expect(asked.mock.calls.map(([tracking]) => tracking)).not.toContain(order.tracking);
    expect(await storedPoll(order)).toBeUndefined();
  });

  it('waits on from a recent event when the poll comes due, without asking the tracker', async () => {
    const order = await buyLabel();
    const due = new Date(Date.now() + 10 * 60_000);
    // An event arrived just before the poll's turn: the next question waits an interval after it.
    const eventAt = new Date(due.getTime() - 30_000).toISOString();
    expect((await postEasyPost(easyPostEvent(order.tracking!, 'evt_w1', 'in_transit', eventAt))).statusCode).toBe(200);
    const asked = vi.spyOn(getPackageTracker(), 'track');

    expect((await pollTrackers(log, due)).waiting).toBeGreaterThanOrEqual(1);

    expect(asked.mock.calls.map(([tracking]) => tracking)).not.toContain(order.tracking);
    expect(String((await storedPoll(order))?.gsi3sk)).toBe(`${nextTrackingPoll(new Date(eventAt)).toISOString()}#${order.id}`);
    expect((await dueTrackingPolls(due, 1000)).map((o) => o.id)).not.toContain(order.id);
  });

  it.each([
    ['a forged signature', (raw: string) => easyPostSignature(raw, 'not-the-secret')],
    ['no signature', () => null],
    ['a signature of another body', (raw: string) => easyPostSignature(raw.replace('in_transit', 'delivered'), easyPostWebhookSecret())],
  ])('answers 400 and changes nothing for %s', async (_what, sign) => {
    const order = await buyLabel();
    const before = await storedItem(order);
    const raw = easyPostEvent(order.tracking!, `evt_forged_${Math.random()}`, 'in_transit', '2026-01-02T15:00:00Z');

    const res = await postEasyPost(raw, sign(raw));

    expect(res.statusCode).toBe(400);
    expect(await storedItem(order)).toEqual(before);
    expect(notices.calls).toEqual([]);
  });

  it('acknowledges an event about a number that is not a label of ours, and other kinds of events, changing nothing', async () => {
    const order = await buyLabel();
    const before = await storedItem(order);

    expect((await postEasyPost(easyPostEvent('9400100000000000000001', 'evt_u1', 'in_transit', '2026-01-02T15:00:00Z'))).statusCode).toBe(200);
    expect((await postEasyPost(easyPostEvent(order.tracking!, 'evt_u2', 'in_transit', '2026-01-02T15:00:00Z', 'x', 'batch.created'))).statusCode).toBe(200);

    expect(await storedItem(order)).toEqual(before);
    expect(notices.calls).toEqual([]);
  });

  it('takes a label seen beyond pre_transit out of the unused-refund queue', async () => {
    const order = await buyLabel();
    expect((await storedItem(order)).gsi3pk).toMatch(/^WORK#unused#\d+$/);

    await postEasyPost(easyPostEvent(order.tracking!, 'evt_d1', 'in_transit', '2026-01-02T15:00:00Z'));

    expect((await storedItem(order)).gsi3pk).toBeUndefined();
  });
});

describe('POST /aftership/webhook', () => {
  const body = (tracking: string, eventId: string, tag: string, time: string) =>
    JSON.stringify({
      ts: 1767225600,
      event: 'tracking_update',
      event_id: eventId,
      is_tracking_first_tag: false,
      msg: {
        id: 'as_1',
        tracking_number: tracking,
        slug: 'usps',
        tag,
        checkpoints: [{ checkpoint_time: time, tag, city: 'MEMPHIS', state: 'TN', country_region: 'USA', message: 'Departed USPS Regional Facility' }],
      },
    });
  const post = (raw: string, signature = afterShipSignature(raw, afterShipWebhookSecret())) =>
    invoke('POST /aftership/webhook', { raw, headers: { 'aftership-hmac-sha256': signature } });

  it('moves the order to the latest checkpoint once, and refuses a forged one', async () => {
    const order = await buyLabel();
    const raw = body(order.tracking!, '3f0c7f5e-0000-4000-8000-000000000001', 'InTransit', '2026-01-02T09:30:00-06:00');

    expect((await post(raw, afterShipSignature(raw, 'wrong'))).statusCode).toBe(400);
    expect((await getOrder(ann.id, order.id))?.trackingStatus).toBeUndefined();

    expect((await post(raw)).statusCode).toBe(200);
    const stored = await storedItem(order);
    expect(stored.trackingStatus).toBe('in_transit');
    expect(stored.lastEvent).toEqual({
      status: 'in_transit',
      time: '2026-01-02T09:30:00-06:00',
      message: 'Departed USPS Regional Facility',
      city: 'MEMPHIS',
      state: 'TN',
    });

    expect((await post(raw)).statusCode).toBe(200);
    expect(await storedItem(order)).toEqual(stored);
  });
});

describe('the scheduled poll', () => {
  it("emits a due sandbox label's events through the webhook path, once however often it runs", async () => {
    const order = await buyLabel();
    // A day and a half after the label: accepted and at a hub, by the sandbox's plan.
    const later = new Date(Date.parse(order.createdAt) + 36 * 3600 * 1000);
    const expected = sandboxJourney(order, order.tracking!).filter((c) => Date.parse(c.checkpoint_time) <= later.getTime());

    vi.useFakeTimers({ toFake: ['Date'], now: later });
    try {
      await Promise.all([pollTrackers(log, later), pollTrackers(log, later)]);
    } finally {
      vi.useRealTimers();
    }

    // Each due checkpoint was applied as its own event (ids <tracking>-<index>), and none beyond.
    const recorded = await Promise.all(
      Array.from({ length: expected.length + 1 }, (_, i) =>
        db.send(new GetCommand({ TableName: tableName(), Key: { pk: `EVENT#easypost#${order.tracking}-${i}`, sk: 'EVENT' }, ConsistentRead: true })),
      ),
    );
    expect(recorded.map((r) => r.Item !== undefined)).toEqual([...expected.map(() => true), false]);
    const stored = await getOrder(ann.id, order.id);
    expect(stored?.lastEvent?.message).toBe(expected.at(-1)?.message);
    expect(stored?.trackingStatus).toBe('in_transit');
    // Its next poll is a full interval after this run: not due again now.
    expect((await dueTrackingPolls(later, 1000)).map((o) => o.id)).not.toContain(order.id);
  });

  it('drops a refunded label from the poll without asking', async () => {
    const order = await buyLabel();
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `USER#${ann.id}`, sk: `ORDER#${order.id}` },
        UpdateExpression: 'SET #s = :s',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': 'refunded' },
      }),
    );
    await pollTrackers(log, new Date(Date.now() + 3600_000));

    const item = await storedItem(order);
    expect(await storedPoll(order)).toBeUndefined();
    expect(item.trackingStatus).toBeUndefined();
  });
});

describe('the local advance control', () => {
  it('moves a sandbox label one planned event at a time to delivered, through the webhook path, then answers 409', async () => {
    const order = await buyLabel();
    const journey = sandboxJourney(order, order.tracking!);
    const seen: string[] = [];
    for (let step = 0; step < journey.length; step++) {
      const result = await advanceSandboxLabel(order.tracking!, log);
      if (result.status !== 200) break;
      seen.push(result.order.lastEvent!.message);
    }

    expect(seen.at(-1)).toBe('Delivered, In/At Mailbox');
    expect(seen.length).toBe(journey.length - 1);
    const stored = await getOrder(ann.id, order.id);
    expect(stored?.trackingStatus).toBe('delivered');
    expect(notices.calls.at(-1)?.trackingStatus).toBe('delivered');
    const again = await advanceSandboxLabel(order.tracking!, log);
    expect(again.status).toBe(409);
  });

  it('answers 404 for a number that is not a label of ours', async () => {
    expect((await advanceSandboxLabel('9400100000000000000009', log)).status).toBe(404);
  });
});
