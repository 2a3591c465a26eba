import { describe, expect, it } from 'vitest';
import { EXPORT_RANGE_MESSAGE, exportRangeSchema, transactionsExportQuerySchema } from '../../../domain/schemas/exports';
import { placeInRange, rangeName } from '../../../functions/exports/date-range';

describe('export date ranges', () => {
  it('matches a time by its US Eastern day, both ends included', () => {
    const range = { from: '2026-03-01', to: '2026-03-31' };
    // 03:30 UTC on April 1st is still March 31st in New York (EDT, UTC-4).
    expect(placeInRange('2026-04-01T03:30:00.000Z', range)).toBe('in');
    expect(placeInRange('2026-04-01T04:30:00.000Z', range)).toBe('after');
    // 04:59 UTC on March 1st is February 28th in New York (EST, UTC-5).
    expect(placeInRange('2026-03-01T04:59:00.000Z', range)).toBe('before');
    expect(placeInRange('2026-03-01T05:00:00.000Z', range)).toBe('in');
    expect(placeInRange('1999-01-01T00:00:00.000Z', {})).toBe('in');
  });

  it('refuses an inverted range and a malformed date with a message, and takes a one-day range', () => {
    const inverted = exportRangeSchema.safeParse({ from: '2026-03-02', to: '2026-03-01' });
    expect(inverted.success).toBe(false);
    expect(inverted.error?.issues).toMatchObject([{ path: ['to'], message: EXPORT_RANGE_MESSAGE }]);
    expect(exportRangeSchema.safeParse({ from: '2026-02-30' }).success).toBe(false);
    expect(exportRangeSchema.safeParse({ from: '2026-03-01', to: '2026-03-01' }).success).toBe(true);
    expect(transactionsExportQuerySchema.safeParse({ from: '2026-03-02', to: '2026-03-01', scope: 'all' }).success).toBe(false);
    expect(transactionsExportQuerySchema.parse({}).scope).toBe('own');
    expect(transactionsExportQuerySchema.safeParse({ scope: 'everyone' }).success).toBe(false);
  });

  it('names the file after the range', () => {
    expect([rangeName({}), rangeName({ from: '2026-01-01' }), rangeName({ to: '2026-01-31' }), rangeName({ from: '2026-01-01', to: '2026-01-31' })]).toEqual([
      'all',
      'from-2026-01-01',
      'to-2026-01-31',
      '2026-01-01_2026-01-31',
    ]);
  });
});
