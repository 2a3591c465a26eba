/** Puts money in a test user's wallet the way production does: a pending top-up settled by an event. */
import { randomUUID } from 'node:crypto';
import type { User } from '../../domain/api/users';
import { settleTopUp } from '../../functions/payments/top-ups';
import { newEntry, putPendingEntry } from '../../functions/wallet/ledger';

export async function creditWallet(user: Pick<User, 'id' | 'name' | 'email'>, cents: number): Promise<void> {
  const entry = newEntry(user, { amountCents: cents, type: 'topup', creditType: 'Card', paymentType: 'CARD', provider: 'stripe' });
  await putPendingEntry(entry);
  const result = await settleTopUp({ userId: user.id, entryId: entry.id, outcome: 'completed', eventKey: `test#${randomUUID()}`, paidCents: cents });
  if (result !== 'applied') throw new Error(`could not credit the test wallet: ${result}`);
}
