/**
 * The sandbox tracker's timelines at fixed moments: no clock, no randomness outside the seed.
 */
import { describe, expect, it } from 'vitest';
import { uspsCheckDigit } from '../../../../functions/providers/carrier/tracking-number';
import { SANDBOX_MESSAGES, SandboxTracker, sandboxJourney, sandboxTimeline } from '../../../../functions/providers/tracking/sandbox-tracker';
import type { TrackedLabel, TrackingResult } from '../../../../functions/providers/tracking/tracking';

const NUMBER = '9405511202575421535949';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Label bought at 10:12 in San Francisco (PDT) on Monday 2026-09-07, to Brooklyn. */
const label: TrackedLabel = {
  createdAt: '2026-09-07T17:12:00.000Z',
  labelType: 'usps_priority',
  service: 'USPS Priority Mail',
  from: { city: 'San Francisco', state: 'CA', zip: '94104' },
  to: { city: 'Brooklyn', state: 'NY', zip: '11201' },
};
const created = Date.parse(label.createdAt);
const at = (ms: number) => new Date(ms);

/** `count` distinct well-formed 22-digit numbers starting 94. */
function numbers(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const body = `9405512${String(100000 + i * 7919).padStart(6, '0')}${String(i * 104729).padStart(8, '0')}`;
    return `${body}${uspsCheckDigit(body)}`;
  });
}

const ROUTES: Array<Pick<TrackedLabel, 'from' | 'to'>> = [
  { from: label.from, to: label.to },
  { from: { city: 'Oakland', state: 'CA', zip: '94607' }, to: { city: 'San Jose', state: 'CA', zip: '95112' } },
  { from: { city: 'Miami', state: 'FL', zip: '33101' }, to: { city: 'Seattle', state: 'WA', zip: '98101-1234' } },
  { from: { city: 'Honolulu', state: 'HI', zip: '96813' }, to: { city: 'Bangor', state: 'ME', zip: '04401' } },
  { from: { city: 'Boston', state: 'MA', zip: '02108' }, to: { city: 'Hagatna', state: 'GU', zip: '96910' } },
];
const CREATION_TIMES = ['2026-09-07T17:12:00.000Z', '2026-03-08T09:30:00.000Z', '2026-11-01T06:45:00.000Z', '2026-12-31T23:59:59.999Z'];

const end = (result: TrackingResult) => result.checkpoints.at(-1)!;
const times = (result: TrackingResult) => result.checkpoints.map((c) => Date.parse(c.checkpoint_time));

