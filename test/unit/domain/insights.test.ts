import { describe, expect, it } from 'vitest';
import { addMonths, easternDayStart, easternMonthOf, labelSaving, lastEasternDays, lastEasternMonths, lastUtcDays, zeroFill } from '../../../domain/insights';
import { savingsComparison, uspsRetailCents } from '../../../domain/pricing';

describe('uspsRetailCents (SPEC: up to 30 lb 8 + 0.15w dollars, above 15 + 0.3w)', () => {
  it('gives whole weights exact cents on both sides of 30 lb', () => {
    expect(uspsRetailCents(1)).toBe(815);
    expect(uspsRetailCents(30)).toBe(1250);
    expect(uspsRetailCents(31)).toBe(2430);
    expect(uspsRetailCents(70)).toBe(3600);
  });

  it('rounds a half cent up, computed on the decimal weight and not on floats', () => {
    // 15 x 4.1 is 61.5 exactly; as floats it is 61.49999..., which would round down to 861.
    expect(15 * 4.1).toBeLessThan(61.5);
    expect(uspsRetailCents(4.1)).toBe(862);
    expect(uspsRetailCents(2.3)).toBe(835); // 834.5 -> 835
    expect(uspsRetailCents(0.1)).toBe(802); // 801.5 -> 802
    expect(uspsRetailCents(30.05)).toBe(2402); // 1500 + 901.5 -> 2402
    expect(uspsRetailCents(1.01)).toBe(815); // 815.15 -> 815
    expect(uspsRetailCents(1.03)).toBe(815); // 815.45 -> 815
    expect(uspsRetailCents(1.04)).toBe(816); // 815.6 -> 816
  });

  it('is the landing calculator\u2019s USPS figure (one copy of the formula)', () => {
    for (const w of [1, 7, 30, 31, 55, 70]) expect(savingsComparison(w).uspsPrice).toBe(uspsRetailCents(w));
  });
});

describe('labelSaving', () => {
  it('is the retail rate minus what the shipper paid, in cents', () => {
    expect(labelSaving({ weightLb: 2, priceCents: 600 })).toEqual({ retailCents: 830, paidCents: 600, savedCents: 230 });
    expect(labelSaving({ weightLb: 40, priceCents: 700 })).toEqual({ retailCents: 2700, paidCents: 700, savedCents: 2000 });
    expect(labelSaving({ weightLb: 2.3, priceCents: 500 }).savedCents).toBe(335);
  });
});

describe('Eastern month bucketing', () => {
  it('puts a label bought on the evening of the last day of a month (Eastern) in that month, though UTC has moved on', () => {
    expect(easternMonthOf('2026-04-01T03:59:00.000Z')).toBe('2026-03'); // 23:59 EDT on 31 March
    expect(easternMonthOf('2026-04-01T04:00:00.000Z')).toBe('2026-04');
    expect(easternMonthOf('2026-01-01T04:59:59.000Z')).toBe('2025-12'); // 23:59 EST on 31 December
    expect(easternMonthOf('2026-01-01T05:00:00.000Z')).toBe('2026-01');
  });

  it('moves months across years', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2025-12', 1)).toBe('2026-01');
    expect(addMonths('2026-03', -14)).toBe('2025-01');
  });

  it('lists the last 12 months oldest first, ending with the Eastern month of now', () => {
    const months = lastEasternMonths(new Date('2026-01-01T03:00:00.000Z'), 12); // still 31 Dec 2025 in New York
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2025-01');
    expect(months.at(-1)).toBe('2025-12');
  });
});

describe('days', () => {
  it('lists Eastern and UTC days oldest first, today last', () => {
    const now = new Date('2026-03-01T02:00:00.000Z'); // 21:00 EST on 28 February
    expect(lastEasternDays(now, 3)).toEqual(['2026-02-26', '2026-02-27', '2026-02-28']);
    expect(lastUtcDays(now, 3)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(lastEasternDays(now, 90)).toHaveLength(90);
  });

  it('finds when an Eastern day begins, across daylight saving changes', () => {
    expect(easternDayStart('2026-01-15')).toBe('2026-01-15T05:00:00.000Z');
    expect(easternDayStart('2026-07-15')).toBe('2026-07-15T04:00:00.000Z');
    expect(easternDayStart('2026-03-08')).toBe('2026-03-08T05:00:00.000Z'); // clocks go forward at 2 a.m. that day
    expect(easternDayStart('2026-03-09')).toBe('2026-03-09T04:00:00.000Z');
    expect(easternDayStart('2026-11-01')).toBe('2026-11-01T04:00:00.000Z'); // clocks go back at 2 a.m. that day
    expect(easternDayStart('2026-11-02')).toBe('2026-11-02T05:00:00.000Z');
  });
});

describe('zeroFill', () => {
  it('gives every period a row, found or zero, in the periods\u2019 order', () => {
    const found = new Map([['2026-02', { month: '2026-02', savedCents: 230, labels: 1 }]]);
    expect(zeroFill(['2026-01', '2026-02', '2026-03'], found, (month) => ({ month, savedCents: 0, labels: 0 }))).toEqual([
      { month: '2026-01', savedCents: 0, labels: 0 },
      { month: '2026-02', savedCents: 230, labels: 1 },
      { month: '2026-03', savedCents: 0, labels: 0 },
    ]);
  });
});
