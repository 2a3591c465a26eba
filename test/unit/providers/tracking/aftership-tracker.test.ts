/**
 * The AfterShip tracker against AfterShip's own answers (its Node SDK's test answers, kept as they
 * are) and, where AfterShip publishes none for the 2026-07 shape, answers built from its documented
 * Tracking API (test/fixtures/aftership/README.md says which is which). `fetch` is stubbed: no
 * network. Each test asserts the requests we send: URLs, the as-api-key header, JSON bodies.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProviderUnavailable } from '../../../../functions/errors';
import { AFTERSHIP_TIMEOUT_MS, AfterShipTracker, afterShipTag, fromAfterShipTracking } from '../../../../functions/providers/tracking/aftership-tracker';
import type { TrackedLabel } from '../../../../functions/providers/tracking/tracking';
import errorInternal from '../../../fixtures/aftership/error-internal.json';
import errorInvalidKey from '../../../fixtures/aftership/error-invalid-api-key.json';
import errorInvalidNumber from '../../../fixtures/aftership/error-invalid-tracking-number.json';
import errorExists from '../../../fixtures/aftership/error-tracking-exists.json';
import byIdPending from '../../../fixtures/aftership/tracking-by-id-pending.json';
import created from '../../../fixtures/aftership/tracking-created.json';
import empty from '../../../fixtures/aftership/trackings-empty.json';
import found from '../../../fixtures/aftership/trackings-found.json';
import sdkGetTracking from '../../../fixtures/aftership/sdk-get-tracking-ups.json';
import sdkList from '../../../fixtures/aftership/sdk-list-trackings-usps.json';

const API_KEY = 'asat_never_log_me_0123456789abcdef';
const NUMBER = '9405511202575421535949';
const BASE = 'https://api.aftership.com/tracking/2026-07';
const FIND_URL = `${BASE}/trackings?tracking_numbers=${NUMBER}&slug=usps`;
const CREATED_ID = created.data.id;

const tracker = new AfterShipTracker({ apiKey: API_KEY, apiUrl: 'https://api.aftership.com/' });

const label: TrackedLabel = {
  createdAt: '2026-09-07T17:12:00.000Z',
  labelType: 'usps_priority',
  service: 'USPS Priority Mail',
  from: { city: 'San Francisco', state: 'CA', zip: '94104' },
  to: { city: 'Brooklyn', state: 'NY', zip: '11201' },
};

type Answer = { status?: number; json?: unknown; body?: string; error?: Error };

/** Stubs fetch with one answer per call, in order; returns the stub to inspect the requests. */
function aftershipAnswers(...answers: Answer[]) {
  const queue = [...answers];
  const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => {
    const next = queue.shift();
    if (!next) throw new Error('unexpected request');
    if (next.error) throw next.error;
    const status = next.status ?? 200;
    if (next.json !== undefined) return Response.json(next.json, { status });
    return new Response(next.body ?? '', { status });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The i-th request: URL, method, headers, parsed body. */
function request(fetch: ReturnType<typeof aftershipAnswers>, i: number) {
  const [url, init] = fetch.mock.calls[i]!;
  const headers = new Headers(init?.headers);
  return {
    url: String(url),
    method: init?.method,
    headers,
    body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body,
    signal: init?.signal,
  };
}

async function failure(promise: Promise<unknown>): Promise<ProviderUnavailable> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderUnavailable);
  const unavailable = err as ProviderUnavailable;
  expect(unavailable.provider).toBe('Package tracking');
  expect(unavailable.message).toBe('Package tracking is not answering right now. Please try again in a moment.');
  expect(`${unavailable.message} ${unavailable.detail} ${unavailable.stack ?? ''}`).not.toContain(API_KEY);
  return unavailable;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AfterShipTracker.track', () => {
  it('finds an existing tracking by number and slug and maps it with the SPEC names', async () => {
    const fetch = aftershipAnswers({ json: found });
    const result = await tracker.track(NUMBER, label);

    expect(fetch).toHaveBeenCalledTimes(1);
    const get = request(fetch, 0);
    expect(get.url).toBe(FIND_URL);
    expect(get.method).toBe('GET');
    expect(get.headers.get('as-api-key')).toBe(API_KEY);
    expect(get.headers.get('accept')).toBe('application/json');
    expect(get.body).toBeUndefined();
    expect(get.signal).toBeInstanceOf(AbortSignal);

    expect(result).toEqual({
      tracking_number: NUMBER,
      slug: 'usps',
      tag: 'in_transit',
      expected_delivery: '2026-09-09',
      aftership_estimated_delivery_date: '2026-09-10',
      courier_tracking_link: `https://tools.usps.com/go/TrackConfirmAction?tLabels=${NUMBER}`,
      service: 'Priority Mail',
      checkpoints: [
        {
          checkpoint_time: '2026-09-07T10:12:00-07:00',
          tag: 'pre_transit',
          city: 'SAN FRANCISCO',
          state: 'CA',
          country_iso3: 'USA',
          message: 'Shipping Label Created, USPS Awaiting Item',
        },
        {
          checkpoint_time: '2026-09-07T17:25:00-07:00',
          tag: 'in_transit',
          city: 'SAN FRANCISCO',
          state: 'CA',
          country_iso3: 'USA',
          message: 'USPS in possession of item',
        },
        {
          checkpoint_time: '2026-09-07T22:59:00-07:00',
          tag: 'in_transit',
          city: 'RICHMOND CA DISTRIBUTION CENTER',
          state: null,
          country_iso3: 'USA',
          message: 'Arrived at USPS Regional Origin Facility',
        },
        {
          checkpoint_time: '2026-09-08T10:01:00',
          tag: 'in_transit',
          city: null,
          state: null,
          country_iso3: 'USA',
          message: 'In Transit to Next Facility',
        },
      ],
    });
  });

  it('creates a tracking it does not find, then reads it by id: pre_transit with no checkpoints', async () => {
    const fetch = aftershipAnswers({ json: empty }, { status: 201, json: created }, { json: byIdPending });
    const result = await tracker.track(NUMBER, label);

    expect(fetch).toHaveBeenCalledTimes(3);
    expect(request(fetch, 0).url).toBe(FIND_URL);

    const post = request(fetch, 1);
    expect(post.url).toBe(`${BASE}/trackings`);
    expect(post.method).toBe('POST');
    expect(post.headers.get('as-api-key')).toBe(API_KEY);
    expect(post.headers.get('content-type')).toBe('application/json');
    expect(post.body).toEqual({ tracking_number: NUMBER, slug: 'usps' });

    const read = request(fetch, 2);
    expect(read.url).toBe(`${BASE}/trackings/${CREATED_ID}`);
    expect(read.method).toBe('GET');
    expect(read.headers.get('as-api-key')).toBe(API_KEY);
    expect(read.body).toBeUndefined();

    expect(result).toEqual({
      tracking_number: NUMBER,
      slug: 'usps',
      tag: 'pre_transit',
      expected_delivery: null,
      aftership_estimated_delivery_date: null,
      // A brand-new tracking has no courier link yet: USPS's page.
      courier_tracking_link: `https://tools.usps.com/go/TrackConfirmAction?tLabels=${NUMBER}`,
      // AfterShip knows no service yet: the label's.
      service: 'USPS Priority Mail',
      checkpoints: [],
    });
  });

  it('uses the create answer itself when it carries no id to read', async () => {
    const withoutId = { ...created, data: { ...created.data, id: undefined } };
    const fetch = aftershipAnswers({ json: empty }, { status: 201, json: withoutId });
    const result = await tracker.track(NUMBER);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(result).toMatchObject({ tag: 'pre_transit', checkpoints: [], service: null });
  });

  it('finds the tracking again when the create lost a race (4003 already exists)', async () => {
    const fetch = aftershipAnswers({ json: empty }, { status: 400, json: errorExists }, { json: found });
    const result = await tracker.track(NUMBER, label);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(request(fetch, 2).url).toBe(FIND_URL);
    expect(result?.tag).toBe('in_transit');
    expect(result?.checkpoints).toHaveLength(4);
  });

  it('is unavailable when 4003 is answered but the tracking still cannot be found', async () => {
    aftershipAnswers({ json: empty }, { status: 400, json: errorExists }, { json: empty });
    const err = await failure(tracker.track(NUMBER, label));
    expect(err.detail).toBe('POST /trackings answered HTTP 400 (meta 4003: Tracking already exists.)');
  });

  it('creates no tracking when not allowed to (a number that is none of our labels): it only finds, and answers undefined when AfterShip has none', async () => {
    const fetch = aftershipAnswers({ json: empty });
    await expect(tracker.track(NUMBER, undefined, { create: false })).resolves.toBeUndefined();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(request(fetch, 0)).toMatchObject({ url: FIND_URL, method: 'GET' });
  });

  it('reads a tracking AfterShip already has even when not allowed to create one', async () => {
    const fetch = aftershipAnswers({ json: found });
    const result = await tracker.track(NUMBER, undefined, { create: false });
    expect(result?.tracking_number).toBe(NUMBER);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('answers undefined (unknown number) when AfterShip refuses the number', async () => {
    aftershipAnswers({ json: empty }, { status: 400, json: errorInvalidNumber });
    await expect(tracker.track(NUMBER, label)).resolves.toBeUndefined();
  });

  it('is unavailable on 401, naming the answer but never the key', async () => {
    aftershipAnswers({ status: 401, json: errorInvalidKey });
    const err = await failure(tracker.track(NUMBER, label));
    expect(err.detail).toBe('GET /trackings answered HTTP 401 (meta 401: The API Key is invalid.)');
  });

  it('is unavailable on 500, from the find or from the create', async () => {
    aftershipAnswers({ status: 500, json: errorInternal });
    expect((await failure(tracker.track(NUMBER, label))).detail).toBe("GET /trackings answered HTTP 500 (meta 500: Something went wrong on AfterShip's end.)");
    aftershipAnswers({ json: empty }, { status: 500, json: errorInternal });
    expect((await failure(tracker.track(NUMBER, label))).detail).toContain('POST /trackings answered HTTP 500');
    aftershipAnswers({ json: empty }, { status: 201, json: created }, { status: 503, body: '<html>Service Unavailable</html>' });
    expect((await failure(tracker.track(NUMBER, label))).detail).toBe(
      `GET /trackings/${CREATED_ID} answered HTTP 503 with a body that is not JSON: <html>Service Unavailable</html>`,
    );
  });

  it('is unavailable on a body that is not JSON, or not the expected shape', async () => {
    aftershipAnswers({ body: '{"meta": {"code": 200}, "data": {' });
    expect((await failure(tracker.track(NUMBER, label))).detail).toMatch(/^GET \/trackings answered HTTP 200 with a body that is not JSON/);
    aftershipAnswers({ json: [1, 2] });
    expect((await failure(tracker.track(NUMBER, label))).detail).toBe('GET /trackings answered HTTP 200 with JSON that is not an object');
    aftershipAnswers({ json: { meta: { code: 200 }, data: {} } });
    expect((await failure(tracker.track(NUMBER, label))).detail).toBe('GET /trackings answered HTTP 200 without data.trackings');
    aftershipAnswers({ json: empty }, { status: 201, json: { meta: { code: 201 }, data: {} } });
    expect((await failure(tracker.track(NUMBER, label))).detail).toBe('POST /trackings answered HTTP 201 without a tracking');
  });

  it('is unavailable when the network fails or AfterShip does not answer in time', async () => {
    aftershipAnswers({ error: new TypeError('fetch failed') });
    expect((await failure(tracker.track(NUMBER, label))).detail).toBe('GET /trackings failed: TypeError: fetch failed');
    aftershipAnswers({ error: new DOMException('The operation was aborted due to timeout', 'TimeoutError') });
    expect((await failure(tracker.track(NUMBER, label))).detail).toContain('TimeoutError');
    expect(AFTERSHIP_TIMEOUT_MS).toBe(10_000);
  });

  it('scrubs the key out of anything AfterShip echoes back', async () => {
    aftershipAnswers({ status: 401, json: { meta: { code: 401, message: `Key ${API_KEY} is invalid`, type: 'Unauthorized' }, data: {} } });
    const err = await failure(tracker.track(NUMBER, label));
    expect(err.detail).toContain('[redacted]');
  });

  it('talks to the configured API origin', async () => {
    const fetch = aftershipAnswers({ json: found });
    await new AfterShipTracker({ apiKey: API_KEY, apiUrl: 'http://localhost:4010' }).track(NUMBER);
    expect(request(fetch, 0).url).toBe(`http://localhost:4010/tracking/2026-07/trackings?tracking_numbers=${NUMBER}&slug=usps`);
  });

  it('needs a key', () => {
    expect(() => new AfterShipTracker({ apiKey: '', apiUrl: 'https://api.aftership.com' })).toThrow('needs an API key');
  });
});

describe("AfterShipTracker on AfterShip's own answers (its Node SDK's tests)", () => {
  const SDK_NUMBER = sdkList.data.trackings[0]!.tracking_number;

  it('maps the SDK’s USPS list answer: InfoReceived is pre_transit, the older country_iso3, no estimate', async () => {
    const fetch = aftershipAnswers({ json: sdkList });
    const result = await tracker.track(SDK_NUMBER, label);
    expect(request(fetch, 0).url).toBe(`${BASE}/trackings?tracking_numbers=${SDK_NUMBER}&slug=usps`);
    expect(result).toEqual({
      tracking_number: SDK_NUMBER,
      slug: 'usps',
      tag: 'pre_transit',
      expected_delivery: null,
      aftership_estimated_delivery_date: null,
      courier_tracking_link: `https://tools.usps.com/go/TrackConfirmAction?tLabels=${SDK_NUMBER}`,
      service: 'USPS Ground Advantage',
      checkpoints: [
        {
          checkpoint_time: '2023-12-20T02:12:00-06:00',
          tag: 'pre_transit',
          city: 'FAYETTEVILLE',
          state: 'TX',
          country_iso3: 'USA',
          message: 'Shipping Label Created, USPS Awaiting Item',
        },
      ],
    });
  });

  it('reads latest_estimated_delivery (the SDK’s get-tracking answer, a "specific" date)', () => {
    const result = fromAfterShipTracking(sdkGetTracking.data.tracking, sdkGetTracking.data.tracking.tracking_number);
    expect(result.expected_delivery).toBe('2022-07-06');
    expect(result).not.toHaveProperty('expected_delivery_range');
    expect(result.tag).toBe('delivered');
  });

  it('refuses a create answer about another courier (the SDK’s answer is slug ups), and never reads it by id', async () => {
    const asked = sdkGetTracking.data.tracking.tracking_number;
    const fetch = aftershipAnswers({ json: empty }, { status: 201, json: sdkGetTracking });
    const err = await failure(tracker.track(asked, label));
    expect(err.detail).toBe(`POST /trackings answered slug ups, not ${asked} at usps`);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('refuses a create answer about another number', async () => {
    aftershipAnswers({ json: empty }, { status: 201, json: sdkGetTracking });
    const err = await failure(tracker.track(NUMBER, label));
    expect(err.detail).toBe(`POST /trackings answered tracking_number 1234567890, not ${NUMBER} at usps`);
  });

  it('refuses a read-by-id answer about another number', async () => {
    const other = { ...byIdPending, data: { ...byIdPending.data, tracking_number: SDK_NUMBER } };
    aftershipAnswers({ json: empty }, { status: 201, json: created }, { json: other });
    const err = await failure(tracker.track(NUMBER, label));
    expect(err.detail).toBe(`GET /trackings/${CREATED_ID} answered tracking_number ${SDK_NUMBER}, not ${NUMBER} at usps`);
  });

  it('skips list entries of another courier or number and creates the USPS tracking', async () => {
    const asked = sdkGetTracking.data.tracking.tracking_number;
    const list = { meta: { code: 200 }, data: { trackings: [sdkGetTracking.data.tracking, ...sdkList.data.trackings] } };
    const mine = { ...created, data: { ...created.data, tracking_number: asked } };
    const read = { ...byIdPending, data: { ...byIdPending.data, tracking_number: asked } };
    const fetch = aftershipAnswers({ json: list }, { status: 201, json: mine }, { json: read });
    const result = await tracker.track(asked, label);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(result).toMatchObject({ tracking_number: asked, slug: 'usps', tag: 'pre_transit' });
  });
});

describe('AfterShip delivery estimates', () => {
  const tracking = found.data.trackings[0]!;
  const read = (fields: Record<string, unknown>) => fromAfterShipTracking({ ...tracking, ...fields }, NUMBER);

  it('keeps a range from the carrier: its last day as expected_delivery, both ends in expected_delivery_range', () => {
    const result = read({ courier_estimated_delivery_date: { estimated_delivery_date_min: '2026-09-09', estimated_delivery_date_max: '2026-09-11' } });
    expect(result.expected_delivery).toBe('2026-09-11');
    expect(result.expected_delivery_range).toEqual({ earliest: '2026-09-09', latest: '2026-09-11' });
  });

  it('reads latest_estimated_delivery when the carrier gives none: a range, or a specific date', () => {
    const range = read({
      courier_estimated_delivery_date: null,
      latest_estimated_delivery: { type: 'range', source: 'AfterShip AI', datetime_min: '2026-09-10', datetime_max: '2026-09-12' },
    });
    expect(range.expected_delivery).toBe('2026-09-12');
    expect(range.expected_delivery_range).toEqual({ earliest: '2026-09-10', latest: '2026-09-12' });
    const specific = read({
      courier_estimated_delivery_date: {},
      latest_estimated_delivery: { type: 'specific', source: 'Carrier EDD', datetime: '2026-09-10' },
    });
    expect(specific.expected_delivery).toBe('2026-09-10');
    expect(specific).not.toHaveProperty('expected_delivery_range');
  });

  it('prefers the carrier’s single date, and reads a range of one day or with one end as that day', () => {
    expect(read({ latest_estimated_delivery: { type: 'specific', datetime: '2026-09-20' } }).expected_delivery).toBe('2026-09-09');
    const same = read({ courier_estimated_delivery_date: { estimated_delivery_date_min: '2026-09-11', estimated_delivery_date_max: '2026-09-11' } });
    expect(same.expected_delivery).toBe('2026-09-11');
    expect(same).not.toHaveProperty('expected_delivery_range');
    expect(read({ courier_estimated_delivery_date: { estimated_delivery_date_min: '2026-09-11', estimated_delivery_date_max: null } }).expected_delivery).toBe(
      '2026-09-11',
    );
  });

  it('reads AfterShip’s own estimate given as a range as its last day', () => {
    const result = read({
      aftership_estimated_delivery_date: { estimated_delivery_date_min: '2026-09-10', estimated_delivery_date_max: '2026-09-13', confidence_code: 1 },
    });
    expect(result.aftership_estimated_delivery_date).toBe('2026-09-13');
  });
});

describe('AfterShip tags', () => {
  it('maps AfterShip tags to ours: snake_case, with SPEC names for pending and exceptions', () => {
    expect(
      Object.fromEntries(
        ['Pending', 'InfoReceived', 'InTransit', 'OutForDelivery', 'AttemptFail', 'AvailableForPickup', 'Delivered', 'Exception', 'Expired'].map((t) => [
          t,
          afterShipTag(t),
        ]),
      ),
    ).toEqual({
      Pending: 'pre_transit',
      InfoReceived: 'pre_transit',
      InTransit: 'in_transit',
      OutForDelivery: 'out_for_delivery',
      AttemptFail: 'attempt_fail',
      AvailableForPickup: 'available_for_pickup',
      Delivered: 'delivered',
      Exception: 'failure',
      Expired: 'expired',
    });
    expect(afterShipTag('delivered')).toBe('delivered');
    expect(afterShipTag('SomethingNew')).toBe('pre_transit');
    expect(afterShipTag(undefined)).toBe('pre_transit');
  });

  it('reads the older field names too (country_iso3, a string expected_delivery)', () => {
    const result = fromAfterShipTracking(
      {
        tracking_number: NUMBER,
        tag: 'Delivered',
        expected_delivery: '2026-09-09',
        checkpoints: [
          { checkpoint_time: '2026-09-09T14:00:00-04:00', tag: 'Delivered', city: 'BROOKLYN', state: 'NY', country_iso3: 'USA', message: 'Delivered' },
          { tag: 'InTransit' },
        ],
      },
      NUMBER,
    );
    expect(result.expected_delivery).toBe('2026-09-09');
    expect(result.checkpoints).toEqual([
      { checkpoint_time: '2026-09-09T14:00:00-04:00', tag: 'delivered', city: 'BROOKLYN', state: 'NY', country_iso3: 'USA', message: 'Delivered' },
    ]);
  });
});
