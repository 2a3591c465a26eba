/**
 * The shard backfill (functions/jobs/backfill-shards.ts): a table written before the keys were
 * sharded reads the same after it runs. The table is written by today's code, read, then turned
 * back into the old shape (one key per list or queue, a label's poll on the order's gsi1, entries
 * without their balance after or their index by label, no closing balances), which today's readers
 * do not see; the backfill, cut short once and resumed, brings every read back.
 */
import { describe, expect, it } from 'vitest';
import { DeleteCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../functions/data/client';
import { dueTrackingPolls } from '../../functions/data/orders';
import { listUsers } from '../../functions/data/users';
import { dueItems } from '../../functions/data/work-index';
import { backfillShards } from '../../functions/jobs/backfill-shards';
import { buyWithCredits } from '../../functions/labels/credit-orders';
import { logger } from '../../functions/observability/logger';
import { getBalanceHistory } from '../../functions/insights/balance-history';
import { receiptFor } from '../../functions/receipts/receipt';
import { listEntriesByType, listWholeLedger } from '../../functions/wallet/ledger';
import { labelForm, newUser } from './reliability/helpers';

const FAR = new Date(Date.now() + 400 * 86_400_000);

/** Every read the backfill must bring back, in the order each answers; `accounts`' receipts and balance over time among them. */
async function reads(accounts: readonly string[] = []) {
  const money = await Promise.all(
    accounts.map(async (userId) => ({
      receipts: await Promise.all((await listWholeLedger(userId)).map(async (e) => (await receiptFor(userId, e.id)).balanceAfterCents)),
      history: (await getBalanceHistory(userId)).days.map((d) => d.balanceCents),
    })),
  );
  return {
    money,
    users: (await listUsers({ limit: 50 })).items.map((u) => u.id),
    labels: (await listEntriesByType('label', { limit: 50 })).items.map((e) => e.id),
    topUps: (await listEntriesByType('topup', { limit: 50 })).items.map((e) => e.id),
    unused: (await dueItems('unused', FAR, 50)).map((i) => i.id),
    polls: (await dueTrackingPolls(FAR, 50)).map((o) => o.id),
  };
}

const scanAll = async () => {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: start, ConsistentRead: true }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
};

const update = (key: Record<string, unknown>, expression: string, values: Record<string, unknown>) =>
  db.send(new UpdateCommand({ TableName: tableName(), Key: key, UpdateExpression: expression, ExpressionAttributeValues: values }));

/** Writes the table back the way the code before sharding kept it. */
async function unshard(): Promise<void> {
  for (const item of await scanAll()) {
    const key = { pk: item.pk, sk: item.sk };
    if (item.entity === 'trackPoll') {
      await db.send(new DeleteCommand({ TableName: tableName(), Key: key }));
      await update({ pk: item.pk, sk: `ORDER#${String(item.orderId)}` }, 'SET gsi1pk = :q, gsi1sk = :sk', { ':q': 'WORK#track', ':sk': item.gsi3sk });
    } else if (item.entity === 'userListing') {
      await db.send(new DeleteCommand({ TableName: tableName(), Key: key }));
      await update({ pk: item.pk, sk: 'PROFILE' }, 'SET gsi1pk = :l, gsi1sk = :sk', { ':l': 'USERS', ':sk': item.gsi1sk });
    } else if (item.entity === 'closingBalances') {
      await db.send(new DeleteCommand({ TableName: tableName(), Key: key }));
    } else {
      if (item.entity === 'ledgerEntry')
        await db.send(new UpdateCommand({ TableName: tableName(), Key: key, UpdateExpression: 'REMOVE gsi2pk, gsi2sk, balanceAfterCents' }));
      if (typeof item.gsi3pk === 'string') await update(key, 'SET gsi3pk = :q', { ':q': item.gsi3pk.replace(/#\d+$/, '') });
      if (typeof item.gsi1pk === 'string' && item.gsi1pk.startsWith('TXNTYPE#'))
        await update(key, 'SET gsi1pk = :t', { ':t': item.gsi1pk.replace(/#\d+$/, '') });
    }
  }
}

describe('the shard backfill', () => {
  // A scan of the whole table and a transaction per moved item: slower than most on a busy machine.
  it('reads a table written before sharding the same as before, resumed after a cut, and changes nothing run again', { timeout: 120_000 }, async () => {
    const accounts: string[] = [];
    for (const name of ['bf-a', 'bf-b', 'bf-c']) {
      const user = await newUser(name, 2000);
      accounts.push(user.id);
      for (let i = 0; i < 2; i++) await buyWithCredits(user.id, labelForm() as never, `${name}-${i}`, logger);
    }
    const before = await reads(accounts);
    // The receipts read each entry's stored balance after: a $20 top-up, then two labels.
    expect([...(before.money[0]?.receipts ?? [])].sort((a, b) => b - a)).toEqual([2000, 2000 - 600, 2000 - 1200]);
    expect(before.money[0]?.history.at(-1)).toBe(800);
    expect(before.users).toHaveLength(3);
    expect(before.labels).toHaveLength(6);
    expect(before.topUps).toHaveLength(3);
    expect(before.unused).toHaveLength(6);
    expect(before.polls).toHaveLength(6);

    await unshard();
    // Today's readers do not see the old keys.
    expect(await reads()).toEqual({ money: [], users: [], labels: [], topUps: [], unused: [], polls: [] });

    // Cut short after one page of the scan (a timeout), then resumed where it stopped.
    const first = await backfillShards({ maxPages: 1, pageSize: 10 });
    expect(first.done).toBe(false);
    const rest = await backfillShards();
    expect(rest.done).toBe(true);
    // users 3, labels 6, top-ups 3, unused 6, polls 6; then the labels' debits indexed by label 6, each
    // completed entry's balance after 9, and one month of closing balances for each account 3.
    expect(first.moved + rest.moved).toBe(24 + 6 + 9 + 3);
    expect(await reads(accounts)).toEqual(before);

    // A finished backfill does nothing; run from the top again it finds nothing to move.
    expect(await backfillShards()).toMatchObject({ done: true, scanned: 0 });
    // (Again, only a month's opening is written once more: the exact balance when it began.)
    expect(await backfillShards({ restart: true })).toMatchObject({ done: true, moved: 3 });
    expect(await reads(accounts)).toEqual(before);
  });
});
