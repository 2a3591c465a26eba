/**
 * POST /shipping/track against DynamoDB Local: our labels are bought through the real create-label
 * route (sandbox carrier) at a fixed moment and tracked a day and a half later. The tracker is the
 * one the configuration selects, watched through the provider registry: the sandbox derives the
 * journey from our label; AfterShip's answers are set per test. Tracking only reads: no call writes
 * but the caller's count of look-ups (functions/accounts/limits.ts RATES).
 * "Before asking the table" is proved by making every table query fail: a call that still answers
 * its 400 (not a 500) never asked.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../../../functions/config';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../../../functions/data/client';
import { getOrder } from '../../../../functions/data/orders';
import { ProviderUnavailable } from '../../../../functions/errors';
import { signSessionToken } from '../../../session-token';
import { TRACKING_PROVIDER_NAME } from '../../../../functions/providers/tracking/aftership-tracker';
import { sandboxTimeline } from '../../../../functions/providers/tracking/sandbox-tracker';
import type { PackageTracker, TrackedLabel, TrackingResult } from '../../../../functions/providers/tracking/tracking';
import { sampleLabelOrder } from '../../../fixtures/label-order';
import { installFaultInjector } from '../../reliability/helpers';
import { idempotencyKey, invoke, newAccount, type Account } from '../../security/actors';
import { creditWallet } from '../../wallet-credit';
import { HIDDEN_500, expectVerifiedUserOnly } from '../answers';
import { withoutWritesButCounts } from '../table-changes';

/** The configured tracker, watched; a test may replace what it answers. */
const watch = vi.hoisted(() => ({
  track: undefined as unknown as import('vitest').Mock<
    (n: string, label: TrackedLabel | undefined, real: () => PackageTracker) => Promise<TrackingResult | undefined>
  >,
}));
vi.mock('../../../../functions/providers/registry/tracking', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../../functions/providers/registry/tracking')>();
  return { ...real, getPackageTracker: (): PackageTracker => ({ track: (n, label) => watch.track(n, label, real.getPackageTracker) }) };
});

/** When the labels are bought: 07:00 in Austin. */
const BOUGHT_AT = Date.parse('2025-06-01T12:00:00.000Z');
/** A day and a half later: accepted and on its way, not delivered. */
const LATER = BOUGHT_AT + 36 * 3600 * 1000;
const UNKNOWN = { message: 'We could not find a package with that tracking number.' };
const NOT_USPS = { message: 'That is not a USPS tracking number.' };
const EMPTY = 'Please enter a USPS tracking number';
const TRACKING_DOWN = { message: 'Package tracking is not answering right now. Please try again in a moment.' };
const NOT_OURS = '9400111899562537866361';

/** An AfterShip answer for a number that is not one of ours. */
const aftershipAnswer: TrackingResult = {
  tracking_number: NOT_OURS,
  slug: 'usps',
  tag: 'in_transit',
  expected_delivery: '2025-06-04',
  aftership_estimated_delivery_date: '2025-06-05',
  courier_tracking_link: `https://tools.usps.com/go/TrackConfirmAction?tLabels=${NOT_OURS}`,
  service: 'USPS Ground Advantage',
  checkpoints: [
    {
      checkpoint_time: '2025-06-01T09:12:00-04:00',
      tag: 'in_transit',
      city: 'NEW YORK',
      state: 'NY',
      country_iso3: 'USA',
      message: 'Accepted at USPS Origin Facility',
    },
  ],
};

/** Switches the configuration to another tracking provider. */
function useProvider(provider: 'sandbox' | 'aftership') {
  vi.stubEnv('TRACKING_PROVIDER', provider);
  vi.stubEnv('AFTERSHIP_API_KEY', provider === 'aftership' ? 'asat_secret_key' : '');
  resetConfigForTests();
}

/** Buys a label for `account` now (on the faked clock) and answers its order id and tracking number. */
async function buyLabel(account: Account): Promise<{ orderId: string; tracking: string }> {
  const res = await invoke('POST /shipping/create-label', { token: account.token, headers: { 'idempotency-key': idempotencyKey() }, body: sampleLabelOrder() });
  expect(res.statusCode, res.body).toBe(201);
  const label = res.json?.label as { shipOrderId: string; tracking: string };
  return { orderId: label.shipOrderId, tracking: label.tracking };
}

/** Sets a stored order's status (no route leaves a tracked order in these states; the handler still guards it). */
const setStatus = (account: Account, orderId: string, status: string) =>
  db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: `USER#${account.id}`, sk: `ORDER#${orderId}` },
      UpdateExpression: 'SET #s = :s',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':s': status },
    }),
  );

