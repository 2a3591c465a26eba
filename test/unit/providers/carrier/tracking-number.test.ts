/**
 * The USPS mod-10 check digit and IMpb tracking numbers, against real numbers published by others:
 * the valid USPS test numbers of jkeen/tracking_number_data (couriers/usps.json) and the tracking
 * code in EasyPost's documented buy answer.
 */
import { describe, expect, it } from 'vitest';
import {
  compactTracking,
  formatTracking,
  isValidUspsTracking,
  newSandboxTracking,
  uspsCheckDigit,
  type RandomSource,
} from '../../../../functions/providers/carrier/tracking-number';

const KNOWN_VALID = [
  '9400111201080805483016', // tracking_number_data, "USPS 91" valid list
  '9361289878700317633795', // same list
  '9405803699300124287899', // same list
  '9505511069605048600624', // same list
  '9405500105440232839154', // EasyPost docs, shipments-buy.json tracking_code
];

describe('uspsCheckDigit', () => {
  it('gives the last digit of known valid USPS numbers', () => {
    for (const n of KNOWN_VALID) expect(uspsCheckDigit(n.slice(0, 21)), n).toBe(Number(n[21]));
  });

  it('also works for other lengths (26-digit IMpb, 20-digit legacy)', () => {
    expect(uspsCheckDigit('9274893150770851301805006')).toBe(3); // 92748931507708513018050063
    expect(uspsCheckDigit('0307179000052348374')).toBe(1); // 0307 1790 0005 2348 3741
  });

  it('weights 3 on the rightmost digit, then 1, 3, ...', () => {
    expect(uspsCheckDigit('1')).toBe(7); // 3 -> (10 - 3) % 10
    expect(uspsCheckDigit('10')).toBe(9); // 1*1 + 0*3 = 1
    expect(uspsCheckDigit('0')).toBe(0); // (10 - 0) % 10
  });

  it('refuses anything but digits', () => {
    expect(() => uspsCheckDigit('94001 ')).toThrow();
    expect(() => uspsCheckDigit('')).toThrow();
  });
});

describe('isValidUspsTracking', () => {
  it('accepts known valid numbers', () => {
    for (const n of KNOWN_VALID) expect(isValidUspsTracking(n), n).toBe(true);
  });

  it('refuses every single-digit change of a known number', () => {
    for (const n of KNOWN_VALID) {
      for (let i = 2; i < 22; i++) {
        for (let d = 0; d <= 9; d++) {
          if (String(d) === n[i]) continue;
          const altered = `${n.slice(0, i)}${d}${n.slice(i + 1)}`;
          expect(isValidUspsTracking(altered), altered).toBe(false);
        }
      }
    }
  });

  it('refuses adjacent transpositions (except digits 5 apart, which no 3-1 weighting can see)', () => {
    let checked = 0;
    for (const n of KNOWN_VALID) {
      for (let i = 2; i < 21; i++) {
        const a = Number(n[i]);
        const b = Number(n[i + 1]);
        if (a === b) continue;
        const swapped = `${n.slice(0, i)}${n[i + 1]}${n[i]}${n.slice(i + 2)}`;
        expect(isValidUspsTracking(swapped), swapped).toBe(Math.abs(a - b) === 5);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(isValidUspsTracking('9405500105440232839145')).toBe(false); // last two swapped
    expect(isValidUspsTracking('9400111201080805483061')).toBe(true); // 1 and 6 are 5 apart: the blind spot
  });

  it('wants 22 digits starting 92, 93, 94 or 95', () => {
    expect(isValidUspsTracking('9101123456789000000013')).toBe(false); // check digit fine, 91 is not an IMpb channel
    expect(isValidUspsTracking('940011120108080548301')).toBe(false); // 21 digits
    expect(isValidUspsTracking('94001112010808054830166')).toBe(false); // 23
    expect(isValidUspsTracking('9400 1112 0108 0805 4830 16')).toBe(false);
    expect(isValidUspsTracking('940011120108080548301X')).toBe(false);
    expect(isValidUspsTracking('')).toBe(false);
    expect(isValidUspsTracking(undefined as unknown as string)).toBe(false);
  });
});

describe('formatting', () => {
  it('prints in groups of four and reads back', () => {
    expect(formatTracking('9400111201080805483016')).toBe('9400 1112 0108 0805 4830 16');
    expect(compactTracking('9400 1112 0108 0805 4830 16')).toBe('9400111201080805483016');
  });
});

describe('newSandboxTracking', () => {
  it('always makes a valid 22-digit number starting 94 (1000 samples, no repeats)', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const n = newSandboxTracking();
      expect(n).toMatch(/^94\d{20}$/);
      expect(isValidUspsTracking(n), n).toBe(true);
      seen.add(n);
    }
    expect(seen.size).toBe(1000);
  });

  it('carries the service type code of the service', () => {
    expect(newSandboxTracking(undefined, 'usps_priority_fr_medium_box').slice(0, 5)).toBe('94055');
    expect(newSandboxTracking(undefined, 'usps_priority_mail').slice(0, 5)).toBe('94055');
    expect(newSandboxTracking(undefined, 'usps_ground_advantage').slice(0, 5)).toBe('94001');
    expect(newSandboxTracking(undefined, 'usps_priority_express').slice(0, 5)).toBe('94701');
    expect(() => newSandboxTracking(undefined, 'overnight' as never)).toThrow(/Unknown USPS service/);
  });

  it('takes its digits from the random source: a 6-digit MID-like part (0-8 first) and a serial', () => {
    const maxes: number[] = [];
    const zeros: RandomSource = { randomInt: (max) => (maxes.push(max), 0) };
    expect(newSandboxTracking(zeros, 'usps_priority_mail')).toBe(`940550000000000000000${uspsCheckDigit('940550000000000000000')}`);
    expect(maxes).toEqual([9, ...Array(15).fill(10)]);
    const nines: RandomSource = { randomInt: (max) => max - 1 };
    const n = newSandboxTracking(nines, 'usps_ground_advantage');
    expect(n.slice(0, 21)).toBe('940018999999999999999');
    expect(isValidUspsTracking(n)).toBe(true);
  });
});
