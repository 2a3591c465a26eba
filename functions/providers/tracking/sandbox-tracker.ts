/**
 * The sandbox tracker (TRACKING_PROVIDER=sandbox, the default): for a label we created, the journey
 * a USPS package of that service would plausibly make, derived from the label alone -- its creation
 * time, its addresses and its service -- and shown up to the given moment. No network, no storage.
 *
 * Deterministic: every random choice comes from a generator seeded by the tracking number, drawn in
 * a fixed order, so the same number and label at the same moment always give the same answer, and
 * a later moment only adds checkpoints.
 *
 * The plan (times local to each place; USPS's own checkpoint messages):
 *
 *   label created     Shipping Label Created, USPS Awaiting Item   sender's city     pre_transit
 *   drop-off          Accepted at USPS Origin Facility             sender's city     in_transit
 *                     the same day 16:00-19:30 when the label was made before 15:00, else the next
 *                     day 09:00-18:00 (and never sooner than 90 minutes after the label)
 *   +3-6 h            Arrived at USPS Regional Facility            origin hub        in_transit
 *   +2-6 h            Departed USPS Regional Facility              origin hub        in_transit
 *                     In Transit to Next Facility                  (no place)        in_transit
 *   when the hubs differ:
 *                     Arrived at USPS Regional Facility            destination hub   in_transit
 *                     Departed USPS Regional Facility              destination hub   in_transit
 *   delivery day      Arrived at Post Office  05:00-07:30          recipient's city  in_transit
 *                     Out for Delivery        07:45-09:30          recipient's city  out_for_delivery
 *                     Delivered, In/At Mailbox 11:00-17:30         recipient's city  delivered
 *
 * The delivery day is the drop-off day plus 2-3 days for Priority Mail and 3-5 for Ground Advantage
 * (one draw decides both, so for the same number Priority is always the faster), and later if the
 * package would otherwise spend less than 18 hours between drop-off and the post office. Hubs are
 * the USPS distribution centres serving the sender's and the recipient's ZIPs (usps-network.ts).
 * `expected_delivery` is the planned delivery day from the start.
 */
import { createHash } from 'node:crypto';
import { serviceOfLabel } from '../carrier/usps-services';
import type { Checkpoint, PackageTracker, TrackedLabel, TrackingResult, TrackingTag } from './tracking';
import { USPS_SLUG, formatDay, formatLocal, hubForZip, instantAt, localDayAndMinute, uspsTrackingLink, type LocalDay, type Place } from './usps-network';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** The least time between drop-off and the destination post office. */
const MIN_LINE_HAUL_MS = 18 * HOUR_MS;

export const SANDBOX_MESSAGES = {
  labelCreated: 'Shipping Label Created, USPS Awaiting Item',
  accepted: 'Accepted at USPS Origin Facility',
  arrivedHub: 'Arrived at USPS Regional Facility',
  departedHub: 'Departed USPS Regional Facility',
  inTransit: 'In Transit to Next Facility',
  arrivedPostOffice: 'Arrived at Post Office',
  outForDelivery: 'Out for Delivery',
  delivered: 'Delivered, In/At Mailbox',
} as const;

/** One planned scan: when (epoch ms, whole minutes), where (null: no place), what. */
interface PlannedEvent {
  at: number;
  /** The place whose local time the checkpoint is written in. */
  zoneOf: Place;
  place: Place | null;
  tag: TrackingTag;
  message: string;
}

interface Plan {
  events: PlannedEvent[];
  /** YYYY-MM-DD in the recipient's time zone. */
  expectedDelivery: string;
}

