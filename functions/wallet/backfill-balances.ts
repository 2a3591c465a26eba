/**
 * The one-off backfill of what the wallet records as it moves (./wallet.ts), for the ledgers
 * written before it did: each completed entry's balance after and each month's closing balances,
 * worked out from the user's whole ledger as ./../receipts/balance-after.ts defines them. The shard
 * backfill (functions/jobs/backfill-shards.ts) runs it for every account it meets.
 *
 * Idempotent and safe beside live changes: an entry's figure is written only where it has none, and
 * a day's closing only where the wallet has not recorded one (a recorded day is always the later
 * figure). A month's opening is the balance at the instant the month began, which the whole ledger
 * gives exactly, so it replaces what the wallet recorded at the month's first change it saw.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addDays, todayInEastern } from '../../domain/ship-date';
import { easternDayStart } from '../../domain/insights';
import { db, isConditionFailure, tableName } from '../data/client';
import { balanceTimeline } from '../receipts/balance-after';
import { listStoredLedger } from './ledger';

type Ledger = Parameters<typeof balanceTimeline>[0];

/** The Eastern days on which `ledger` moved the spendable balance: entries completing, holds placed and ended. */
function daysWithChanges(ledger: Ledger): string[] {
  const instants = ledger.flatMap((e) => [
    ...(e.completedAt ? [e.completedAt] : e.status === 'completed' ? [e.createdAt] : []),
    ...(e.type === 'withdrawal' || e.type === 'dispute' ? [e.createdAt] : []),
  ]);
  return [...new Set(instants.map((t) => todayInEastern(new Date(t))))].sort();
}

/** Backfills `userId`'s balance figures; counts the writes made and those found done already. */
export async function backfillBalances(userId: string): Promise<{ moved: number; skipped: number }> {
  const counts = { moved: 0, skipped: 0 };
  const ledger = await listStoredLedger(userId);
  const timeline = balanceTimeline(ledger);
  const write = async (input: ConstructorParameters<typeof UpdateCommand>[0]) => {
    try {
      await db.send(new UpdateCommand(input));
      counts.moved++;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      counts.skipped++;
    }
  };
  for (const entry of ledger) {
    if (entry.status !== 'completed' || entry.balanceAfterCents !== undefined) continue;
    await write({
      TableName: tableName(),
      Key: { pk: `USER#${userId}`, sk: `TXN#${entry.id}` },
      UpdateExpression: 'SET balanceAfterCents = :after',
      ConditionExpression: 'attribute_not_exists(balanceAfterCents) AND #status = :completed',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':after': timeline.after(entry), ':completed': 'completed' },
    });
  }
  const byMonth = new Map<string, string[]>();
  for (const day of daysWithChanges(ledger)) byMonth.set(day.slice(0, 7), [...(byMonth.get(day.slice(0, 7)) ?? []), day]);
  for (const [month, days] of byMonth) {
    const names = Object.fromEntries(days.map((d) => [`#d${d.slice(8)}`, `d${d.slice(8)}`]));
    const values = Object.fromEntries(days.map((d) => [`:d${d.slice(8)}`, timeline.before(easternDayStart(addDays(d, 1)))]));
    await write({
      TableName: tableName(),
      Key: { pk: `USER#${userId}`, sk: `BALDAY#${month}` },
      UpdateExpression: `SET opening = :opening, entity = :entity, ${days.map((d) => `#d${d.slice(8)} = if_not_exists(#d${d.slice(8)}, :d${d.slice(8)})`).join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ':opening': timeline.before(easternDayStart(`${month}-01`)), ':entity': 'closingBalances', ...values },
    });
  }
  return counts;
}
