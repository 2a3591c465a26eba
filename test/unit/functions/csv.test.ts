import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { BOM, dollars, neutraliseText, toCsv } from '../../../functions/exports/csv';

describe('CSV writer (functions/exports/csv.ts)', () => {
  it('neutralises text that a spreadsheet would read as a formula, OWASP starts included', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(neutraliseText(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    expect(neutraliseText('Ann = Bob')).toBe('Ann = Bob');
    expect(neutraliseText('')).toBe('');
  });

  it('starts with a BOM, writes a header and CRLF lines, and quotes commas and quotes', () => {
    const text = toCsv(
      [
        { header: 'name', cell: (r: { name: string }) => r.name },
        { header: 'note', cell: () => null },
      ],
      [{ name: 'Smith, "Jo"' }],
    );
    expect(text.startsWith(BOM)).toBe(true);
    expect(text.slice(1)).toBe('name,note\r\n"Smith, ""Jo""",\r\n');
  });

  it('keeps numbers and dollars bare (a refund is -5.00, summable) but neutralises the same text', () => {
    const text = toCsv(
      [
        { header: 'amount', cell: (r: { cents: number; memo: string }) => dollars(r.cents) },
        { header: 'cents', cell: (r) => r.cents },
        { header: 'memo', cell: (r) => r.memo },
      ],
      [{ cents: -500, memo: '-5.00' }],
    );
    const [header, row]: string[][] = parse(text.slice(1));
    expect(header).toEqual(['amount', 'cents', 'memo']);
    expect(row).toEqual(['-5.00', '-500', "'-5.00"]);
  });

  it('formats cents as dollars exactly, with two decimals', () => {
    const cells = [0, 5, 100, 1234, -1, -500, 123456789].map((c) => toCsv([{ header: 'a', cell: () => dollars(c) }], [0]).split('\r\n')[1]);
    expect(cells).toEqual(['0.00', '0.05', '1.00', '12.34', '-0.01', '-5.00', '1234567.89']);
    expect(() => dollars(1.5)).toThrow();
  });
});
