import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatUsd } from '../../../domain/money';

describe('dollarsToCents', () => {
  it.each([
    [10, 1000],
    ['10', 1000],
    [0.29, 29],
    ['0.1', 10],
    ['19.99', 1999],
    [' 5.5 ', 550],
    ['-1.25', -125],
  ] as [number | string, number][])('%j is %i cents', (input, cents) => {
    expect(dollarsToCents(input)).toBe(cents);
  });

  it.each([['1.234'], ['abc'], [''], ['1e3'], [Number.NaN], [Number.POSITIVE_INFINITY], ['1,000']] as [number | string][])('refuses %j', (input) => {
    expect(dollarsToCents(input)).toBeNull();
  });
});

describe('centsToDollars and formatUsd', () => {
  it.each([
    [0, '0.00', '$0.00'],
    [5, '0.05', '$0.05'],
    [1999, '19.99', '$19.99'],
    [100000, '1000.00', '$1000.00'],
    [-250, '-2.50', '-$2.50'],
  ] as const)('%i cents', (cents, dollars, usd) => {
    expect(centsToDollars(cents)).toBe(dollars);
    expect(formatUsd(cents)).toBe(usd);
  });
});
