/**
 * Package tracking through AfterShip's Tracking API (TRACKING_PROVIDER=aftership,
 * AFTERSHIP_API_KEY), API version 2026-07, with the global fetch. Every call sends the key in the
 * `as-api-key` header and is given 10 seconds. Answers come in AfterShip's envelope
 * `{ meta: { code, message, type }, data }`.
 *
 *   find     GET  {AFTERSHIP_API_URL}/tracking/2026-07/trackings?tracking_numbers={n}&slug=usps
 *                                         -> data.trackings: [Tracking] (empty: AfterShip has no such tracking)
 *   create   POST {AFTERSHIP_API_URL}/tracking/2026-07/trackings  { tracking_number, slug: "usps" }
 *                                         -> data: Tracking (tag Pending, no checkpoints yet)
 *   read     GET  {AFTERSHIP_API_URL}/tracking/2026-07/trackings/{id}
 *                                         -> data: Tracking
 *
 * The versioned API has no "get by slug and number" any more: GET /trackings/{slug}/{number} was
 * marked "will be deprecated in version 2024-10" in the 2024-07 API and is absent from 2025-04 on,
 * where a tracking is read by its id only. A number is found with the list's `tracking_numbers`
 * and `slug` filters. When it is not there it is created and then read by its id -- only when the
 * caller allows it (`create`, true for our own labels' numbers); otherwise the answer is undefined.
 * A create that answers meta.code 4003 (the tracking already exists: a concurrent request made it)
 * is followed by one more find.
 *
 * Mapping to TrackingResult (SPEC.md section 3 names):
 *   tag                     Tracking.tag, see TRACKING_TAGS (Pending/InfoReceived -> pre_transit,
 *                           Exception -> failure, others in snake_case); anything else pre_transit
 *   expected_delivery       the first estimate found, in this order: courier_estimated_delivery_date
 *                           (the carrier's), latest_estimated_delivery (AfterShip's current best,
 *                           `type` "specific" or "range"), a legacy string `expected_delivery`. An
 *                           estimate given as a range (estimated_delivery_date_min/_max, or
 *                           datetime_min/_max) answers its last day here, so a reader of this one
 *                           field gets "by then", and both ends in expected_delivery_range
 *   expected_delivery_range { earliest, latest } when that estimate is a range; absent otherwise
 *   aftership_estimated_delivery_date  aftership_estimated_delivery_date.estimated_delivery_date, or
 *                           the last day of its range
 *   courier_tracking_link   courier_tracking_link, or USPS's page when AfterShip gives none
 *   service                 shipment_type, or the label's service
 *   checkpoints[]           checkpoint_time, tag (mapped as above), city, state, message, and
 *                           country_iso3 from country_region (the current name of the ISO alpha-3
 *                           field; country_iso3 in older versions), in AfterShip's order (oldest first)
 *
 * An answer about another tracking number or another courier than asked (usps) is refused:
 * ProviderUnavailable naming both, never shown as this number's journey. The find skips such
 * entries of its list (a number may be tracked at several couriers); a create or read-by-id answer
 * is about one tracking, so a mismatch there is AfterShip answering wrongly.
 *
 * Undefined (the handler's 404) when AfterShip refuses the number itself: meta.code 4005 (invalid
 * tracking_number), 4012 (no such number at the carrier) or 4017 (format invalid). Anything else --
 * network error, timeout, 401, 429, 5xx, another 4xx, a body that is not JSON or not the expected
 * shape -- is ProviderUnavailable('Package tracking', detail); the detail names the call and
 * AfterShip's meta but never the key.
 */
import { ProviderUnavailable } from '../../errors';
import { clip, redact } from '../payments/checkout-request';
import type { Checkpoint, PackageTracker, TrackedLabel, TrackingResult, TrackingTag, TrackOptions } from './tracking';
import { USPS_SLUG, uspsTrackingLink } from './usps-network';

export const AFTERSHIP_API_VERSION = '2026-07';
export const AFTERSHIP_TIMEOUT_MS = 10_000;
/** The provider name callers see in the 502 message. */
export const TRACKING_PROVIDER_NAME = 'Package tracking';

/** meta.code values that mean "this is not a number AfterShip can track at USPS". */
const UNTRACKABLE_CODES = new Set([4005, 4012, 4017]);
const TRACKING_ALREADY_EXISTS = 4003;

export interface AfterShipTrackerOptions {
  apiKey: string;
  /** e.g. https://api.aftership.com (no /tracking/<version>). */
  apiUrl: string;
}

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** AfterShip's tag (PascalCase) in our vocabulary. */
const TAGS: Record<string, TrackingTag> = {
  Pending: 'pre_transit',
  InfoReceived: 'pre_transit',
  InTransit: 'in_transit',
  OutForDelivery: 'out_for_delivery',
  AttemptFail: 'attempt_fail',
  AvailableForPickup: 'available_for_pickup',
  Delivered: 'delivered',
  Exception: 'failure',
  Expired: 'expired',
};
const OUR_TAGS = new Set<string>(Object.values(TAGS));

