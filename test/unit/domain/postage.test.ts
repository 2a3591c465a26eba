/**
 * The USPS price list the sandbox prices from, its zones and parcel rules: the tables agree with
 * prices published elsewhere (the file's own `samples`, each from another source), the ZIP-prefix
 * centers match what the build script makes of the `zipcodes` package, and the rules USPS states
 * (zones by distance, dimensional weight, Cubic tiers, Flat Rate packaging) hold.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { billableWeightLb, listPriceCents } from '../../../domain/postage/price-list';
import { cubicTier, flatRateFor, serviceForLabelType, serviceOf, whyNot, type Parcel } from '../../../domain/postage/services';
import prices from '../../../domain/postage/usps-prices.json';
import { zoneBetween, type Zone } from '../../../domain/postage/zones';
import { ZIP3_FILE, zip3CentroidsJson } from '../../../infra/build/zip3-centroids';

interface Sample {
  service: string;
  weight: string;
  zone: number | null;
  cents: number;
  source: string;
}

const parcel = (weightLb: number, lengthIn = 10, widthIn = 6, heightIn = 4): Parcel => ({ weightLb, lengthIn, widthIn, heightIn });

describe('the USPS price list', () => {
  const samples = (prices as unknown as { samples: Sample[] }).samples;

  it('names its source and effective date', () => {
    expect(prices.source).toMatch(/Notice 123/);
    expect(prices.effective).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it.each(samples.map((s) => [`${s.service} ${s.weight} zone ${s.zone ?? '-'}`, s] as const))('agrees with the published sample price of %s', (_, sample) => {
    const [group, key] = sample.service.split('.');
    const tables = prices as unknown as Record<
      string,
      { ounces?: Record<string, number[]>; pounds?: Record<string, number[]>; flatRate?: Record<string, number> }
    >;
    let cents: number | undefined;
    if (group === 'flatRate') cents = tables.priority?.flatRate?.[key!];
    else {
      const table = tables[group!];
      // "8oz" names an ounce tier, "8" a pound.
      const row = sample.weight.endsWith('oz') ? table?.ounces?.[sample.weight.slice(0, -2)] : table?.pounds?.[sample.weight];
      cents = row?.[(sample.zone ?? 1) - 1];
    }
    expect(cents, sample.source).toBe(sample.cents);
  });

  it('has every pound from 1 to 70 in nine zones for each weight-priced table', () => {
    for (const name of ['groundAdvantage', 'priority', 'priorityExpress'] as const) {
      const pounds = (prices as unknown as Record<string, { pounds: Record<string, number[]> }>)[name]!.pounds;
      for (let lb = 1; lb <= 70; lb++) {
        expect(pounds[String(lb)], `${name} ${lb} lb`).toHaveLength(9);
        expect(pounds[String(lb)]!.every((c) => Number.isInteger(c) && c > 0)).toBe(true);
      }
    }
  });

  it('costs more across the country than across town, and more for a heavier parcel', () => {
    for (const id of ['usps_ground_advantage', 'usps_priority_mail', 'usps_priority_express'] as const) {
      const service = serviceOf(id);
      const town = listPriceCents(service, parcel(2), zoneBetween('10001', '10016')!)!;
      const country = listPriceCents(service, parcel(2), zoneBetween('10001', '90210')!)!;
      expect(country).toBeGreaterThan(town);
      expect(listPriceCents(service, parcel(20), 5)!).toBeGreaterThan(listPriceCents(service, parcel(2), 5)!);
    }
  });

  it('prices Flat Rate the same whatever the weight and distance', () => {
    const box = serviceOf('usps_priority_fr_medium_box');
    expect(listPriceCents(box, parcel(1), 1)).toBe(listPriceCents(box, parcel(60), 8));
    expect(listPriceCents(box, parcel(1), 1)).toBe(prices.priority.flatRate.mediumBox);
  });

  it('rounds weights up to the next pound, and under a pound to the ounce tiers of Ground Advantage', () => {
    const ground = serviceOf('usps_ground_advantage');
    expect(listPriceCents(ground, parcel(2.1), 4)).toBe(prices.groundAdvantage.pounds['3'][3]);
    expect(listPriceCents(ground, parcel(0.5), 4)).toBe(prices.groundAdvantage.ounces['8'][3]);
    expect(listPriceCents(serviceOf('usps_priority_express'), parcel(0.4), 4)).toBe(prices.priorityExpress.pounds['0.5'][3]);
  });

  it('prices a parcel over one cubic foot at its dimensional weight when that is more (L x W x H / 166)', () => {
    expect(billableWeightLb(parcel(2, 12, 12, 12))).toBe(2); // exactly one cubic foot: by weight
    expect(billableWeightLb(parcel(2, 20, 20, 20))).toBe(49); // 8000 / 166 = 48.2 -> 49
    expect(billableWeightLb(parcel(60, 20, 20, 20))).toBe(60);
  });
});

describe('zones', () => {
  it.each<[string, string, Zone]>([
    ['10001', '10016', 1],
    ['10001', '19103', 2],
    ['10001', '60601', 5],
    ['10001', '90210', 8],
    ['94105', '90012', 4],
    ['10001', '96910', 9],
  ])('%s to %s is zone %i', (a, b, zone) => {
    expect(zoneBetween(a, b)).toBe(zone);
    expect(zoneBetween(b, a)).toBe(zone);
  });

  it('has no zone for a prefix it does not know', () => {
    expect(zoneBetween('10001', '00000')).toBeUndefined();
  });

  it('reads prefix centers that match the zipcodes package (infra/build/zip3-centroids.ts)', () => {
    expect(readFileSync(ZIP3_FILE, 'utf8')).toBe(zip3CentroidsJson());
  });
});

describe('parcels and services', () => {
  it('measures Cubic tiers as USPS does: quarter inches down, tenths of a cubic foot up', () => {
    expect(cubicTier(parcel(1, 6, 6, 4.8))).toBe(0.1); // 6 x 6 x 4.75 = 171 cu in = 0.098 cu ft
    expect(cubicTier(parcel(1, 8, 6, 4.5))).toBe(0.2); // 216 cu in = 0.125 cu ft
    expect(cubicTier(parcel(1, 12, 12, 6))).toBe(0.5);
    expect(whyNot(serviceOf('usps_priority_mail_cubic'), parcel(1, 12, 12, 7))).toBe('Cubic takes parcels of at most 0.5 cubic feet.');
    expect(whyNot(serviceOf('usps_priority_mail_cubic'), parcel(21, 6, 6, 4))).toMatch(/up to 20 lb/);
    expect(whyNot(serviceOf('usps_priority_mail_cubic'), parcel(1, 19, 3, 3))).toMatch(/at most 18 in/);
  });

  it('puts Flat Rate in the cheapest packaging the parcel fits, in any orientation', () => {
    expect(flatRateFor(parcel(1, 9, 12, 0.5))?.id).toBe('usps_priority_fr_envelope');
    expect(flatRateFor(parcel(1, 5, 8, 1.6))?.id).toBe('usps_priority_fr_small_box');
    expect(flatRateFor(parcel(30, 10, 6, 4))?.id).toBe('usps_priority_fr_medium_box');
    expect(flatRateFor(parcel(30, 12, 12, 5))?.id).toBe('usps_priority_fr_large_box');
    expect(flatRateFor(parcel(30, 20, 20, 20))).toBeUndefined();
  });

  it('maps each of the four label types to its own service', () => {
    const p = parcel(2);
    const ids = ['priority', 'usps_priority', 'usps_ground', 'ground_lbs'].map((t) => {
      const found = serviceForLabelType(t, p);
      return 'service' in found ? found.service.id : found.reason;
    });
    expect(ids).toEqual(['usps_priority_fr_medium_box', 'usps_priority_mail', 'usps_ground_advantage', 'usps_media_mail']);
    expect(new Set(ids).size).toBe(4);
    expect(serviceForLabelType('priority', parcel(2, 30, 30, 30))).toEqual({ reason: expect.stringMatching(/larger than the USPS Large Flat Rate Box/) });
  });

  it('refuses a parcel beyond the length plus girth a service takes', () => {
    expect(whyNot(serviceOf('usps_priority_mail'), parcel(5, 62, 12, 12))).toMatch(/108 in of length plus girth/);
    expect(whyNot(serviceOf('usps_ground_advantage'), parcel(5, 62, 12, 12))).toBeUndefined();
  });
});
