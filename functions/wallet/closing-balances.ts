/**
 * Each wallet's closing balances, kept as the balance moves: one small item a US Eastern month,
 * written by the wallet (./wallet.ts) in the transaction of every change of the spendable balance,
 * so the balance over time reads a few items whatever the length of the ledger.
 *
 *   month  pk USER#<userId>  sk BALDAY#<YYYY-MM>  opening (the balance before the month's first change),
 *          dDD (the balance after the day's last change, for each day DD with one)
 *
 * The wallet pins the balance it read in its change's condition, so the changes of one wallet apply
 * one after another and the last write of a day is its closing balance. A day with no change closes
 * at the day before's; a month with no item at the opening of the next month that has one, or at the
 * balance now when no later month has one.
 */
import { todayInEastern } from '../../domain/ship-date';
import { addMonths } from '../../domain/insights';
import { tableName, type Step } from '../data/client';

const monthKey = (userId: string, month: string) => ({ pk: `USER#${userId}`, sk: `BALDAY#${month}` });
const dayAttribute = (day: string) => `d${day.slice(8, 10)}`;

/**
 * The step (named `wallet.closing`) that records `afterCents` as the closing balance so far of the
 * Eastern day of `at`, and `beforeCents` as its month's opening when it is the month's first change.
 */
export function closingStep(userId: string, beforeCents: number, afterCents: number, at: Date): Step {
  const day = todayInEastern(at);
  return {
    name: 'wallet.closing',
    item: {
      Update: {
        TableName: tableName(),
        Key: monthKey(userId, day.slice(0, 7)),
        UpdateExpression: 'SET #day = :after, opening = if_not_exists(opening, :before), entity = :entity',
        ExpressionAttributeNames: { '#day': dayAttribute(day) },
        ExpressionAttributeValues: { ':after': afterCents, ':before': beforeCents, ':entity': 'closingBalances' },
      },
    },
  };
}

/** A month's item as stored: its opening and its days' closing balances. */
export interface ClosingMonth {
  opening: number;
  days: Map<string, number>;
}

/** The keys of the months `days` (Eastern, oldest first) fall in, oldest first. */
export function monthKeysOf(userId: string, days: readonly string[]): Record<string, unknown>[] {
  const first = (days[0] ?? '').slice(0, 7);
  const last = (days[days.length - 1] ?? '').slice(0, 7);
  const months: string[] = [];
  for (let m = first; m <= last; m = addMonths(m, 1)) months.push(m);
  return months.map((m) => monthKey(userId, m));
}

/** Reads a stored month item (as BatchGet answers it) into its month and figures. */
export function closingMonthOf(item: Record<string, unknown>): [string, ClosingMonth] | undefined {
  const sk = typeof item.sk === 'string' ? item.sk : '';
  if (!sk.startsWith('BALDAY#') || typeof item.opening !== 'number') return undefined;
  const month = sk.slice('BALDAY#'.length);
  const days = new Map<string, number>();
  for (const [k, v] of Object.entries(item)) if (/^d\d\d$/.test(k) && typeof v === 'number') days.set(`${month}-${k.slice(1)}`, v);
  return [month, { opening: item.opening, days }];
}

/**
 * The closing balance of each of `days` (Eastern, oldest first) from the months' items found and
 * the balance now. A day closes at the latest change recorded on or before it in its month, else at
 * its month's opening (the month's changes all came later); a month without an item saw no change,
 * so its days close at the opening of the next month that has one, or at the balance now.
 */
export function closingBalancesOf(days: readonly string[], months: ReadonlyMap<string, ClosingMonth>, balanceNowCents: number): number[] {
  const byMonth = [...months.keys()].sort();
  return days.map((day) => {
    const month = months.get(day.slice(0, 7));
    if (month) return latestOnOrBefore(month, day) ?? month.opening;
    const next = byMonth.find((m) => m > day.slice(0, 7));
    return next === undefined ? balanceNowCents : (months.get(next) as ClosingMonth).opening;
  });
}

/** The figure of the latest recorded day of `month` on or before `day`, if any. */
function latestOnOrBefore(month: ClosingMonth, day: string): number | undefined {
  let best: string | undefined;
  for (const d of month.days.keys()) if (d <= day && (best === undefined || d > best)) best = d;
  return best === undefined ? undefined : month.days.get(best);
}