const faults = installFaultInjector();
let ann: Account;
let ours: { orderId: string; tracking: string };
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: BOUGHT_AT });
  ann = await newAccount('user', 'track');
  await creditWallet(ann, 5000);
  ours = await buyLabel(ann);
});
beforeEach(async () => {
  vi.setSystemTime(LATER);
  // Tokens signed at the purchase have expired by now.
  ann = {
    ...ann,
    token: await signSessionToken({ userId: ann.id, role: 'user', scope: 'full' }),
    otpToken: await signSessionToken({ userId: ann.id, role: 'user', scope: 'otp' }),
  };
  useProvider('sandbox');
  watch.track = vi.fn((n, label, real) => real().track(n, label));
});
afterEach(() => {
  faults.stop();
  vi.unstubAllEnvs();
  resetConfigForTests();
});
afterAll(() => vi.useRealTimers());

/** `undefined` sends no number at all; `token: null` no token. */
const track = (trackingNumber: unknown, token: string | null = ann.token) =>
  withoutWritesButCounts(() => invoke('POST /shipping/track', { token: token ?? undefined, body: trackingNumber === undefined ? {} : { trackingNumber } }));
/** Makes every table query fail: a call that answers anything but a 500 asked the table nothing. */
const tableUnreachable = () => faults.armOn('QueryCommand', 'throttling', { times: Number.POSITIVE_INFINITY });

describe('POST /shipping/track: the number as typed', () => {
  it.each([
    ['too few digits', '12345'],
    ['19 digits', '9'.repeat(19)],
    ['35 digits', '9'.repeat(35)],
    ['a UPS number', '1Z999AA10123456784'],
    ['an S10 number of another country', 'EA123456789CN'],
    ['an S10 number with 8 digits', 'EA12345678US'],
  ])('answers 400 for %s, before asking the table or the tracker', async (_what, number) => {
    tableUnreachable();
    const res = await track(number);

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual(NOT_USPS);
    expect(watch.track).not.toHaveBeenCalled();
  });

  it.each([
    ['no number', undefined],
    ['an empty number', ''],
    ['only spaces', '   '],
    ['a number that is not a string', 940551189922319],
  ])('answers 400 Please enter a USPS tracking number for %s, before asking the table or the tracker', async (_what, number) => {
    tableUnreachable();
    const res = await track(number);

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: EMPTY, fields: { trackingNumber: EMPTY } });
    expect(watch.track).not.toHaveBeenCalled();
  });

  it.each([
    ['punctuation', '9405-5118-9922', 'Tracking numbers have only letters and digits'],
    ['more than 40 characters', '9'.repeat(41), 'Tracking number is too long'],
  ])('answers 400 for a number with %s, before asking the table', async (_what, number, message) => {
    tableUnreachable();
    const res = await track(number);

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message, fields: { trackingNumber: message } });
  });

  it('finds our label from its number typed with spaces, tabs and new lines', async () => {
    const spaced = ` ${ours.tracking.replace(/(\d{4})/g, '$1 ')}\t\n`;
    const res = await track(spaced);

    expect(res.statusCode).toBe(200);
    expect((res.json?.tracking as TrackingResult).tracking_number).toBe(ours.tracking);
  });

  it.each([
    ['lower case and spaces', 'ea 123 456 789 us'],
    ['tabs and new lines', '\tEA123456789us\n'],
  ])('hands the tracker an S10 number typed in %s upper-cased and without spaces', async (_what, typed) => {
    useProvider('aftership');
    watch.track.mockResolvedValueOnce(undefined);
    await track(typed);

    expect(watch.track).toHaveBeenCalledExactlyOnceWith('EA123456789US', undefined, expect.anything());
  });
});

