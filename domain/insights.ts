/**
 * The insights' pure figures: what a label saved against the USPS retail rate,
 * and the calendar buckets the charts count in (US Eastern months and days, like the ship dates and
 * the exports), each zero-filled so a chart has one point per period whether anything happened or not.
 */
import { uspsRetailCents } from './pricing';
import { addDays, todayInEastern } from './ship-date';

/** How many months GET /shipping/savings answers, and days GET /wallet/balance-history. */
export const SAVINGS_MONTHS = 12;
export const BALANCE_HISTORY_DAYS = 90;

/** One label's figures, in cents. */
export interface LabelSaving {
  /** SPEC's USPS retail rate for its weight (domain/pricing.ts uspsRetailCents, rounded half up to the cent). */
  retailCents: number;
  /** What the shipper paid (the order's price). */
  paidCents: number;
  /** retail minus paid; not clamped (today's prices are always below retail, so it is positive). */
  savedCents: number;
}

/** What a label saved against the USPS retail rate. */
export function labelSaving(order: { weightLb: number; priceCents: number }): LabelSaving {
  const retailCents = uspsRetailCents(order.weightLb);
  return { retailCents, paidCents: order.priceCents, savedCents: retailCents - order.priceCents };
}

/** The US Eastern calendar month (YYYY-MM) of an ISO time. */
export const easternMonthOf = (iso: string): string => todayInEastern(new Date(iso)).slice(0, 7);

/** A YYYY-MM month moved by whole months. */
export function addMonths(month: string, months: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The `count` Eastern months up to the one `now` falls in, oldest first. */
export function lastEasternMonths(now: Date, count: number): string[] {
  const current = todayInEastern(now).slice(0, 7);
  return Array.from({ length: count }, (_, i) => addMonths(current, i - count + 1));
}

/** The `count` Eastern days up to today, oldest first. */
export function lastEasternDays(now: Date, count: number): string[] {
  const today = todayInEastern(now);
  return Array.from({ length: count }, (_, i) => addDays(today, i - count + 1));
}

/** The `count` UTC days up to today, oldest first (the stats shards count UTC days). */
export function lastUtcDays(now: Date, count: number): string[] {
  const today = now.toISOString().slice(0, 10);
  return Array.from({ length: count }, (_, i) => addDays(today, i - count + 1));
}

/**
 * The instant (ISO) an Eastern calendar day begins. Midnight is 04:00Z under daylight saving time
 * and 05:00Z otherwise; the clocks change at 2 a.m., so midnight keeps the previous evening's offset.
 */
export function easternDayStart(day: string): string {
  const edt = `${day}T04:00:00.000Z`;
  return todayInEastern(new Date(edt)) === day ? edt : `${day}T05:00:00.000Z`;
}

/**
 * One row per period of `periods` (in their order): the found row for it, or `empty(period)`.
 * Charts draw every period, so a month or day with nothing in it is a zero, not a gap.
 */
export function zeroFill<Row>(periods: readonly string[], found: ReadonlyMap<string, Row>, empty: (period: string) => Row): Row[] {
  return periods.map((p) => found.get(p) ?? empty(p));
}
