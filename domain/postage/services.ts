/**
 * The USPS domestic services a label can be bought as: what each is called, which parcels it takes,
 * how its price is figured (by weight and zone, by cubic tier, or flat), how USPS sees it at
 * EasyPost (its `rate.service` and, for Flat Rate, the `predefined_package`), and what the label
 * prints. The quote (functions/postage/quotes.ts) offers every one that can carry the parcel; the
 * seed's four label types (../pricing.ts) each name one of them (LABEL_TYPE_SERVICES below).
 *
 * Pure data and arithmetic, shared by the Create Label dialog and the Lambdas. The sizes are USPS's
 * published ones (DMM 201, Notice 123); the envelope thicknesses are our own reading of "the flap
 * must close" (docs/decisions/0202-real-postage-quotes.md).
 */

import { type ServiceId } from './service-ids';

export { SERVICE_IDS, type ServiceId } from './service-ids';

/** EasyPost's `rate.service` values for the USPS services we sell. */
export type EasyPostUspsService = 'GroundAdvantage' | 'Priority' | 'Express' | 'MediaMail';

/** The price list's table a service is priced from (usps-prices.json; a flat rate names its key). */
export type PriceTable =
  | { kind: 'weight'; table: 'groundAdvantage' | 'priority' | 'priorityExpress' | 'mediaMail' }
  | { kind: 'cubic'; table: 'groundAdvantage' | 'priority' }
  | { kind: 'flat'; key: 'envelope' | 'legalEnvelope' | 'paddedEnvelope' | 'smallBox' | 'mediumBox' | 'largeBox' };

export interface UspsService {
  id: ServiceId;
  /** What the shipper reads, and the label names. */
  name: string;
  /** One line on what it is, for the dialog. */
  summary: string;
  /** Whether rates mode lists it (Media Mail is a table-mode type's service only: its contents are restricted). */
  listed: boolean;
  easypostService: EasyPostUspsService;
  /** EasyPost's predefined package, sent instead of dimensions, for the Flat Rate envelopes and boxes. */
  predefinedPackage?: string;
  /** The packaging's inside size in inches (any of them, largest side first), for Flat Rate. */
  fits?: readonly (readonly [number, number, number])[];
  price: PriceTable;
  /** Heaviest parcel it takes, in lb. */
  maxWeightLb: number;
  /** Largest length plus girth it takes, in inches (USPS: 130 for Ground Advantage, 108 otherwise). */
  maxLengthPlusGirthIn: number;
  /** Business days (Monday to Saturday) from acceptance to delivery by zone 1..9, USPS's published service standard ranges' upper ends. */
  deliveryDays: readonly [number, number, number, number, number, number, number, number, number];
  /** The big letter in the top-left box of the label. */
  letter: 'G' | 'P' | 'E' | 'M';
  /** The black banner across the label. */
  banner: string;
  /** Three-digit IMpb service type code, used in sandbox tracking numbers only. */
  serviceTypeCode: string;
}

const GROUND_DAYS = [2, 2, 3, 3, 4, 5, 5, 5, 5] as const;
const PRIORITY_DAYS = [1, 2, 2, 2, 3, 3, 3, 3, 3] as const;
const EXPRESS_DAYS = [1, 1, 1, 1, 2, 2, 2, 2, 2] as const;

const priority = { easypostService: 'Priority', letter: 'P', banner: 'USPS PRIORITY MAIL', serviceTypeCode: '055', deliveryDays: PRIORITY_DAYS } as const;
const flatRate = (
  id: ServiceId,
  name: string,
  predefinedPackage: string,
  key: Extract<PriceTable, { kind: 'flat' }>['key'],
  fits: readonly (readonly [number, number, number])[],
  summary: string,
): UspsService => ({
  ...priority,
  id,
  name: `USPS Priority Mail Flat Rate ${name}`,
  summary,
  listed: true,
  predefinedPackage,
  fits,
  price: { kind: 'flat', key },
  maxWeightLb: 70,
  maxLengthPlusGirthIn: 108,
  // The label names the packaging, which USPS checks the parcel against.
  banner: `USPS PRIORITY MAIL FLAT RATE ${name.toUpperCase()}`,
});