/** mulberry32: a small, good-enough PRNG; uniform in [0, 1). */
function seededRandom(seedText: string): () => number {
  let a = createHash('sha256').update(seedText).digest().readUInt32BE(0);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const place = (p: { city: string; state: string }): Place => ({ city: p.city.trim().toUpperCase(), state: p.state.trim().toUpperCase() });
const samePlace = (a: Place, b: Place) => a.city === b.city && a.state === b.state;
const toMinute = (ms: number) => Math.floor(ms / MINUTE_MS) * MINUTE_MS;

/** Priority speed (P: Priority and Express) or Ground speed (G: Ground Advantage, Media Mail); an unknown type is treated as Ground. */
function serviceLetter(label: TrackedLabel): 'P' | 'G' {
  try {
    const letter = serviceOfLabel(label).letter;
    return letter === 'P' || letter === 'E' ? 'P' : 'G';
  } catch {
    return 'G';
  }
}

function serviceName(label: TrackedLabel): string | null {
  if (label.service) return label.service;
  try {
    return serviceOfLabel(label).name;
  } catch {
    return null;
  }
}

/** The whole journey of the label, every event, past and future. */
function planJourney(label: TrackedLabel, trackingNumber: string): Plan {
  const created = Date.parse(label.createdAt);
  if (!Number.isFinite(created)) throw new Error(`Label createdAt is not a time: ${JSON.stringify(label.createdAt)}`);
  const random = seededRandom(`prepaidship-sandbox-tracking:${trackingNumber}`);
  // Draw everything up front, in a fixed order: the plan never depends on how far it is shown.
  const [rDays, rAccept, rHubIn, rHubOut, rTransit, rHub2In, rHub2Out, rPostOffice, rOut, rDelivered] = Array.from({ length: 10 }, random) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];

  const origin = place(label.from);
  const destination = place(label.to);
  const originHub = hubForZip(label.from.zip);
  const destinationHub = hubForZip(label.to.zip);

  // Drop-off at the origin post office.
  const made = localDayAndMinute(origin.state, created);
  const sameDay = made.minute < 15 * 60;
  const acceptDay: LocalDay = sameDay ? made.day : made.day + 1;
  const acceptMinute = sameDay ? 16 * 60 + rAccept * 210 : 9 * 60 + rAccept * 540;
  const accepted = toMinute(Math.max(instantAt(origin.state, acceptDay, acceptMinute), created + 90 * MINUTE_MS));

  // Delivery day: one draw for both services keeps Priority strictly faster for the same number.
  const transitDays = serviceLetter(label) === 'P' ? (rDays < 0.5 ? 2 : 3) : 3 + Math.min(2, Math.floor(rDays * 3));
  let deliveryDay: LocalDay = acceptDay + transitDays;
  const postOfficeAt = () => toMinute(instantAt(destination.state, deliveryDay, 5 * 60 + rPostOffice * 150));
  while (postOfficeAt() - accepted < MIN_LINE_HAUL_MS) deliveryDay += 1;
  const atPostOffice = postOfficeAt();
  const outForDelivery = toMinute(instantAt(destination.state, deliveryDay, 7 * 60 + 45 + rOut * 105));
  const delivered = toMinute(instantAt(destination.state, deliveryDay, 11 * 60 + rDelivered * 390));

  // The line haul: the origin hub a few hours after drop-off, then spread out to the post office.
  const hubIn = toMinute(accepted + (3 + rHubIn * 3) * HOUR_MS);
  const hubOut = toMinute(hubIn + (2 + rHubOut * 4) * HOUR_MS);
  const rest = atPostOffice - hubOut;
  const twoHubs = !samePlace(originHub, destinationHub);

  const events: PlannedEvent[] = [
    { at: toMinute(created), zoneOf: origin, place: origin, tag: 'pre_transit', message: SANDBOX_MESSAGES.labelCreated },
    { at: accepted, zoneOf: origin, place: origin, tag: 'in_transit', message: SANDBOX_MESSAGES.accepted },
    { at: hubIn, zoneOf: originHub, place: originHub, tag: 'in_transit', message: SANDBOX_MESSAGES.arrivedHub },
    { at: hubOut, zoneOf: originHub, place: originHub, tag: 'in_transit', message: SANDBOX_MESSAGES.departedHub },
  ];
  if (twoHubs) {
    events.push(
      { at: toMinute(hubOut + rest * (0.2 + rTransit * 0.15)), zoneOf: originHub, place: null, tag: 'in_transit', message: SANDBOX_MESSAGES.inTransit },
      {
        at: toMinute(hubOut + rest * (0.55 + rHub2In * 0.15)),
        zoneOf: destinationHub,
        place: destinationHub,
        tag: 'in_transit',
        message: SANDBOX_MESSAGES.arrivedHub,
      },
      {
        at: toMinute(hubOut + rest * (0.8 + rHub2Out * 0.1)),
        zoneOf: destinationHub,
        place: destinationHub,
        tag: 'in_transit',
        message: SANDBOX_MESSAGES.departedHub,
      },
    );
  } else {
    events.push({
      at: toMinute(hubOut + rest * (0.3 + rTransit * 0.3)),
      zoneOf: originHub,
      place: null,
      tag: 'in_transit',
      message: SANDBOX_MESSAGES.inTransit,
    });
  }
  events.push(
    { at: atPostOffice, zoneOf: destination, place: destination, tag: 'in_transit', message: SANDBOX_MESSAGES.arrivedPostOffice },
    { at: outForDelivery, zoneOf: destination, place: destination, tag: 'out_for_delivery', message: SANDBOX_MESSAGES.outForDelivery },
    { at: delivered, zoneOf: destination, place: destination, tag: 'delivered', message: SANDBOX_MESSAGES.delivered },
  );
  return { events, expectedDelivery: formatDay(deliveryDay) };
}