/** AfterShip's tag as a TrackingTag; ours are accepted as they are; unknown or missing -> pre_transit. */
export function afterShipTag(tag: unknown): TrackingTag {
  if (typeof tag !== 'string') return 'pre_transit';
  if (Object.hasOwn(TAGS, tag)) return TAGS[tag]!;
  return OUR_TAGS.has(tag) ? (tag as TrackingTag) : 'pre_transit';
}

/** A delivery estimate: one day (or date-time), or a range whose `date` is its last day. */
interface Estimate {
  date: string;
  range?: { earliest: string; latest: string };
}

/**
 * An AfterShip estimate object: the `estimated_delivery_date[_min|_max]` kind (courier's, AfterShip's)
 * or the `datetime[_min|_max]` kind (latest_estimated_delivery). A single date wins over a range when
 * both are given; a range with one end only is read as that end.
 */
function estimate(value: unknown): Estimate | undefined {
  if (!isRecord(value)) return undefined;
  const single = str(value.estimated_delivery_date) ?? str(value.datetime);
  if (single) return { date: single };
  const earliest = str(value.estimated_delivery_date_min) ?? str(value.datetime_min);
  const latest = str(value.estimated_delivery_date_max) ?? str(value.datetime_max);
  if (earliest && latest) return earliest === latest ? { date: latest } : { date: latest, range: { earliest, latest } };
  const either = latest ?? earliest;
  return either ? { date: either } : undefined;
}

/** The expected delivery of a Tracking (see the header for the order of the sources). */
function expectedDelivery(t: Json): Pick<TrackingResult, 'expected_delivery' | 'expected_delivery_range'> {
  const found = estimate(t.courier_estimated_delivery_date) ?? estimate(t.latest_estimated_delivery);
  if (found) return found.range ? { expected_delivery: found.date, expected_delivery_range: found.range } : { expected_delivery: found.date };
  return { expected_delivery: str(t.expected_delivery) };
}

/** Whether a Tracking is about `trackingNumber` at USPS; the reason it is not, otherwise. */
function mismatch(t: Json, trackingNumber: string): string | undefined {
  const number = typeof t.tracking_number === 'string' ? t.tracking_number.trim() : undefined;
  if (number === undefined) return 'a tracking without a tracking_number';
  if (number.toUpperCase() !== trackingNumber.toUpperCase()) return `tracking_number ${clip(number, 40)}`;
  if (t.slug !== undefined && (typeof t.slug !== 'string' || t.slug.toLowerCase() !== USPS_SLUG))
    return `slug ${clip(typeof t.slug === 'string' ? t.slug : JSON.stringify(t.slug), 40)}`;
  return undefined;
}

function toCheckpoint(c: Json): Checkpoint | undefined {
  const time = str(c.checkpoint_time);
  if (!time) return undefined;
  return {
    checkpoint_time: time,
    tag: afterShipTag(c.tag),
    city: str(c.city),
    state: str(c.state),
    country_iso3: str(c.country_region) ?? str(c.country_iso3),
    message: str(c.message) ?? str(c.subtag_message) ?? '',
  };
}

/** An AfterShip Tracking object as our TrackingResult (its number and courier already checked: AfterShipTracker.track). */
export function fromAfterShipTracking(t: Json, trackingNumber: string, label?: TrackedLabel): TrackingResult {
  const checkpoints = (Array.isArray(t.checkpoints) ? t.checkpoints : []).filter(isRecord).flatMap((c) => toCheckpoint(c) ?? []);
  return {
    tracking_number: trackingNumber,
    slug: USPS_SLUG,
    tag: afterShipTag(t.tag),
    ...expectedDelivery(t),
    aftership_estimated_delivery_date: estimate(t.aftership_estimated_delivery_date)?.date ?? null,
    courier_tracking_link: str(t.courier_tracking_link) ?? uspsTrackingLink(trackingNumber),
    service: str(t.shipment_type) ?? label?.service ?? null,
    checkpoints,
  };
}

/** What one call answered: HTTP status, AfterShip's meta and data. */
interface Answer {
  status: number;
  metaCode: number | undefined;
  metaMessage: string;
  data: unknown;
}

export class AfterShipTracker implements PackageTracker {
  private readonly apiKey: string;
  private readonly baseUrl: string;

  constructor(options: AfterShipTrackerOptions) {
    if (!options.apiKey) throw new Error('AfterShipTracker needs an API key');
    this.apiKey = options.apiKey;
    this.baseUrl = `${options.apiUrl.replace(/\/+$/, '')}/tracking/${AFTERSHIP_API_VERSION}`;
  }

