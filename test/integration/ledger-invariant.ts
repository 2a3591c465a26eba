/** The wallet's one invariant, checked from the table itself: completed entries sum to the balance. */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { db, tableName } from '../../functions/data/client';
import { getUserById } from '../../functions/data/users';

export async function ledgerOf(userId: string): Promise<{ balanceCents: number; completedSum: number; entries: Record<string, unknown>[] }> {
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
  const balanceCents = (await getUserById(userId))?.balanceCents ?? Number.NaN;
  return { balanceCents, completedSum, entries };
}

/** Asserts the invariant and returns the balance. */
export async function expectLedgerInvariant(userId: string): Promise<number> {
  const { balanceCents, completedSum } = await ledgerOf(userId);
  expect(balanceCents).toBe(completedSum);
  return balanceCents;
}
