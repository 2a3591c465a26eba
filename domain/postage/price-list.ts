/**
 * USPS's commercial prices (usps-prices.json: Notice 123, its source and date named in the file and
 * in usps-prices.README.md) for a parcel and zone: what the sandbox carrier says a label costs, so a
 * local run in rates mode prices as production does. The real carrier answers USPS's own rates.
 *
 * The rules applied are USPS's: a parcel over one cubic foot is priced at the greater of its weight
 * and its dimensional weight (length x width x height / 166, rounded up); weights round up to the
 * next pound (Ground Advantage under a pound to its ounce tiers, Express to its half pound); Cubic
 * by its tier (./services.ts cubicTier); Flat Rate at its one price.
 */
import prices from './usps-prices.json';
import { cubicTier, type Parcel, type UspsService } from './services';
import type { Zone } from './zones';

type ZoneRow = readonly number[];
interface WeightTable {
  ounces?: Record<string, ZoneRow>;
  pounds: Record<string, ZoneRow>;
}
interface PriceList {
  effective: string;
  groundAdvantage?: WeightTable;
  priority?: WeightTable & { flatRate?: Record<string, number> };
  priorityExpress?: WeightTable;
  mediaMail?: WeightTable;
  cubic?: { priority?: Record<string, ZoneRow>; groundAdvantage?: Record<string, ZoneRow> };
}

const list = prices as unknown as PriceList;

/** The price list's effective date (YYYY-MM-DD). */
export const PRICE_LIST_EFFECTIVE = list.effective;

/** Dimensional weight applies above one cubic foot; USPS's divisor for commercial prices. */
const DIM_THRESHOLD_CUBIC_IN = 1728;
const DIM_DIVISOR = 166;

/** The weight a parcel is priced at, in lb: its weight, or its dimensional weight when that is more and the parcel is over a cubic foot. */
export function billableWeightLb(p: Parcel): number {
  const volume = p.lengthIn * p.widthIn * p.heightIn;
  if (volume <= DIM_THRESHOLD_CUBIC_IN) return p.weightLb;
  return Math.max(p.weightLb, Math.ceil(volume / DIM_DIVISOR));
}

/** The row of a weight table for a weight: the first ounce tier that holds it under a pound, then whole pounds rounded up. */
function weightRow(table: WeightTable, weightLb: number): ZoneRow | undefined {
  if (weightLb < 1 && table.ounces) {
    const ounces = weightLb * 16;
    const tier = Object.keys(table.ounces)
      .map(Number)
      .sort((a, b) => a - b)
      .find((t) => ounces <= t + 1e-9);
    if (tier !== undefined) return table.ounces[String(tier)];
  }
  if (weightLb <= 0.5 && table.pounds['0.5']) return table.pounds['0.5'];
  return table.pounds[String(Math.max(1, Math.ceil(weightLb - 1e-9)))];
}

/** What USPS charges for the service, parcel and zone, in cents; undefined when the price list has no price for it. */
export function listPriceCents(service: UspsService, p: Parcel, zone: Zone): number | undefined {
  const price = service.price;
  if (price.kind === 'flat') return list.priority?.flatRate?.[price.key];
  if (price.kind === 'cubic') return list.cubic?.[price.table]?.[cubicTier(p).toFixed(1)]?.[zone - 1];
  const table = list[price.table];
  return table ? weightRow(table, billableWeightLb(p))?.[zone - 1] : undefined;
}
