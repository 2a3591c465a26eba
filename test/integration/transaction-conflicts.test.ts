/**
 * DynamoDB cancels a transaction that meets another one on the same item (TransactionConflict), and
 * the SDK does not retry that. functions/data/client.ts does: a cancelled transaction wrote nothing.
 * Conflicts are injected below the retry (at the build step) so the real transaction runs after them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { db } from '../../functions/data/client';
import { createUser, getUserByEmail } from '../../functions/data/users';
import { Conflict } from '../../functions/errors';

const conflict = () =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},

    CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' }],
  });

let sent = 0;
function conflictsFirst(times: number) {
  sent = 0;
  db.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName !== 'TransactWriteItemsCommand') return next(args);
      sent += 1;
      if (sent <= times) throw conflict();
      return next(args);
    },
    { step: 'build', name: 'injectConflicts' },
  );
}
afterEach(() => void db.middlewareStack.remove('injectConflicts'));

let n = 0;
const email = () => `conflict${++n}-${Date.now()}@example.com`;

describe('transactions cancelled by a conflict', () => {
  it('are sent again and then succeed once', async () => {
    conflictsFirst(2);
    const user = await createUser({ name: 'Ann', email: email(), passwordHash: 'x' });
    expect(sent).toBe(3);
    expect((await getUserByEmail(user.email))?.id).toBe(user.id);
  });

  it('reach the caller as an error after a few tries', async () => {
    conflictsFirst(100);
    const address = email();
    await expect(createUser({ name: 'Ann', email: address, passwordHash: 'x' })).rejects.toBeInstanceOf(TransactionCanceledException);
    expect(sent).toBe(4);
    expect(await getUserByEmail(address)).toBeUndefined();
  });

  it('are not confused with a condition failure, which is an answer and is not retried', async () => {
    const address = email();
    await createUser({ name: 'Ann', email: address, passwordHash: 'x' });
    conflictsFirst(0);
    await expect(createUser({ name: 'Ann', email: address, passwordHash: 'x' })).rejects.toBeInstanceOf(Conflict);
    expect(sent).toBe(1);
  });
});
