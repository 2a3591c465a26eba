/**
 * The wallet's invariant, checked from the table itself: completed entries sum to the spendable
 * balance plus the cents held for withdrawals plus the cents held for open card disputes, the
 * pending withdrawal entries sum to minus the held cents, and the pending dispute entries to minus
 * the disputed cents.
 */
import { expect } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../functions/data/client';
import { getUserById } from '../../functions/data/users';

export async function ledgerOf(userId: string): Promise<{
  balanceCents: number;
  heldCents: number;
  disputedCents: number;
  completedSum: number;
  heldSum: number;
  disputedSum: number;
  entries: Record<string, unknown>[];
}> {
  const entries: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :txn)',
        ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':txn': 'TXN#' },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    entries.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  const completedSum = entries.filter((e) => e.status === 'completed').reduce((sum, e) => sum + Number(e.amountCents), 0);
  const pendingSum = (type: string) => entries.filter((e) => e.status === 'pending' && e.type === type).reduce((sum, e) => sum - Number(e.amountCents), 0);
  const heldSum = pendingSum('withdrawal');
  const disputedSum = pendingSum('dispute');
  const user = await getUserById(userId, { consistent: true });
  const balanceCents = user?.balanceCents ?? Number.NaN;
  return {
    balanceCents,
    heldCents: user?.heldCents ?? Number.NaN,
    disputedCents: user?.disputedCents ?? Number.NaN,
    completedSum,
    heldSum,
    disputedSum,
    entries,
  };
}

/** Asserts the invariant and returns what the wallet owes: spendable plus held plus disputed (0 held and disputed for most tests). */
export async function expectLedgerInvariant(userId: string): Promise<number> {
  const { balanceCents, heldCents, disputedCents, completedSum, heldSum, disputedSum } = await ledgerOf(userId);
  expect(balanceCents + heldCents + disputedCents).toBe(completedSum);
  expect(heldCents).toBe(heldSum);
  expect(disputedCents).toBe(disputedSum);
  return balanceCents + heldCents + disputedCents;
}