describe('sandboxTimeline', () => {
  it('right after creation: one pre_transit checkpoint, label created, in the sender city', () => {
    const result = sandboxTimeline(label, NUMBER, at(created + 60_000));
    expect(result).toEqual({
      tracking_number: NUMBER,
      slug: 'usps',
      tag: 'pre_transit',
      expected_delivery: expect.stringMatching(/^2026-09-(09|10)$/),
      aftership_estimated_delivery_date: null,
      courier_tracking_link: `https://tools.usps.com/go/TrackConfirmAction?tLabels=${NUMBER}`,
      service: 'USPS Priority Mail',
      checkpoints: [
        {
          checkpoint_time: '2026-09-07T10:12:00-07:00',
          tag: 'pre_transit',
          city: 'SAN FRANCISCO',
          state: 'CA',
          country_iso3: 'USA',
          message: 'Shipping Label Created, USPS Awaiting Item',
        },
      ],
    });
    // At the very moment of creation too.
    expect(sandboxTimeline(label, NUMBER, at(created)).checkpoints).toHaveLength(1);
  });

  it('answers with exactly the SPEC field names', () => {
    const result = sandboxTimeline(label, NUMBER, at(created + 30 * DAY));
    expect(Object.keys(result).sort()).toEqual(
      ['aftership_estimated_delivery_date', 'checkpoints', 'courier_tracking_link', 'expected_delivery', 'service', 'slug', 'tag', 'tracking_number'].sort(),
    );
    for (const c of result.checkpoints) {
      expect(Object.keys(c).sort()).toEqual(['checkpoint_time', 'city', 'country_iso3', 'message', 'state', 'tag']);
    }
  });

  it('a day later: in_transit, accepted in the sender city and at the origin hub', () => {
    const result = sandboxTimeline(label, NUMBER, at(created + DAY));
    expect(result.tag).toBe('in_transit');
    const [first, accepted, hub] = result.checkpoints;
    expect(first?.tag).toBe('pre_transit');
    expect(accepted).toMatchObject({ message: SANDBOX_MESSAGES.accepted, city: 'SAN FRANCISCO', state: 'CA', tag: 'in_transit' });
    // 941xx is served by the San Francisco distribution centre in Richmond, CA.
    expect(hub).toMatchObject({ message: SANDBOX_MESSAGES.arrivedHub, city: 'RICHMOND', state: 'CA', tag: 'in_transit' });
    expect(result.checkpoints.map((c) => c.tag)).not.toContain('delivered');
    expect(result.checkpoints.every((c) => Date.parse(c.checkpoint_time) <= created + DAY)).toBe(true);
  });

  it('after the end: delivered in the recipient city, after out for delivery, on the expected day', () => {
    const result = sandboxTimeline(label, NUMBER, at(created + 30 * DAY));
    expect(result.tag).toBe('delivered');
    expect(end(result)).toMatchObject({ message: 'Delivered, In/At Mailbox', city: 'BROOKLYN', state: 'NY', tag: 'delivered', country_iso3: 'USA' });
    const messages = result.checkpoints.map((c) => c.message);
    expect(messages.slice(-3)).toEqual([SANDBOX_MESSAGES.arrivedPostOffice, SANDBOX_MESSAGES.outForDelivery, SANDBOX_MESSAGES.delivered]);
    expect(result.checkpoints.at(-2)).toMatchObject({ tag: 'out_for_delivery', city: 'BROOKLYN' });
    // Two hubs: San Francisco's (Richmond, CA) and New York's (Jersey City, NJ); the line haul in between has no place.
    expect(result.checkpoints.filter((c) => c.message === SANDBOX_MESSAGES.arrivedHub).map((c) => c.city)).toEqual(['RICHMOND', 'JERSEY CITY']);
    expect(result.checkpoints.find((c) => c.message === SANDBOX_MESSAGES.inTransit)).toMatchObject({ city: null, state: null });
    // Local times with their offsets: PDT at the origin, EDT at the destination.
    expect(result.checkpoints[0]!.checkpoint_time.endsWith('-07:00')).toBe(true);
    expect(end(result).checkpoint_time.endsWith('-04:00')).toBe(true);
    expect(end(result).checkpoint_time.slice(0, 10)).toBe(result.expected_delivery);
    // The planned day does not move while the package travels.
    expect(sandboxTimeline(label, NUMBER, at(created)).expected_delivery).toBe(result.expected_delivery);
  });

  it('gives the same answer for the same inputs, and a later moment only adds checkpoints', () => {
    const moments = [0, 5 * HOUR, DAY, 2 * DAY, 3 * DAY, 10 * DAY].map((d) => at(created + d));
    let previous: TrackingResult | undefined;
    for (const now of moments) {
      const once = sandboxTimeline(label, NUMBER, now);
      expect(sandboxTimeline(structuredClone(label), NUMBER, new Date(now.getTime()))).toEqual(once);
      if (previous) expect(once.checkpoints.slice(0, previous.checkpoints.length)).toEqual(previous.checkpoints);
      previous = once;
    }
  });

  it('differs between numbers (the seed) but keeps its shape', () => {
    const [a, b] = numbers(2) as [string, string];
    const one = sandboxTimeline(label, a, at(created + 30 * DAY));
    const two = sandboxTimeline(label, b, at(created + 30 * DAY));
    expect(one.checkpoints.map((c) => c.checkpoint_time)).not.toEqual(two.checkpoints.map((c) => c.checkpoint_time));
    expect(one.checkpoints.map((c) => c.message)).toEqual(two.checkpoints.map((c) => c.message));
  });

  it('orders checkpoint times strictly, on every route, service and creation time', () => {
    for (const number of numbers(25)) {
      for (const route of ROUTES) {
        for (const createdAt of CREATION_TIMES) {
          for (const labelType of ['usps_priority', 'usps_ground']) {
            const result = sandboxTimeline({ ...label, ...route, createdAt, labelType }, number, at(Date.parse(createdAt) + 60 * DAY));
            const t = times(result);
            expect(t.every(Number.isFinite)).toBe(true);
            for (let i = 1; i < t.length; i++) expect(t[i]!, `${number} ${route.to.city} ${createdAt} ${labelType} #${i}`).toBeGreaterThan(t[i - 1]!);
            expect(t[0]).toBe(Math.floor(Date.parse(createdAt) / 60_000) * 60_000);
            expect(result.tag).toBe('delivered');
          }
        }
      }
    }
  });

  it('uses one hub when sender and recipient share a distribution centre', () => {
    const local = { ...label, from: { city: 'Oakland', state: 'CA', zip: '94607' }, to: { city: 'San Jose', state: 'CA', zip: '95112' } };
    const result = sandboxTimeline(local, NUMBER, at(created + 30 * DAY));
    const hubs = result.checkpoints.filter((c) => c.message === SANDBOX_MESSAGES.arrivedHub);
    expect(hubs.map((c) => c.city)).toEqual(['RICHMOND']);
    expect(end(result)).toMatchObject({ city: 'SAN JOSE', state: 'CA', tag: 'delivered' });
  });

  it('delivers Priority in 2-3 days and Ground Advantage in 3-5, Priority always sooner', () => {
    const deliveredDays = (labelType: string, number: string) => {
      const result = sandboxTimeline({ ...label, labelType, service: null }, number, at(created + 30 * DAY));
      const day = Date.parse(`${end(result).checkpoint_time.slice(0, 10)}T00:00:00Z`);
      return { days: (day - Date.parse('2026-09-07T00:00:00Z')) / DAY, at: Date.parse(end(result).checkpoint_time), service: result.service };
    };
    const seen = { priority: new Set<number>(), ground: new Set<number>() };
    for (const number of numbers(60)) {
      const priority = deliveredDays('usps_priority', number);
      const ground = deliveredDays('usps_ground', number);
      expect(priority.at).toBeLessThan(ground.at);
      expect(priority.days).toBeGreaterThanOrEqual(2);
      expect(priority.days).toBeLessThanOrEqual(3);
      expect(ground.days).toBeGreaterThanOrEqual(3);
      expect(ground.days).toBeLessThanOrEqual(5);
      seen.priority.add(priority.days);
      seen.ground.add(ground.days);
      // Without a service name on the label, the label type's.
      expect(priority.service).toBe('USPS Priority Mail');
      expect(ground.service).toBe('USPS Ground Advantage');
    }
    expect([...seen.priority].sort()).toEqual([2, 3]);
    expect([...seen.ground].sort()).toEqual([3, 4, 5]);
  });

  it('a label bought late in the day is accepted the next day', () => {
    const late = { ...label, createdAt: '2026-09-08T01:30:00.000Z' }; // 18:30 PDT on the 7th
    const result = sandboxTimeline(late, NUMBER, at(Date.parse(late.createdAt) + 30 * DAY));
    expect(result.checkpoints[1]).toMatchObject({ message: SANDBOX_MESSAGES.accepted });
    expect(result.checkpoints[1]!.checkpoint_time.slice(0, 10)).toBe('2026-09-08');
  });

  it('shows nothing before the label exists', () => {
    const result = sandboxTimeline(label, NUMBER, at(created - HOUR));
    expect(result.tag).toBe('pre_transit');
    expect(result.checkpoints).toEqual([]);
  });

  it('refuses a label whose createdAt is not a time', () => {
    expect(() => sandboxTimeline({ ...label, createdAt: 'yesterday' }, NUMBER, at(created))).toThrow('createdAt');
  });
});

