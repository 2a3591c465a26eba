/**
 * Ship dates: a label ships from today to SHIP_DATE_MAX_DAYS_AHEAD days ahead, counted in
 * US Eastern time (USPS's business day for our shippers), whatever the server's or browser's zone.
 * Pure: the caller passes the clock, so the schema, the dialog's date input and the server agree,
 * and tests can pin midnight edges.
 */
import { AUTO_REFUND_AFTER_DAYS, REFUND_DECISION_DAYS, REFUND_WINDOW_DAYS, SHIP_DATE_MAX_DAYS_AHEAD } from './constants';

export const SHIP_DATE_ZONE = 'America/New_York';
export const SHIP_DATE_WINDOW_MESSAGE = `Ship date must be within the next ${SHIP_DATE_MAX_DAYS_AHEAD} days`;
export const SHIP_DATE_FORMAT_MESSAGE = 'Use a date like 2026-01-31';

/**
 * `en-CA` formats as YYYY-MM-DD; the zone's rules (daylight saving) come from the runtime's ICU data.
 * Made on first use: loading a zone's ICU data is a noticeable part of a cold start, which every
 * Lambda importing this module for addDays or refundWindowEnd alone would otherwise pay.
 */
let easternDay: Intl.DateTimeFormat | undefined;

/** Today's calendar date in US Eastern time, as YYYY-MM-DD. */
export function todayInEastern(now: Date = new Date()): string {
  easternDay ??= new Intl.DateTimeFormat('en-CA', { timeZone: SHIP_DATE_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  return easternDay.format(now);
}

/** A YYYY-MM-DD date moved by whole days (calendar arithmetic in UTC, so no zone shifts it). */
export function addDays(day: string, days: number): string {
  const t = Date.parse(`${day}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** The dates a label may ship on, both ends included (YYYY-MM-DD, so they also work as an input's min/max). */
export function shipDateWindow(now: Date = new Date()): { min: string; max: string } {
  const min = todayInEastern(now);
  return { min, max: addDays(min, SHIP_DATE_MAX_DAYS_AHEAD) };
}

/** Whether a YYYY-MM-DD date lies in the window (string order is date order for this format). */
export function isInShipDateWindow(day: string, now: Date = new Date()): boolean {
  const { min, max } = shipDateWindow(now);
  return day >= min && day <= max;
}

const DAY_MS = 86_400_000;

/** The day a parcel accepted on `day` arrives after `days` USPS delivery days (Monday to Saturday; Sundays do not count). */
export function addDeliveryDays(day: string, days: number): string {
  let t = Date.parse(`${day}T00:00:00Z`);
  for (let left = days; left > 0;) {
    t += DAY_MS;
    if (new Date(t).getUTCDay() !== 0) left--;
  }
  return new Date(t).toISOString().slice(0, 10);
}

/** When a label's refund window ends (ISO time): its purchase (the order's createdAt) plus REFUND_WINDOW_DAYS. */
export function refundWindowEnd(createdAt: string): string {
  return new Date(Date.parse(createdAt) + REFUND_WINDOW_DAYS * DAY_MS).toISOString();
}

/** When the scheduled job refunds a label still unused (ISO time): its purchase plus AUTO_REFUND_AFTER_DAYS, inside the window. */
export function autoRefundAt(createdAt: string): string {
  return new Date(Date.parse(createdAt) + AUTO_REFUND_AFTER_DAYS * DAY_MS).toISOString();
}

/** The day USPS is expected to have decided a refund asked at `requestedAt` (YYYY-MM-DD, UTC). */
export function refundDecisionExpected(requestedAt: string): string {
  return new Date(Date.parse(requestedAt) + REFUND_DECISION_DAYS * DAY_MS).toISOString().slice(0, 10);
}
