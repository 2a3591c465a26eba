/**
 * The wallet's one retry loop (functions/wallet/wallet.ts transactWallet), against a mocked
 * DynamoDB: a change is built on the balances read, pinned to them, and built again on fresh ones
 * only when DynamoDB refused it because the balance moved in between.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { debit, debitMany, transactWallet } from '../../../functions/wallet/wallet';

const ddb = mockClient(DynamoDBDocumentClient);
const owner = { id: 'u1', name: 'Ann', email: 'ann@example.com' };
const move = { amountCents: 600, orderId: 'o1' };

/** DynamoDB's answer when the condition of the first item (the balance update) failed. */
const balanceRefused = () =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }, { Code: 'None' }, { Code: 'None' }],
  });
const profile = (balanceCents: number) => ({ Item: { pk: 'USER#u1', sk: 'PROFILE', balanceCents, heldCents: 0, disputedCents: 0 } });

/** The balance a sent transaction pinned, and the balance after its debit entry says. */
function sent(i: number) {
  const items = ddb.commandCalls(TransactWriteCommand)[i]!.args[0].input.TransactItems!;
  const update = items[0]!.Update!;
  const entry = items.find((t) => t.Put?.Item?.entity === 'ledgerEntry')!.Put!.Item!;
  return { pinned: update.ExpressionAttributeValues![':before'] as number, after: entry.balanceAfterCents as number };
}

beforeEach(() => ddb.reset());

describe('transactWallet', () => {
  it('reads the balances, pins them, and stores the balance after on the entry', async () => {
    ddb.on(GetCommand).resolves(profile(2000));
    ddb.on(TransactWriteCommand).resolves({});
    expect(await transactWallet(owner, (account) => debit(account, move))).toEqual({ ok: true });
    expect(ddb.commandCalls(GetCommand)[0]!.args[0].input).toMatchObject({ Key: { pk: 'USER#u1', sk: 'PROFILE' }, ConsistentRead: true });
    expect(sent(0)).toEqual({ pinned: 2000, after: 1400 });
  });

  it('builds the change again on fresh balances when the balance moved in between', async () => {
    ddb.on(GetCommand).resolves(profile(1500));
    ddb.on(TransactWriteCommand).rejectsOnce(balanceRefused()).resolves({});
    // The caller's balances (read a moment ago) are used first: no read before the first try.
    expect(await transactWallet(owner, (account) => debit(account, move), { balanceCents: 2000, heldCents: 0, disputedCents: 0 })).toEqual({ ok: true });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(2);
    expect(sent(0)).toEqual({ pinned: 2000, after: 1400 });
    expect(sent(1)).toEqual({ pinned: 1500, after: 900 });
  });

  it('answers a balance that is really short as the refusal it is, without trying again', async () => {
    ddb.on(GetCommand).resolves(profile(500));
    ddb.on(TransactWriteCommand).rejects(balanceRefused());
    const result = await transactWallet(owner, (account) => debit(account, move));
    expect(result).toEqual({ ok: false, failed: new Set(['wallet.balance']) });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('throws when the balance keeps moving under every try, having written nothing', async () => {
    let balance = 5000;
    ddb.on(GetCommand).callsFake(() => profile((balance -= 100)));
    ddb.on(TransactWriteCommand).rejects(balanceRefused());
    await expect(transactWallet(owner, (account) => debit(account, move))).rejects.toThrow(/kept changing/);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(6);
  });
});

describe('debitMany', () => {
  it('pays several labels with one balance update of their sum (covered whole), one entry each with its balance after in order, when the balance moved it is built again', async () => {
    ddb.on(GetCommand).resolves(profile(5000));
    ddb.on(TransactWriteCommand).rejectsOnce(balanceRefused()).resolves({});
    const moves = [
      { amountCents: 600, orderId: 'o1' },
      { amountCents: 950, orderId: 'o2' },
      { amountCents: 450, orderId: 'o3' },
    ];
    expect(await transactWallet(owner, (account) => debitMany(account, moves), { balanceCents: 4000, heldCents: 0, disputedCents: 0 })).toEqual({ ok: true });
    const calls = ddb.commandCalls(TransactWriteCommand);
    expect(calls).toHaveLength(2);
    for (const [i, before] of [4000, 5000].entries()) {
      const items = calls[i]!.args[0].input.TransactItems!;
      const updates = items.filter((t) => t.Update?.Key?.sk === 'PROFILE');
      expect(updates).toHaveLength(1);
      expect(updates[0]!.Update!.ExpressionAttributeValues).toMatchObject({ ':delta': -2000, ':cover': 2000, ':before': before });
      const entries = items.filter((t) => t.Put?.Item?.entity === 'ledgerEntry').map((t) => t.Put!.Item!);
      expect(entries.map((e) => [e.orderId, e.amountCents, e.balanceAfterCents])).toEqual([
        ['o1', -600, before - 600],
        ['o2', -950, before - 1550],
        ['o3', -450, before - 2000],
      ]);
      expect(entries.map((e) => e.id as string)).toEqual(entries.map((e) => e.id as string).sort());
    }
  });
});