describe('SandboxTracker', () => {
  it('tracks a label at the clock it is given', async () => {
    const tracker = new SandboxTracker(() => at(created + DAY));
    await expect(tracker.track(NUMBER, label)).resolves.toEqual(sandboxTimeline(label, NUMBER, at(created + DAY)));
  });

  it('knows nothing of a number without a label', async () => {
    await expect(new SandboxTracker().track(NUMBER)).resolves.toBeUndefined();
  });

  it("shows at least the local advance control's forced steps, with their planned times, and more when the clock has passed them", async () => {
    const journey = sandboxJourney(label, NUMBER);
    const forced = (n: number) =>
      new SandboxTracker(
        () => at(created),
        () => Promise.resolve(n),
      );

    const three = await forced(3).track(NUMBER, label);
    expect(three?.checkpoints).toEqual(journey.slice(0, 3));
    expect(three?.tag).toBe(journey[2]?.tag);
    // The clock a week on shows everything, whatever was forced.
    const later = await new SandboxTracker(
      () => at(created + 7 * DAY),
      () => Promise.resolve(3),
    ).track(NUMBER, label);
    expect(later?.checkpoints).toEqual(journey);
    expect((await forced(journey.length + 5).track(NUMBER, label))?.checkpoints).toEqual(journey);
  });
});
