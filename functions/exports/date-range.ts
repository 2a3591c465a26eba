/**
 * The exports' date ranges (issue 17): `from`/`to` are calendar days in US Eastern time, both
 * included, matched against when a row was created. Eastern because the ship dates and the receipts
 * use it: a label bought at 9 pm in New York belongs to that day, not to tomorrow's UTC date.
 */
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
