/**
 * The wallet's balance over time: GET /wallet/balance-history answers the spendable balance at the
 * close of each of the last BALANCE_HISTORY_DAYS US Eastern days.
 *
 * The wallet records each day's closing balance as it moves (functions/wallet/closing-balances.ts),
 * so one BatchGet reads the account and the window's months (at most 4 month items for 90 days)
 * whatever the length of the ledger. Today's point is the balance now.
 */
import type { BalanceHistory } from '../../domain/api/insights';
import { BALANCE_HISTORY_DAYS, lastEasternDays } from '../../domain/insights';
import { batchGet } from '../data/client';
import { closingBalancesOf, closingMonthOf, monthKeysOf, type ClosingMonth } from '../wallet/closing-balances';

/** GET /wallet/balance-history: the last BALANCE_HISTORY_DAYS days' closing balances, oldest first. */
export async function getBalanceHistory(userId: string, now = new Date()): Promise<BalanceHistory> {
  const days = lastEasternDays(now, BALANCE_HISTORY_DAYS);
  const items = await batchGet([{ pk: `USER#${userId}`, sk: 'PROFILE' }, ...monthKeysOf(userId, days)]);
  const profile = items.find((i) => i.sk === 'PROFILE');
  const months = new Map<string, ClosingMonth>(items.map(closingMonthOf).filter((m) => m !== undefined));
  const closing = closingBalancesOf(days, months, Number(profile?.balanceCents ?? 0));
  return { days: days.map((day, i) => ({ day, balanceCents: closing[i] as number })) };
}
