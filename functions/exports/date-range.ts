/**
 * The exports' date ranges: `from`/`to` are calendar days in US Eastern time, both
 * included, matched against when a row was created. Eastern because the ship dates and the receipts
 * use it: a label bought at 9 pm in New York belongs to that day, not to tomorrow's UTC date.
 */
import { encodeTime } from 'ulid';
import { todayInEastern } from '../../domain/ship-date';
import type { ExportRange } from '../../domain/schemas/exports';

/** The Eastern calendar day (YYYY-MM-DD) of an ISO time. */
export const easternDayOf = (iso: string): string => todayInEastern(new Date(iso));

/** Where an ISO time falls against the range: before it, in it, or after it. */
export function placeInRange(iso: string, range: ExportRange): 'before' | 'in' | 'after' {
  const day = easternDayOf(iso);
  if (range.from && day < range.from) return 'before';
  if (range.to && day > range.to) return 'after';
  return 'in';
}

/** The part of a file name that says the range: `2026-01-01_2026-01-31`, `all`, `from-2026-01-01`, `to-2026-01-31`. */
export function rangeName(range: ExportRange): string {
  if (range.from && range.to) return `${range.from}_${range.to}`;
  if (range.from) return `from-${range.from}`;
  if (range.to) return `to-${range.to}`;
  return 'all';
}

const DAY_MS = 86_400_000;

/**
 * The largest ulid made before the day after `to` ends, with a day to spare (Eastern is at most 5
 * hours behind UTC, and an id may be made a moment before its row's createdAt): a key past every
 * row of the range. Rows between it and `to` are still read and filtered by their createdAt.
 */
export function idPast(to: string): string {
  return `${encodeTime(Date.parse(`${to}T00:00:00.000Z`) + 2 * DAY_MS, 10)}${'Z'.repeat(16)}`;
}

/** The smallest ulid made a day before `from` begins in UTC (so before it begins in Eastern time): a key before every row of the range. */
export function idBefore(from: string): string {
  return `${encodeTime(Date.parse(`${from}T00:00:00.000Z`) - DAY_MS, 10)}${'0'.repeat(16)}`;
}