describe('POST /shipping/track: with the sandbox tracker', () => {
  it('answers 404 for a well-formed number that is none of our labels, without asking the tracker', async () => {
    const res = await track(NOT_OURS);

    expect(res.statusCode).toBe(404);
    expect(res.json).toEqual(UNKNOWN);
    expect(watch.track).not.toHaveBeenCalled();
  });

  it("answers 200 {tracking} for our created label, in SPEC's field names, from the label's own journey", async () => {
    const order = (await getOrder(ann.id, ours.orderId))!;
    const res = await track(ours.tracking);

    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json ?? {})).toEqual(['tracking']);
    const tracking = res.json?.tracking as TrackingResult;
    expect(Object.keys(tracking).sort()).toEqual([
      'aftership_estimated_delivery_date',
      'checkpoints',
      'courier_tracking_link',
      'expected_delivery',
      'service',
      'slug',
      'tag',
      'tracking_number',
    ]);
    expect(tracking).toMatchObject({
      tracking_number: ours.tracking,
      slug: 'usps',
      tag: 'in_transit',
      expected_delivery: expect.stringMatching(/^2025-06-0[3-5]$/),
      aftership_estimated_delivery_date: null,
      courier_tracking_link: `https://tools.usps.com/go/TrackConfirmAction?tLabels=${ours.tracking}`,
      service: 'USPS Priority Mail',
    });
    expect(tracking.checkpoints[0]).toEqual({
      checkpoint_time: '2025-06-01T07:00:00-05:00',
      tag: 'pre_transit',
      city: 'AUSTIN',
      state: 'TX',
      country_iso3: 'USA',
      message: 'Shipping Label Created, USPS Awaiting Item',
    });
    for (const checkpoint of tracking.checkpoints) {
      expect(Object.keys(checkpoint).sort()).toEqual(['checkpoint_time', 'city', 'country_iso3', 'message', 'state', 'tag']);
    }
    expect(tracking).toEqual(sandboxTimeline(order, ours.tracking, new Date(LATER)));
    expect(watch.track).toHaveBeenCalledExactlyOnceWith(
      ours.tracking,
      expect.objectContaining({
        createdAt: new Date(BOUGHT_AT).toISOString(),
        labelType: 'usps_priority',
        service: 'USPS Priority Mail',
        from: order.from,
        to: order.to,
        status: 'created',
      }),
      expect.anything(),
    );
  });

  it.each(['processing', 'failed', 'awaiting_payment'])('does not pass an order that is %s as the label, so the sandbox answers 404', async (status) => {
    const other = await buyLabel(ann);
    await setStatus(ann, other.orderId, status);
    const res = await track(other.tracking);

    expect(res.statusCode).toBe(404);
    expect(res.json).toEqual(UNKNOWN);
    expect(watch.track).toHaveBeenCalledExactlyOnceWith(other.tracking, undefined, expect.anything());
  });
});

describe('POST /shipping/track: with AfterShip', () => {
  beforeEach(() => {
    useProvider('aftership');
  });

  it('asks AfterShip, with no label, about a number that is none of ours, and answers 404 when it knows nothing', async () => {
    watch.track.mockResolvedValueOnce(undefined);
    const res = await track(NOT_OURS);

    expect(res.statusCode).toBe(404);
    expect(res.json).toEqual(UNKNOWN);
    expect(watch.track).toHaveBeenCalledExactlyOnceWith(NOT_OURS, undefined, expect.anything());
  });

  it("answers AfterShip's result as it is for a number that is none of ours", async () => {
    watch.track.mockResolvedValueOnce(aftershipAnswer);
    const res = await track(NOT_OURS);

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ tracking: aftershipAnswer });
  });

  it('passes our created order as the label', async () => {
    watch.track.mockResolvedValueOnce({ ...aftershipAnswer, tracking_number: ours.tracking });
    const res = await track(ours.tracking);

    expect(res.statusCode).toBe(200);
    expect(watch.track).toHaveBeenCalledExactlyOnceWith(
      ours.tracking,
      expect.objectContaining({ createdAt: new Date(BOUGHT_AT).toISOString(), status: 'created' }),
      expect.anything(),
    );
  });

  it('does not pass an order that is not created as the label', async () => {
    const other = await buyLabel(ann);
    await setStatus(ann, other.orderId, 'failed');
    watch.track.mockResolvedValueOnce(undefined);
    await track(other.tracking);

    expect(watch.track).toHaveBeenCalledExactlyOnceWith(other.tracking, undefined, expect.anything());
  });

  it('answers 502 when tracking is not answering, without the detail or the key', async () => {
    watch.track.mockRejectedValueOnce(
      new ProviderUnavailable(TRACKING_PROVIDER_NAME, 'GET /tracking/2024-10/trackings answered HTTP 503 (key asat_secret_key)'),
    );
    const res = await track(NOT_OURS);

    expect(res.statusCode).toBe(502);
    expect(res.json).toEqual(TRACKING_DOWN);
    expect(res.body).not.toContain('HTTP 503');
    expect(res.body).not.toContain('asat_');
  });

  it('answers a plain 500 when the tracker fails unexpectedly', async () => {
    watch.track.mockRejectedValueOnce(new TypeError("Cannot read properties of undefined (reading 'data')"));
    const res = await track(NOT_OURS);

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
  });
});

describe('POST /shipping/track: failures and access', () => {
  it('answers a plain 500 when DynamoDB throttles the lookup, without asking the tracker', async () => {
    faults.armOn('QueryCommand', 'throttling');
    const res = await track(ours.tracking);

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
    expect(watch.track).not.toHaveBeenCalled();
  });

  it('answers 401 without a token and 403 before the code step, before asking the table or the tracker', async () => {
    tableUnreachable();
    await expectVerifiedUserOnly((token) => track(ours.tracking, token), ann.otpToken);
    expect(watch.track).not.toHaveBeenCalled();
  });
});
