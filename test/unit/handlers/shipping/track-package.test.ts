import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../../../functions/config';
import { ProviderUnavailable } from '../../../../functions/errors';
import { handler } from '../../../../functions/handlers/shipping/track-package';
import { TRACKING_PROVIDER_NAME } from '../../../../functions/providers/tracking/aftership-tracker';
import { sandboxTimeline } from '../../../../functions/providers/tracking/sandbox-tracker';
import type { TrackingResult } from '../../../../functions/providers/tracking/tracking';
import { call } from '../../functions/api-event';
import { bearer, emptyTable, expectNoWrites, HIDDEN_500, jsonEvent, onlyCall } from '../auth/fixtures';
import { NOW, NOW_ISO, sent, TABLE, throttled } from '../payments/fixtures';
import { BOUGHT, FROM, orderItem, TO, TRACKING } from './fixtures';

/**
 * The handler's tracker is a spy: by default it is the real one the configuration selects (the
 * sandbox, on our own labels), and AfterShip's answers are set per test.
 */
const tracker = vi.hoisted(() => ({ track: vi.fn() }));
vi.mock('../../../../functions/providers/registry/tracking', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../functions/providers/registry/tracking')>()),
  getPackageTracker: () => tracker,
}));
const actual = await vi.importActual<typeof import('../../../../functions/providers/registry/tracking')>('../../../../functions/providers/registry/tracking');

const ddb = mockClient(DynamoDBDocumentClient);
/** A day and a half after the label was bought: accepted and on its way, not delivered. */
const LATER = NOW + 36 * 3600 * 1000;
const UNKNOWN = { message: 'We could not find a package with that tracking number.' };
const NOT_USPS = { message: 'That is not a USPS tracking number.' };
const EMPTY = 'Please enter a USPS tracking number';
const TRACKING_DOWN = { message: 'Package tracking is not answering right now. Please try again in a moment.' };

/** The created label the default TRACKING number belongs to, as gsi2 answers it. */
const created = orderItem({ status: 'created' });
/** What the handler hands the tracker for it: the order as the data layer reads it. */
const asLabel = expect.objectContaining({ createdAt: NOW_ISO, labelType: 'usps_priority', service: BOUGHT.service, from: FROM, to: TO, status: 'created' });

/** An AfterShip answer for a number that is not one of ours. */
const aftershipAnswer: TrackingResult = {
  tracking_number: '9400111899562537866361',
  slug: 'usps',
  tag: 'in_transit',
  expected_delivery: '2025-06-04',
  aftership_estimated_delivery_date: '2025-06-05',
  courier_tracking_link: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899562537866361',
  service: 'USPS Ground Advantage',
  checkpoints: [
    { checkpoint_time: '2025-06-01T09:12:00-04:00', tag: 'in_transit', city: 'NEW YORK', state: 'NY', country_iso3: 'USA', message: 'Accepted at USPS Origin Facility' },
  ],
};

/** Switches the configuration to another tracking provider. */
function useProvider(provider: 'sandbox' | 'aftership') {
  vi.stubEnv('TRACKING_PROVIDER', provider);
  vi.stubEnv('AFTERSHIP_API_KEY', provider === 'aftership' ? 'asat_secret_key' : '');
  resetConfigForTests();
}

/** gsi2 finds `item` for its tracking number. */
const storeTracked = (item: Record<string, unknown>) => ddb.on(QueryCommand, { IndexName: 'gsi2' }).resolves({ Items: [item] });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: LATER });
  useProvider('sandbox');
  emptyTable(ddb);
  tracker.track.mockReset().mockImplementation((number: string, label?: never) => actual.getPackageTracker().track(number, label));
});

afterEach(() => {
  expectNoWrites(ddb);
  vi.useRealTimers();
  vi.unstubAllEnvs();
  resetConfigForTests();
});

const track = async (trackingNumber: unknown, claims: Parameters<typeof bearer>[0] = {}) =>
  call(handler, jsonEvent('POST', '/shipping/track', trackingNumber === undefined ? {} : { trackingNumber }, await bearer(claims)));

