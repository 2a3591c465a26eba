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
  return balanceTimeline(entries).after(target);
}

/**
 * The spendable balance at any moment of `entries`' history, built once (sorted changes and their
 * running sums) so that each question costs a binary search: the backfill asks it of every entry
 * and every day of a ledger of any length. `before(instant)` is the balance the instant `instant`
 * began (before anything that ended then); `after(entry)` the balance right after `entry` completed.
 */
export function balanceTimeline(entries: readonly Timed[]): { before(instant: string): number; after(entry: Timed): number } {
  const changes: { key: [string, string]; cents: number }[] = [];
  for (const e of entries) {
    const ended = e.status === 'completed' || e.status === 'failed' || e.status === 'cancelled';
    if (e.status === 'completed') changes.push({ key: doneKey(e), cents: e.amountCents });
    // A withdrawal or a dispute holds its amount from its creation until it ends (a cancelled
    // withdrawal was never held; a won dispute, cancelled, was).
    const holds = (e.type === 'withdrawal' || e.type === 'dispute') && (e.type === 'dispute' || e.status !== 'cancelled');
    if (holds) {
      changes.push({ key: [e.createdAt, e.id], cents: e.amountCents });
      // Released when it ended, never before it was placed (a clock behind by a moment).
      if (ended) changes.push({ key: notAfter(doneKey(e), [e.createdAt, e.id]) ? [e.createdAt, e.id] : doneKey(e), cents: -e.amountCents });
    }
  }
  changes.sort((a, b) => (notAfter(a.key, b.key) ? (notAfter(b.key, a.key) ? 0 : -1) : 1));
  const sums: number[] = [];
  let running = 0;
  for (const c of changes) sums.push((running += c.cents));
  /** The balance after every change not after `key`. */
  const at = (key: [string, string]) => {
    let low = 0;
    let high = changes.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (notAfter((changes[mid] as { key: [string, string] }).key, key)) low = mid + 1;
      else high = mid;
    }
    return low === 0 ? 0 : (sums[low - 1] as number);
  };
  // An empty id sorts before every real one: nothing that ended at `instant` is counted.
  return { before: (instant) => at([instant, '']), after: (entry) => at(doneKey(entry)) };
}