const groundAdvantage: UspsService = {
  id: 'usps_ground_advantage',
  name: 'USPS Ground Advantage',
  summary: 'Priced by weight and distance; 2 to 5 business days.',
  listed: true,
  easypostService: 'GroundAdvantage',
  price: { kind: 'weight', table: 'groundAdvantage' },
  maxWeightLb: 70,
  maxLengthPlusGirthIn: 130,
  deliveryDays: GROUND_DAYS,
  letter: 'G',
  banner: 'USPS GROUND ADVANTAGE',
  serviceTypeCode: '001',
};
const priorityMail: UspsService = {
  ...priority,
  id: 'usps_priority_mail',
  name: 'USPS Priority Mail',
  summary: 'Priced by weight and distance; 1 to 3 business days.',
  listed: true,
  price: { kind: 'weight', table: 'priority' },
  maxWeightLb: 70,
  maxLengthPlusGirthIn: 108,
};
/**
 * Cubic is a way USPS prices Ground Advantage and Priority Mail, not a service of its own: the same
 * label, size limit and delivery days, priced by size tier for parcels to 20 lb (whyNot adds the
 * tier and longest-side limits).
 */
const cubic = (service: UspsService, id: ServiceId, table: Extract<PriceTable, { kind: 'cubic' }>['table']): UspsService => ({
  ...service,
  id,
  name: `${service.name} Cubic`,
  summary: 'Priced by size, not weight: small dense parcels to 20 lb and 0.5 cubic feet.',
  price: { kind: 'cubic', table },
  maxWeightLb: 20,
});

export const USPS_SERVICES: readonly UspsService[] = [
  groundAdvantage,
  priorityMail,
  {
    id: 'usps_priority_express',
    name: 'USPS Priority Mail Express',
    summary: 'Overnight to 2 business days, money-back guarantee.',
    listed: true,
    easypostService: 'Express',
    price: { kind: 'weight', table: 'priorityExpress' },
    maxWeightLb: 70,
    maxLengthPlusGirthIn: 108,
    deliveryDays: EXPRESS_DAYS,
    letter: 'E',
    banner: 'USPS PRIORITY MAIL EXPRESS',
    serviceTypeCode: '701',
  },
  flatRate(
    'usps_priority_fr_envelope',
    'Envelope',
    'FlatRateEnvelope',
    'envelope',
    [[12.5, 9.5, 0.75]],
    'Any weight to 70 lb that fits the USPS Flat Rate Envelope.',
  ),
  flatRate(
    'usps_priority_fr_legal_envelope',
    'Legal Envelope',
    'FlatRateLegalEnvelope',
    'legalEnvelope',
    [[15, 9.5, 0.75]],
    'Any weight to 70 lb that fits the USPS Legal Flat Rate Envelope.',
  ),
  flatRate(
    'usps_priority_fr_padded_envelope',
    'Padded Envelope',
    'FlatRatePaddedEnvelope',
    'paddedEnvelope',
    [[12.5, 9.5, 1.5]],
    'Any weight to 70 lb that fits the USPS Padded Flat Rate Envelope.',
  ),
  flatRate(
    'usps_priority_fr_small_box',
    'Small Box',
    'SmallFlatRateBox',
    'smallBox',
    [[8.625, 5.375, 1.625]],
    'Any weight to 70 lb that fits the USPS Small Flat Rate Box.',
  ),
  flatRate(
    'usps_priority_fr_medium_box',
    'Medium Box',
    'MediumFlatRateBox',
    'mediumBox',
    [
      [11, 8.5, 5.5],
      [13.625, 11.875, 3.375],
    ],
    'Any weight to 70 lb that fits a USPS Medium Flat Rate Box (top- or side-loading).',
  ),
  flatRate(
    'usps_priority_fr_large_box',
    'Large Box',
    'LargeFlatRateBox',
    'largeBox',
    [
      [12, 12, 5.5],
      [23.6875, 11.75, 3],
    ],
    'Any weight to 70 lb that fits a USPS Large Flat Rate Box (or the board game box).',
  ),
  cubic(groundAdvantage, 'usps_ground_advantage_cubic', 'groundAdvantage'),
  cubic(priorityMail, 'usps_priority_mail_cubic', 'priority'),
  {
    id: 'usps_media_mail',
    name: 'USPS Media Mail',
    summary: 'Books, recordings and printed media only (USPS may open it and charge the difference); priced by weight alone; 2 to 8 business days.',
    listed: false,
    easypostService: 'MediaMail',
    price: { kind: 'weight', table: 'mediaMail' },
    maxWeightLb: 70,
    maxLengthPlusGirthIn: 108,
    deliveryDays: [2, 3, 4, 5, 6, 7, 8, 8, 8],
    letter: 'M',
    banner: 'USPS MEDIA MAIL',
    serviceTypeCode: '071',
  },
];

const BY_ID = new Map<string, UspsService>(USPS_SERVICES.map((s) => [s.id, s]));

/** A service by its id, or undefined for anything else. */
export const findService = (id: string): UspsService | undefined => BY_ID.get(id);

