/**
 * Carrier times are written in the scan's own local time ("2026-09-08T14:32:00-07:00") or as a day
 * ("2026-09-10"). They are shown as the carrier wrote them, at that place, as USPS does: a scan at
 * 2:32 PM in Denver reads 2:32 PM whatever the reader's time zone.
 */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/;

const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** A carrier time or day in words; the text as it came when it is neither. */
export function formatCarrierTime(text: string): string {
  const parts = LOCAL.exec(text);
  if (!parts) return text;
  const [year, month, day, hour = 0, minute = 0] = parts
    .slice(1)
    .filter((part) => part !== undefined)
    .map(Number);
  const at = new Date(Date.UTC(year as number, (month as number) - 1, day, hour, minute));
  return Number.isNaN(at.getTime()) ? text : (parts[4] === undefined ? dayFormat : dateTimeFormat).format(at);
}
