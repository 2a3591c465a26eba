/**
 * USPS domestic tracking numbers as printed under an Intelligent Mail package barcode (IMpb).
 *
 * USPS Publication 199 / the IMpb specification (USPS2000508): the barcode is GS1-128 carrying
 *   420 + destination ZIP (routing AI and ZIP), FNC1,
 *   then the tracking number: a 2-digit Channel Application Identifier (92 and 93 for commercial
 *   mailers with a 9- or 6-digit Mailer ID, 94 for USPS online channels / PC postage, 95 for USPS
 *   retail), a 3-digit service type code, the Mailer ID, a serial number, and a final mod-10 check
 *   digit. Only the tracking number is printed in human-readable form, in groups of four.
 *
 * The check digit (USPS "mod 10"): over the digits before it, from the right, weights 3 and 1
 * alternate starting with 3 on the rightmost digit; check = (10 - sum mod 10) mod 10.
 *
 * Sandbox numbers (newSandboxTracking) are 22 digits:
 *   94 | service type code (3, by label type) | 6-digit Mailer-ID-like part | 10-digit serial | check
 * Both middle parts are random, so two sandbox labels practically never share a number (9e15
 * possibilities per service). They are well-formed, not issued by USPS: the label says SAMPLE.
 */
import { randomInt } from 'node:crypto';
import { serviceOf, type ServiceId } from '../../../domain/postage/services';

/** A source of random integers in [0, max); node:crypto's randomInt by default. */
export interface RandomSource {
  randomInt(max: number): number;
}

const nodeRandom: RandomSource = { randomInt: (max) => randomInt(max) };

/** IMpb channel application identifiers that start a domestic tracking number. */
export const IMPB_CHANNEL_AIS = ['92', '93', '94', '95'] as const;

/**
 * The USPS mod-10 check digit of `digits` (the tracking number without its last digit; 21 digits
 * for a 22-digit number, but any length works). Throws for anything but digits.
 */
export function uspsCheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new Error('uspsCheckDigit needs a string of digits');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * True for a 22-digit IMpb tracking number: starts with a channel AI (92, 93, 94 or 95) and ends
 * with the right check digit. Spaces are not accepted: strip them first (see compactTracking).
 */
export function isValidUspsTracking(n: string): boolean {
  if (typeof n !== 'string' || !/^\d{22}$/.test(n)) return false;
  if (!(IMPB_CHANNEL_AIS as readonly string[]).includes(n.slice(0, 2))) return false;
  return uspsCheckDigit(n.slice(0, 21)) === Number(n[21]);
}

/** "9400 1112 ..." as typed by a person -> "94001112...". */
export const compactTracking = (n: string): string => n.replace(/\s+/g, '');

/** The tracking number in groups of four, as printed under the barcode: "9400 1112 0108 0805 4830 16". */
export const formatTracking = (n: string): string => n.replace(/(.{4})(?=.)/g, '$1 ');

function randomDigits(count: number, random: RandomSource, firstMax = 10): string {
  let out = '';
  for (let i = 0; i < count; i++) out += String(random.randomInt(i === 0 ? firstMax : 10));
  return out;
}

/**
 * A new well-formed 22-digit tracking number starting 94 for a SAMPLE label, with the service's
 * type code (domain/postage/services.ts: Priority 055, Ground Advantage 001, ...).
 */
export function newSandboxTracking(random: RandomSource = nodeRandom, serviceId: ServiceId = 'usps_priority_mail'): string {
  const stc = serviceOf(serviceId).serviceTypeCode;
  // 6-digit Mailer IDs begin with 0-8 (9 marks a 9-digit MID): keep the MID-like part in that shape.
  const body = `94${stc}${randomDigits(6, random, 9)}${randomDigits(10, random)}`;
  return `${body}${uspsCheckDigit(body)}`;
}
