import { describe, expect, it } from 'vitest';
import { INITIAL_SAVINGS_CENTS, LABEL_TYPES, labelPriceCents, parseLandingWeight, savingColour, savingsComparison } from '../../../domain/pricing';

describe('labelPriceCents (SPEC section 9 estimated label price)', () => {
  // [type, weight, cents]
  const table: [string, number, number][] = [
    ['priority', 0, 0],
    ['priority', 1, 500],
    ['priority', 30, 500],
    ['priority', 30.5, 500],
    ['priority', 31, 500],
    ['priority', 70, 500],
    ['priority', 71, 0],
    ['usps_priority', 0, 0],
    ['usps_priority', 1, 600],
    ['usps_priority', 30, 600],
    ['usps_priority', 30.5, 700],
    ['usps_priority', 31, 700],
    ['usps_priority', 70, 700],
    ['usps_priority', 71, 0],
    ['usps_ground', 0, 0],
    ['usps_ground', 1, 500],
    ['usps_ground', 30, 500],
    ['usps_ground', 30.5, 600],
    ['usps_ground', 31, 600],
    ['usps_ground', 70, 600],
    ['usps_ground', 71, 0],
    ['ground_lbs', 0, 0],
    ['ground_lbs', 1, 450],
    ['ground_lbs', 30, 450],
    ['ground_lbs', 30.5, 550],
    ['ground_lbs', 31, 550],
    ['ground_lbs', 70, 550],
    ['ground_lbs', 71, 0],
  ];
  it.each(table)('%s at %s lb costs %s cents', (type, weight, cents) => {
    expect(labelPriceCents(type, weight)).toBe(cents);
  });

  it('prices a fraction of a pound in the first band', () => {
    expect(labelPriceCents('usps_priority', 0.5)).toBe(600);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, -1, -0.01])('refuses an invalid weight %s', (w) => {
    for (const t of LABEL_TYPES) expect(labelPriceCents(t.uid, w)).toBe(0);
  });

  it('refuses an unknown label type', () => {
    expect(labelPriceCents('express', 5)).toBe(0);
    expect(labelPriceCents('', 5)).toBe(0);
  });

  it('keeps the landing table of SPEC section 9 (1-30 and 31-70 lbs columns)', () => {
    const landing = LABEL_TYPES.filter((t) => t.onLanding).map((t) => [t.name, labelPriceCents(t.uid, 1), labelPriceCents(t.uid, 31)]);
    expect(landing).toEqual([
      ['USPS Priority Flat Rate', 500, 500],
      ['USPS Priority', 600, 700],
      ['USPS Ground Advantage', 500, 600],
    ]);
  });
});

describe('parseLandingWeight', () => {
  it.each([
    ['1', 1],
    ['30', 30],
    ['30.5', 30],
    ['31', 31],
    ['70', 70],
    ['71', 70],
    ['0', 1],
    ['-5', 1],
    ['', 1],
    ['abc', 1],
    ['12lb', 12],
    [45.9, 45],
  ] as [string | number, number][])('%j becomes %i', (input, expected) => {
    expect(parseLandingWeight(input)).toBe(expected);
  });
});

describe('savingsComparison', () => {
  it('applies the light formulas up to 30 lb', () => {
    expect(savingsComparison(1)).toEqual({ ourPrice: 500, uspsPrice: 815, shippoPrice: 720, pirateShipPrice: 610 });
    expect(savingsComparison(30)).toEqual({ ourPrice: 500, uspsPrice: 1250, shippoPrice: 1300, pirateShipPrice: 900 });
  });

  it('applies the heavy formulas above 30 lb', () => {
    expect(savingsComparison(31)).toEqual({ ourPrice: 600, uspsPrice: 2430, shippoPrice: 1975, pirateShipPrice: 1620 });
    expect(savingsComparison(70)).toEqual({ ourPrice: 600, uspsPrice: 3600, shippoPrice: 2950, pirateShipPrice: 2400 });
  });

  it('starts from the spec figures 5, 8.10, 6.08, 5.57', () => {
    expect(INITIAL_SAVINGS_CENTS).toEqual({ ourPrice: 500, uspsPrice: 810, shippoPrice: 608, pirateShipPrice: 557 });
  });
});

describe('savingColour', () => {
  it.each([
    [600, 500, 'green'],
    [500, 500, 'green'],
    [601, 500, 'orange'],
    [800, 500, 'orange'],
    [801, 500, 'red'],
  ] as const)('competitor %i vs ours %i is %s', (competitor, ours, colour) => {
    expect(savingColour(competitor, ours)).toBe(colour);
  });
});