/** The service of an id the code itself chose; throws (a bug) for an unknown one. */
export function serviceOf(id: string): UspsService {
  const service = findService(id);
  if (!service) throw new Error(`Unknown USPS service ${JSON.stringify(id)}`);
  return service;
}

/** A parcel as the label form gives it: pounds and inches. */
export interface Parcel {
  weightLb: number;
  lengthIn: number;
  widthIn: number;
  heightIn: number;
}

/** Sides largest first. */
const sides = (p: Parcel): [number, number, number] => [p.lengthIn, p.widthIn, p.heightIn].sort((a, b) => b - a) as [number, number, number];

/** USPS's length plus girth: the longest side plus twice the other two. */
export function lengthPlusGirth(p: Parcel): number {
  const [l, w, h] = sides(p);
  return l + 2 * (w + h);
}

/**
 * The Cubic price tier of a parcel, as USPS measures it: each side rounded down to the quarter inch,
 * the volume in cubic feet truncated to two decimals, then the tier of tenths it falls in (0.11 cubic
 * feet is tier 0.2). At least 0.1.
 */
export function cubicTier(p: Parcel): number {
  const quarter = (n: number) => Math.floor(n * 4) / 4;
  const [l, w, h] = sides(p).map(quarter) as [number, number, number];
  const hundredths = Math.floor((l * w * h * 100) / 1728 + 1e-9);
  return Math.max(1, Math.ceil(hundredths / 10)) / 10;
}

/** Why a service cannot carry a parcel, in the shipper's words; undefined when it can. */
export function whyNot(service: UspsService, p: Parcel): string | undefined {
  if (p.weightLb > service.maxWeightLb) return `${service.name} takes parcels up to ${service.maxWeightLb} lb.`;
  if (lengthPlusGirth(p) > service.maxLengthPlusGirthIn) return `${service.name} takes parcels up to ${service.maxLengthPlusGirthIn} in of length plus girth.`;
  if (service.fits) {
    const [l, w, h] = sides(p);
    const fits = service.fits.some(([a, b, c]) => l <= a && w <= b && h <= c);
    if (!fits) {
      const size = service.fits.map((f) => f.join(' x ')).join(' or ');
      return `The parcel does not fit the ${service.name.replace('USPS Priority Mail Flat Rate ', 'Flat Rate ')} (${size} in).`;
    }
  }
  if (service.price.kind === 'cubic') {
    if (sides(p)[0] > 18) return 'Cubic takes parcels whose longest side is at most 18 in.';
    const tier = cubicTier(p);
    if (tier > 0.5) return 'Cubic takes parcels of at most 0.5 cubic feet.';
  }
  return undefined;
}

/**
 * The Flat Rate service the seed's "USPS Priority Flat Rate" type buys for a parcel: the cheapest
 * packaging it fits (envelopes, then the small, medium and large boxes), or undefined when none does.
 */
export function flatRateFor(p: Parcel): UspsService | undefined {
  const order: ServiceId[] = [
    'usps_priority_fr_envelope',
    'usps_priority_fr_legal_envelope',
    'usps_priority_fr_padded_envelope',
    'usps_priority_fr_small_box',
    'usps_priority_fr_medium_box',
    'usps_priority_fr_large_box',
  ];
  return order.map(serviceOf).find((s) => !whyNot(s, p));
}

/**
 * The real offer each of the seed's label types buys (SPEC.md section 9): each its own service, so
 * no two types sell the same label at two prices. `priority` is Flat Rate in the packaging the
 * parcel fits (flatRateFor); `ground_lbs` is Media Mail, USPS's by-the-pound economy service.
 */
export const LABEL_TYPE_SERVICES: Readonly<Record<string, ServiceId | 'flat_rate'>> = {
  priority: 'flat_rate',
  usps_priority: 'usps_priority_mail',
  usps_ground: 'usps_ground_advantage',
  ground_lbs: 'usps_media_mail',
};

/** The service a label type buys for a parcel, or the reason it cannot (a Flat Rate parcel too big for any box). */
export function serviceForLabelType(labelType: string, p: Parcel): { service: UspsService } | { reason: string } {
  const mapped = Object.hasOwn(LABEL_TYPE_SERVICES, labelType) ? LABEL_TYPE_SERVICES[labelType] : undefined;
  if (!mapped) return { reason: 'Unknown label type.' };
  if (mapped !== 'flat_rate') return { service: serviceOf(mapped) };
  const service = flatRateFor(p);
  return service ? { service } : { reason: 'The parcel is larger than the USPS Large Flat Rate Box (12 x 12 x 5.5 in).' };
}
