/**
 * Admin adjustments: an admin credits or debits a wallet by exact cents with a reason
 * the user reads in their transactions. One transaction: the idempotency claim and the wallet's
 * `adjust` steps (balance, completed `adjustment` entry, admin figures). A debit never takes the
 * spendable balance below zero (held money is not the admin's to take either).
 */
import { ulid } from 'ulid';
import type { User } from '../../domain/api/users';
import type { LedgerEntry } from '../../domain/api/wallet';
import { formatUsd } from '../../domain/money';
import { adjustmentForKey, claimAdjustmentKeyStep } from '../data/adjustment-keys';
import { transact } from '../data/client';
import { getUserById } from '../data/users';
import { Conflict, NotFound } from '../errors';
import { getEntry } from './ledger';
import { adjust } from './wallet';

export interface Adjustment {
  userId: string;
  amountCents: number;
  reason: string;
  adminId: string;
  /** The request's Idempotency-Key: the same key adjusts once. */
  key: string;
}

const userGone = () => new NotFound('User not found');

/** The entry and the account after it; a repeated key answers the first adjustment's. 404 unknown user, 409 a debit below zero. */
export async function adjustWallet(a: Adjustment): Promise<{ entry: LedgerEntry; user: User }> {
  const user = await getUserById(a.userId, { consistent: true });
  if (!user) throw userGone();
  const entryId = ulid();
  const done = await transact([claimAdjustmentKeyStep(a.adminId, a.key, a.userId, entryId), ...adjust(user, entryId, a.amountCents, a.reason)]);
  if (done.ok) return afterwards(a.userId, entryId);
  if (done.failed.has('adjustment.idempotency')) {
    const first = await adjustmentForKey(a.adminId, a.key);
    if (!first || first.userId !== a.userId) throw new Conflict('This Idempotency-Key was already used for another adjustment.');
    return afterwards(first.userId, first.entryId);
  }
  if (a.amountCents > 0) throw userGone();
  const now = await getUserById(a.userId, { consistent: true });
  if (!now) throw userGone();
  throw new Conflict(
    `A debit of ${formatUsd(-a.amountCents)} would take the balance below zero: ${formatUsd(now.balanceCents)} is available${now.heldCents ? ` (${formatUsd(now.heldCents)} is on hold)` : ''}.`,
  );
}

async function afterwards(userId: string, entryId: string): Promise<{ entry: LedgerEntry; user: User }> {
  const [entry, user] = await Promise.all([getEntry(userId, entryId), getUserById(userId, { consistent: true })]);
  if (!entry || !user) throw userGone();
  return { entry, user };
}