  async track(trackingNumber: string, label?: TrackedLabel, { create = true }: TrackOptions = {}): Promise<TrackingResult | undefined> {
    const found = await this.find(trackingNumber);
    if (found) return fromAfterShipTracking(found, trackingNumber, label);
    // Each tracking is billed: only numbers of our own labels become one.
    if (!create) return undefined;

    const created = await this.call('POST', '/trackings', { tracking_number: trackingNumber, slug: USPS_SLUG });
    if (created.status >= 400) {
      if (created.metaCode !== undefined && UNTRACKABLE_CODES.has(created.metaCode)) return undefined;
      if (created.metaCode === TRACKING_ALREADY_EXISTS) {
        const raced = await this.find(trackingNumber);
        if (raced) return fromAfterShipTracking(raced, trackingNumber, label);
      }
      throw this.failed('POST /trackings', created);
    }
    const tracking = this.sameTracking(this.trackingOf(created, 'POST /trackings'), trackingNumber, 'POST /trackings');
    const id = str(tracking.id);
    if (!id) return fromAfterShipTracking(tracking, trackingNumber, label);

    const path = `/trackings/${encodeURIComponent(id)}`;
    const read = await this.call('GET', path);
    if (read.status >= 400) throw this.failed(`GET ${path}`, read);
    return fromAfterShipTracking(this.sameTracking(this.trackingOf(read, `GET ${path}`), trackingNumber, `GET ${path}`), trackingNumber, label);
  }

  /** `tracking` when it is about `trackingNumber` at USPS; ProviderUnavailable naming the difference otherwise. */
  private sameTracking(tracking: Json, trackingNumber: string, call: string): Json {
    const wrong = mismatch(tracking, trackingNumber);
    if (wrong) throw this.unavailable(`${call} answered ${wrong}, not ${trackingNumber} at ${USPS_SLUG}`);
    return tracking;
  }

  /** The USPS tracking of `trackingNumber` at AfterShip, or undefined when it has none. */
  private async find(trackingNumber: string): Promise<Json | undefined> {
    const query = new URLSearchParams({ tracking_numbers: trackingNumber, slug: USPS_SLUG });
    const answer = await this.call('GET', `/trackings?${query.toString()}`);
    if (answer.status >= 400) throw this.failed('GET /trackings', answer);
    const list = isRecord(answer.data) ? answer.data.trackings : undefined;
    if (!Array.isArray(list)) throw this.unavailable(`GET /trackings answered HTTP ${answer.status} without data.trackings`);
    return list.filter(isRecord).find((t) => mismatch(t, trackingNumber) === undefined);
  }

  /** The Tracking in a create/read answer: `data` itself (2024-07 on) or `data.tracking` (older). */
  private trackingOf(answer: Answer, call: string): Json {
    const data = isRecord(answer.data) ? answer.data : undefined;
    const tracking = data && isRecord(data.tracking) ? data.tracking : data;
    if (!tracking || (tracking.tracking_number === undefined && tracking.id === undefined)) {
      throw this.unavailable(`${call} answered HTTP ${answer.status} without a tracking`);
    }
    return tracking;
  }

  /**
   * One call to AfterShip. Answers any HTTP status whose body is AfterShip's JSON envelope; throws
   * ProviderUnavailable for a network error, a timeout or a body that is not a JSON object.
   */
  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    const where = `${method} ${path.split('?')[0]}`;
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          'as-api-key': this.apiKey,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(AFTERSHIP_TIMEOUT_MS),
      });
    } catch (err) {
      throw this.unavailable(`${where} failed: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`);
    }
    const text = await res.text().catch(() => '');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw this.unavailable(`${where} answered HTTP ${res.status} with a body that is not JSON: ${clip(text, 100)}`);
    }
    if (!isRecord(parsed)) throw this.unavailable(`${where} answered HTTP ${res.status} with JSON that is not an object`);
    const meta = isRecord(parsed.meta) ? parsed.meta : {};
    const metaCode = typeof meta.code === 'number' ? meta.code : undefined;
    return { status: res.status, metaCode, metaMessage: typeof meta.message === 'string' ? meta.message : '', data: parsed.data };
  }

  private failed(call: string, answer: Answer): ProviderUnavailable {
    const meta = answer.metaCode === undefined ? '' : ` (meta ${answer.metaCode}${answer.metaMessage ? `: ${clip(answer.metaMessage)}` : ''})`;
    return this.unavailable(`${call} answered HTTP ${answer.status}${meta}`);
  }

  private unavailable(detail: string): ProviderUnavailable {
    return new ProviderUnavailable(TRACKING_PROVIDER_NAME, redact(detail, [this.apiKey]));
  }
}
