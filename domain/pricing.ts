/**
 * Label prices and the landing page's savings comparison (SPEC.md section 9), in integer cents.
 * The server charges from labelPriceCents(); the SPA shows the same figures as estimates.
 */
import { WEIGHT_BAND_LB, WEIGHT_MAX_LB, WEIGHT_MIN_LB } from './constants';
import { findService } from './postage/services';

export interface LabelType {
  uid: string;
  name: string;
  /** Price up to 30 lbs and from above 30 up to 70 lbs. */
  lightCents: number;
  heavyCents: number;
  /** Shown in the landing price table. */
  onLanding: boolean;
}

/** The label type catalogue; the spec names these four uids and the landing table's three services. */
export const LABEL_TYPES: readonly LabelType[] = [
  { uid: 'priority', name: 'USPS Priority Flat Rate', lightCents: 500, heavyCents: 500, onLanding: true },
  { uid: 'usps_priority', name: 'USPS Priority', lightCents: 600, heavyCents: 700, onLanding: true },
  { uid: 'usps_ground', name: 'USPS Ground Advantage', lightCents: 500, heavyCents: 600, onLanding: true },
  { uid: 'ground_lbs', name: 'USPS Ground Advantage (economy)', lightCents: 450, heavyCents: 550, onLanding: false },
];

export const findLabelType = (uid: string): LabelType | undefined => LABEL_TYPES.find((t) => t.uid === uid);

/** The name of what an order was sold as: its label type's (table mode), else its USPS service's (rates mode), else the id itself. */
export const offerName = (id: string): string => findLabelType(id)?.name ?? findService(id)?.name ?? id;

/**
 * Price of one label in cents, or 0 when the type is unknown or the weight is outside
 * (0, 70] lbs. A price of 0 means "cannot be bought"; the server refuses it.
 */
export function labelPriceCents(labelType: string, weightLb: number): number {
  const type = findLabelType(labelType);
  if (!type || !Number.isFinite(weightLb) || weightLb <= 0 || weightLb > WEIGHT_MAX_LB) return 0;
  return weightLb <= WEIGHT_BAND_LB ? type.lightCents : type.heavyCents;
}

/** Landing weight input: parsed as a whole number, anything invalid becomes 1, clamped to 1..70. */
export function parseLandingWeight(input: string | number): number {
  const n = typeof input === 'number' ? Math.trunc(input) : Number.parseInt(input, 10);
  if (!Number.isFinite(n)) return WEIGHT_MIN_LB;
  return Math.min(WEIGHT_MAX_LB, Math.max(WEIGHT_MIN_LB, n));
}

export interface SavingsComparison {
  ourPrice: number;
  uspsPrice: number;
  shippoPrice: number;
  pirateShipPrice: number;
}

/** Figures the calculator shows before the first calculation (dollars, as the spec gives them). */
export const INITIAL_SAVINGS_CENTS: SavingsComparison = {
  ourPrice: 500,
  uspsPrice: 810,
  shippoPrice: 608,
  pirateShipPrice: 557,
};

/** Weights are read to the millionth of a lb, so the formulas below stay in exact integers. */
const MICRO_LB = 1_000_000;

/**
 * `base + perLb * w` cents for a weight in lbs, rounded to a whole cent, half a cent up. Computed on
 * the weight in millionths of a lb (integers), never on floats: 2.3 lb at 15 cents a lb is 34.5
 * cents exactly (a float product is 34.4999...), so the half cent rounds up as stated.
 */
function perLbCents(base: number, perLb: number, weightLb: number): number {
  const micro = Math.round(weightLb * MICRO_LB);
  return Math.floor((base * MICRO_LB + perLb * micro + MICRO_LB / 2) / MICRO_LB);
}

/**
 * THE USPS retail rate of SPEC.md's comparison formula, in cents: up to 30 lb, 8 + 0.15w dollars;
 * above, 15 + 0.3w; rounded to the cent, half up (perLbCents). The landing calculator and the
 * shipper's savings (domain/savings.ts) both use it.
 */
export function uspsRetailCents(weightLb: number): number {
  return weightLb <= WEIGHT_BAND_LB ? perLbCents(800, 15, weightLb) : perLbCents(1500, 30, weightLb);
}

/**
 * Our price and three competitors' for a weight in lbs, in cents. The spec's dollar formulas
 * (e.g. 8 + 0.15w) are written in cents (800 + 15w), rounded half up to the cent.
 */
export function savingsComparison(weightLb: number): SavingsComparison {
  const w = weightLb;
  const light = w <= WEIGHT_BAND_LB;
  const cents = (base: number, perLb: number) => perLbCents(base, perLb, w);
  return {
    ourPrice: light ? 500 : 600,
    uspsPrice: uspsRetailCents(w),
    shippoPrice: light ? cents(700, 20) : cents(1200, 25),
    pirateShipPrice: light ? cents(600, 10) : cents(1000, 20),
  };
}

export type SavingColour = 'green' | 'orange' | 'red';

/** Colour of a competitor's price by its difference from ours: <= $1 green, <= $3 orange, else red. */
export function savingColour(competitorCents: number, ourCents: number): SavingColour {
  const diff = competitorCents - ourCents;
  if (diff <= 100) return 'green';
  if (diff <= 300) return 'orange';
  return 'red';
}
