/**
 * The wallet's balance over time: GET /wallet/balance-history answers the
 * spendable balance at the close of each of the last BALANCE_HISTORY_DAYS US Eastern days, from the
 * user's ledger (the completed entries, and the withdrawals on hold at the time).
 *
 * The figure is the receipts' "balance after" (functions/receipts/balance-after.ts), asked for an
 * entry that moves nothing and completes the instant the next day begins (id '' sorts before every
 * real id, so an entry completed exactly at midnight belongs to the next day). One definition of the
 * balance at a moment, so the chart, the receipts and the wallet page cannot disagree; today's point
 * is the balance now. Reads the whole ledger once (a Query, paged) and walks it once per day: 90 x n
 * steps, a few milliseconds for thousands of entries.
 */
import type { BalanceHistory } from '../../domain/api/insights';
import { addDays } from '../../domain/ship-date';
import { BALANCE_HISTORY_DAYS, easternDayStart, lastEasternDays } from '../../domain/insights';
import { balanceAfter } from '../receipts/balance-after';
import { listWholeLedger } from '../wallet/ledger';

/** The spendable balance at the close of each day of `days` (Eastern, oldest first), from `ledger`. */
export function closingBalances(ledger: Parameters<typeof balanceAfter>[0], days: readonly string[]): BalanceHistory['days'] {
  return days.map((day) => {
    const close = easternDayStart(addDays(day, 1));
    const marker = { id: '', amountCents: 0, type: 'adjustment' as const, status: 'completed' as const, createdAt: close, completedAt: close };
    return { day, balanceCents: balanceAfter(ledger, marker) };
  });
}

/** GET /wallet/balance-history: the last BALANCE_HISTORY_DAYS days' closing balances, oldest first. */
export async function getBalanceHistory(userId: string, now = new Date()): Promise<BalanceHistory> {
  return { days: closingBalances(await listWholeLedger(userId), lastEasternDays(now, BALANCE_HISTORY_DAYS)) };
}
