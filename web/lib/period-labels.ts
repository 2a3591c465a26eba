/**
 * The API's calendar periods ('2026-03', '2026-03-14') as people read them ("Mar", "Mar 14",
 * "Mar 14, 2026", "Mar 2026"). Read from the text, never through Date: the period is already the
 * server's day or month (US Eastern or UTC, as each route says), so no reader's time zone may move it.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The month of a 'YYYY-MM…' text: 'Mar'; the text's own digits when they name no month. */
export const monthName = (period: string): string => MONTHS[Number(period.slice(5, 7)) - 1] ?? period.slice(5, 7);

/** '2026-03' -> 'Mar 2026'. */
export const longMonth = (month: string): string => `${monthName(month)} ${month.slice(0, 4)}`;

/** '2026-03-14' -> 'Mar 14'. */
export const shortDay = (day: string): string => `${monthName(day)} ${Number(day.slice(8, 10))}`;

/** '2026-03-14' -> 'Mar 14, 2026'. */
export const longDay = (day: string): string => `${shortDay(day)}, ${day.slice(0, 4)}`;