const toCheckpoint = (e: PlannedEvent): Checkpoint => ({
  checkpoint_time: formatLocal(e.zoneOf.state, e.at),
  tag: e.tag,
  city: e.place?.city ?? null,
  state: e.place?.state ?? null,
  country_iso3: 'USA',
  message: e.message,
});

/**
 * What tracking `trackingNumber` (a label of ours, `label`) shows at `now`: the checkpoints planned
 * for moments up to `now`, oldest first, and the latest one's tag (pre_transit before the first).
 * Pure: the same arguments always give the same result. Throws for a label whose createdAt is not
 * a time (a bug in the caller).
 */
export function sandboxTimeline(label: TrackedLabel, trackingNumber: string, now: Date, atLeast = 0): TrackingResult {
  const plan = planJourney(label, trackingNumber);
  // `atLeast`: the local advance control moved the label on ahead of its clock.
  const shown = plan.events.filter((e, i) => e.at <= now.getTime() || i < atLeast);
  return {
    tracking_number: trackingNumber,
    slug: USPS_SLUG,
    tag: shown.at(-1)?.tag ?? 'pre_transit',
    expected_delivery: plan.expectedDelivery,
    aftership_estimated_delivery_date: null,
    courier_tracking_link: uspsTrackingLink(trackingNumber),
    service: serviceName(label),
    checkpoints: shown.map(toCheckpoint),
  };
}

/** Every planned checkpoint of the label's journey, past and future, oldest first (the sandbox emitter's plan). */
export const sandboxJourney = (label: TrackedLabel, trackingNumber: string): Checkpoint[] => planJourney(label, trackingNumber).events.map(toCheckpoint);

export class SandboxTracker implements PackageTracker {
  /**
   * `now` is the clock (tests pass a fixed one); `forcedSteps` how many planned events a label shows
   * at least, whatever the clock (the local advance control's count; none when not given).
   */
  constructor(
    private readonly now: () => Date = () => new Date(),
    private readonly forcedSteps?: (trackingNumber: string) => Promise<number>,
  ) {}

  /**
   * The label's timeline now; undefined without a label (a number we did not make). Nothing is ever
   * created, so `create` (TrackOptions) changes nothing here.
   */
  async track(trackingNumber: string, label?: TrackedLabel): Promise<TrackingResult | undefined> {
    if (!label) return undefined;
    const atLeast = this.forcedSteps ? await this.forcedSteps(trackingNumber) : 0;
    return sandboxTimeline(label, trackingNumber, this.now(), atLeast);
  }
}
