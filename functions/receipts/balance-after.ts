/**
 * "Balance after" on a receipt. Entries do not store the balance they left, so it is reconstructed
 * from the user's ledger, which is exact because of the wallet's invariant (functions/wallet/
 * wallet.ts): the completed entries sum to `balanceCents + heldCents + disputedCents`, and each
 * pending withdrawal or dispute holds its amount out of the spendable balance.
 *
 * Definition: the spendable balance right after the entry completed =
 *   the sum of the completed entries that completed up to and including this one (completion order:
 *   `completedAt`, ties by entry id, which is a ulid and so creation order)
 *   minus what withdrawals held at that moment (a withdrawal entry created by then that had not yet
 *   completed or failed by then).
 * So it is the Balance the wallet page showed at that moment; a paid-out withdrawal leaves it as it
 * was (the money had left the spendable balance when it was put on hold). Entries that completed in
 * the same millisecond are ordered by id, which may differ from the order DynamoDB applied them in;
 * the final figure (after the newest entry) is always the stored balance.
 */
import type { LedgerEntry } from '../../domain/api/wallet';

type Timed = Pick<LedgerEntry, 'id' | 'amountCents' | 'type' | 'status' | 'createdAt' | 'completedAt'>;

/** Completion order: when it completed (its creation for entries completed at once), then its id. */
const doneKey = (e: Timed): [string, string] => [e.completedAt ?? e.createdAt, e.id];
const notAfter = (a: [string, string], b: [string, string]): boolean => a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1]);

/** The spendable balance, in cents, right after `target` completed (see the module's definition). */
export function balanceAfter(entries: readonly Timed[], target: Timed): number {
  if (target.status !== 'completed') throw new Error('only a completed entry has a balance after it');
  const at = doneKey(target);
  let cents = 0;
  for (const e of entries) {
    const ended = e.status === 'completed' || e.status === 'failed' || e.status === 'cancelled';
    const endedByThen = ended && notAfter(doneKey(e), at);
    if (e.status === 'completed' && endedByThen) cents += e.amountCents;
    // A withdrawal or a dispute on hold at that moment: created by then, not yet ended (paid out,
    // refused, won or lost). A won dispute is cancelled, and held until then all the same.
    const heldByThen = (e.type === 'withdrawal' || e.type === 'dispute') && notAfter([e.createdAt, e.id], at) && !endedByThen;
    if (heldByThen && (e.type === 'dispute' || e.status !== 'cancelled')) cents += e.amountCents;
  }
  return cents;
}