describe('POST /shipping/track', () => {
  it('looks the number up on gsi2 as TRACK#<number>, one item', async () => {
    await track(TRACKING);

    expect(sent(ddb)).toEqual(['Query gsi2']);
    expect(onlyCall(ddb, QueryCommand)).toEqual({
      TableName: TABLE,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :t',
      ExpressionAttributeValues: { ':t': `TRACK#${TRACKING}` },
      Limit: 1,
    });
  });

  it.each([
    ['spaces from a receipt', ' 9405 5118 9922 3197 4284 90 ', TRACKING],
    ['lower case and spaces', 'ea 123 456 789 us', 'EA123456789US'],
    ['tabs and new lines', '\tEA123456789us\n', 'EA123456789US'],
  ])('drops %s and upper-cases the number before looking it up', async (_what, typed, number) => {
    await track(typed);

    expect(onlyCall(ddb, QueryCommand).ExpressionAttributeValues).toEqual({ ':t': `TRACK#${number}` });
  });

  it.each([
    ['too few digits', '12345'],
    ['19 digits', '9'.repeat(19)],
    ['35 digits', '9'.repeat(35)],
    ['a UPS number', '1Z999AA10123456784'],
    ['an S10 number of another country', 'EA123456789CN'],
    ['an S10 number with 8 digits', 'EA12345678US'],
  ])('answers 400 for %s, before asking the table or the tracker', async (_what, number) => {
    const res = await track(number);

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual(NOT_USPS);
    expect(ddb).not.toHaveReceivedAnyCommand();
    expect(tracker.track).not.toHaveBeenCalled();
  });

  it.each([
    ['no number', undefined],
    ['an empty number', ''],
    ['only spaces', '   '],
    ['a number that is not a string', 9405511899223197428490],
  ])('answers 400 Please enter a USPS tracking number for %s', async (_what, number) => {
    const res = await track(number);

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: EMPTY, fields: { trackingNumber: EMPTY } });
    expect(ddb).not.toHaveReceivedAnyCommand();
    expect(tracker.track).not.toHaveBeenCalled();
  });

  it.each([
    ['punctuation', '9405-5118-9922', 'Tracking numbers have only letters and digits'],
    ['more than 40 characters', '9'.repeat(41), 'Tracking number is too long'],
  ])('answers 400 for a number with %s', async (_what, number, message) => {
    const res = await track(number);

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message, fields: { trackingNumber: message } });
    expect(ddb).not.toHaveReceivedAnyCommand();
  });

  describe('with the sandbox tracker', () => {
    it('answers 404 for a well-formed number that is none of our labels, without asking the tracker', async () => {
      const res = await track('9400111899562537866361');

      expect(res.statusCode).toBe(404);
      expect(res.json).toEqual(UNKNOWN);
      expect(sent(ddb)).toEqual(['Query gsi2']);
      expect(tracker.track).not.toHaveBeenCalled();
    });

    it("answers 200 {tracking} for our created label, in SPEC's field names, from the label's own journey", async () => {
      storeTracked(created);
      const res = await track(TRACKING);

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
        tracking_number: TRACKING,
        slug: 'usps',
        tag: 'in_transit',
        expected_delivery: expect.stringMatching(/^2025-06-0[3-5]$/),
        aftership_estimated_delivery_date: null,
        courier_tracking_link: `https://tools.usps.com/go/TrackConfirmAction?tLabels=${TRACKING}`,
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
      expect(tracking).toEqual(sandboxTimeline({ createdAt: NOW_ISO, labelType: 'usps_priority', service: BOUGHT.service, from: FROM, to: TO }, TRACKING, new Date(LATER)));
      expect(tracker.track).toHaveBeenCalledExactlyOnceWith(TRACKING, asLabel);
    });

    it('finds our label from a number typed with spaces and in lower case', async () => {
      storeTracked(created);
      const res = await track(' 9405 5118 9922 3197 4284 90 ');

      expect(res.statusCode).toBe(200);
      expect((res.json?.tracking as TrackingResult).tracking_number).toBe(TRACKING);
    });

    it.each(['processing', 'failed', 'awaiting_payment'])('does not pass an order that is %s as the label, so the sandbox answers 404', async (status) => {
      storeTracked({ ...created, status });
      const res = await track(TRACKING);

      expect(res.statusCode).toBe(404);
      expect(res.json).toEqual(UNKNOWN);
      expect(tracker.track).toHaveBeenCalledExactlyOnceWith(TRACKING, undefined);
    });
  });

  describe('with AfterShip', () => {
    beforeEach(() => {
      useProvider('aftership');
    });

    it('asks AfterShip, with no label, about a number that is none of ours, and answers 404 when it knows nothing', async () => {
      tracker.track.mockResolvedValue(undefined);
      const res = await track('9400111899562537866361');

      expect(res.statusCode).toBe(404);
      expect(res.json).toEqual(UNKNOWN);
      expect(sent(ddb)).toEqual(['Query gsi2']);
      expect(tracker.track).toHaveBeenCalledExactlyOnceWith('9400111899562537866361', undefined);
    });

    it("answers AfterShip's result as it is for a number that is none of ours", async () => {
      tracker.track.mockResolvedValue(aftershipAnswer);
      const res = await track('9400111899562537866361');

      expect(res.statusCode).toBe(200);
      expect(res.json).toEqual({ tracking: aftershipAnswer });
    });

    it('passes our created order as the label', async () => {
      storeTracked(created);
      tracker.track.mockResolvedValue({ ...aftershipAnswer, tracking_number: TRACKING });
      const res = await track(TRACKING);

      expect(res.statusCode).toBe(200);
      expect(tracker.track).toHaveBeenCalledExactlyOnceWith(TRACKING, asLabel);
    });

    it('does not pass an order that is not created as the label', async () => {
      storeTracked({ ...created, status: 'failed' });
      tracker.track.mockResolvedValue(undefined);
      await track(TRACKING);

      expect(tracker.track).toHaveBeenCalledExactlyOnceWith(TRACKING, undefined);
    });

    it('answers 502 when tracking is not answering, without the detail or the key', async () => {
      tracker.track.mockRejectedValue(new ProviderUnavailable(TRACKING_PROVIDER_NAME, 'GET /tracking/2024-10/trackings answered HTTP 503 (key asat_secret_key)'));
      const res = await track('9400111899562537866361');

      expect(res.statusCode).toBe(502);
      expect(res.json).toEqual(TRACKING_DOWN);
      expect(res.body).not.toContain('HTTP 503');
      expect(res.body).not.toContain('asat_');
    });

    it('answers a plain 500 when the tracker fails unexpectedly', async () => {
      tracker.track.mockRejectedValue(new TypeError("Cannot read properties of undefined (reading 'data')"));
      const res = await track('9400111899562537866361');

      expect(res.statusCode).toBe(500);
      expect(res.json).toEqual(HIDDEN_500);
    });
  });

  it('answers a plain 500 when DynamoDB throttles the lookup, without asking the tracker', async () => {
    ddb.on(QueryCommand).rejects(throttled());
    const res = await track(TRACKING);

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
    expect(tracker.track).not.toHaveBeenCalled();
  });

  it('answers 401 without a token and 403 before the code step, without touching the table', async () => {
    const anonymous = await call(handler, jsonEvent('POST', '/shipping/track', { trackingNumber: TRACKING }));
    const otp = await track(TRACKING, { scope: 'otp' });

    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json).toEqual({ message: 'Please sign in' });
    expect(otp.statusCode).toBe(403);
    expect(otp.json).toEqual({ message: 'Enter the code we sent to your email first' });
    expect(ddb).not.toHaveReceivedAnyCommand();
    expect(tracker.track).not.toHaveBeenCalled();
  });
});
