/**
 * Admin adjustments: an admin credits or debits a wallet by exact cents with a reason
 * the user reads in their transactions. One transaction: the idempotency claim, the wallet's
 * `adjust` steps (balance, completed `adjustment` entry, admin figures) and the audit record (who,
 * on whom, the balance before and after). A debit never takes the spendable balance below zero
 * (held money is not the admin's to take either).
 *
 * Four eyes: no admin adjusts their own wallet (403), and an adjustment over
 * ADJUSTMENT_SECOND_ADMIN_CENTS either way is stored as a pending approval instead, with its own
 * audit record; nothing moves until a second admin approves it (./approvals.ts).
 */
import { ulid } from 'ulid';
import type { User } from '../../domain/api/users';
import type { LedgerEntry } from '../../domain/api/wallet';
import type { Approval, Person, WalletFigures } from '../../domain/audit';
import { ADJUSTMENT_SECOND_ADMIN_CENTS } from '../../domain/constants';
import { formatUsd } from '../../domain/money';
import { adjustmentForKey, claimAdjustmentKeyStep } from '../data/adjustment-keys';
import { getApproval, newApprovalSteps } from '../data/approvals';
import { auditStep, newAuditRecord } from '../data/audit';
import { transact, type Step } from '../data/client';
import { getUserById } from '../data/users';
import { Conflict, Forbidden, NotFound } from '../errors';
import { getEntry } from './ledger';
import { adjust, adjustmentEntry, atVersion } from './wallet';
import { walletCredited } from '../webhooks/events';
import { NOTHING, outboxWrite, sendWritten } from '../webhooks/outbox';
import { logger } from '../observability/logger';

export const OWN_WALLET_MESSAGE = 'You cannot adjust your own wallet: ask another admin to do it.';

/** Tries of a transaction whose account changed since it was read (a re-read settles it). */
const RACE_TRIES = 3;

export interface Adjustment {
  userId: string;
  amountCents: number;
  reason: string;
  adminId: string;
  /** The request's Idempotency-Key: the same key adjusts once. */
  key: string;
}

/** The entry and the account after it; over the threshold, no entry yet and the pending approval. */
export interface AdjustmentResult {
  entry: LedgerEntry | null;
  user: User;
  approval: Approval | null;
}

const userGone = () => new NotFound('User not found');

/** An account as the audit log names it. */
export const personOf = (user: Pick<User, 'id' | 'email'> | undefined, id: string): Person => ({ id, email: user?.email ?? '' });
/** Admin `adminId` as the audit log names them (one read of the account). */
export const adminPerson = async (adminId: string): Promise<Person> => personOf(await getUserById(adminId), adminId);
export const figuresOf = (user: Pick<User, 'balanceCents' | 'heldCents' | 'disputedCents'>): WalletFigures => ({
  balanceCents: user.balanceCents,
  heldCents: user.heldCents,
  disputedCents: user.disputedCents,
});

/** The refusal of a debit the spendable balance does not cover. */
const notCovered = (amountCents: number, user: User) =>
  new Conflict(
    `A debit of ${formatUsd(-amountCents)} would take the balance below zero: ${formatUsd(user.balanceCents)} is available${user.heldCents ? ` (${formatUsd(user.heldCents)} is on hold)` : ''}.`,
  );

/**
 * Adjusts `user`'s wallet by `amountCents` with entry `entryId`, in one transaction with `extra`
 * (an idempotency claim, an approval's decision) and the audit record of `actor` (and of
 * `requestedBy`, the first admin, for a second approval). The balance step is pinned to the version
 * read, so the record's before and after are exact; when the account changed meanwhile, it is read
 * again and tried again. Answers the transaction's outcome, for the caller to read by step name.
 */
export async function applyAdjustment(
  first: User,
  actor: Person,
  move: { entryId: string; amountCents: number; reason: string },
  extra: Step[],
  requestedBy: Person | null,
): Promise<{ ok: true; user: User } | { ok: false; failed: Set<string>; user: User }> {
  let user = first;
  const entry = adjustmentEntry(first, move.entryId, move.amountCents, move.reason);
  // A credit tells the account's listening endpoints (wallet.credited), in the same transaction.
  const events = move.amountCents > 0 ? await outboxWrite(first.id, walletCredited(entry)) : NOTHING;
  for (let attempt = 1; ; attempt++) {
    const before = figuresOf(user);
    const record = newAuditRecord({
      action: 'adjustment',
      actor,
      subject: personOf(user, user.id),
      amountCents: move.amountCents,
      before,
      after: { ...before, balanceCents: before.balanceCents + move.amountCents },
      reason: move.reason,
      ref: move.entryId,
      requestedBy,
    });
    const done = await transact([...extra, ...atVersion(adjust(user, entry), user.version), auditStep(record), ...events.steps]);
    if (done.ok) await sendWritten(events, logger);
    if (done.ok || done.failed.size !== 1 || !done.failed.has('wallet.balance')) return { ...done, user };
    const now = await getUserById(user.id, { consistent: true });
    if (!now) throw userGone();
    if (now.version === user.version || attempt >= RACE_TRIES) return { ...done, user: now };
    user = now;
  }
}

/** Why a balance step failed: the debit is not covered, the account is gone, or it kept changing. */
export function balanceRefusal(amountCents: number, user: User): Error {
  if (amountCents < 0 && user.balanceCents < -amountCents) return notCovered(amountCents, user);
  return new Conflict('The wallet changed while we adjusted it. Please try again.');
}

/**
 * The entry and the account after it, or the pending approval; a repeated key answers the first
 * request's. 403 for the admin's own wallet, 404 unknown user, 409 a debit below zero.
 */
export async function adjustWallet(a: Adjustment): Promise<AdjustmentResult> {
  if (a.userId === a.adminId) throw new Forbidden(OWN_WALLET_MESSAGE);
  const [user, admin] = await Promise.all([getUserById(a.userId, { consistent: true }), getUserById(a.adminId)]);
  if (!user) throw userGone();
  const actor = personOf(admin, a.adminId);
  if (Math.abs(a.amountCents) > ADJUSTMENT_SECOND_ADMIN_CENTS) return askSecondAdmin(a, user, actor);
  const entryId = ulid();
  const done = await applyAdjustment(
    user,
    actor,
    { entryId, amountCents: a.amountCents, reason: a.reason },
    [claimAdjustmentKeyStep(a.adminId, a.key, a.userId, entryId)],
    null,
  );
  if (done.ok) return afterwards(a.userId, entryId);
  if (done.failed.has('adjustment.idempotency')) return replay(a);
  throw balanceRefusal(a.amountCents, done.user);
}

/**
 * An adjustment over the threshold: the pending approval, its audit record and the key's claim, in
 * one transaction; no money moves. A debit the balance does not cover now is refused at once.
 */
async function askSecondAdmin(a: Adjustment, user: User, actor: Person): Promise<AdjustmentResult> {
  if (a.amountCents < 0 && user.balanceCents < -a.amountCents) throw notCovered(a.amountCents, user);
  const approval: Approval = {
    id: ulid(),
    kind: 'adjustment',
    status: 'pending',
    amountCents: a.amountCents,
    reason: a.reason,
    subject: { id: user.id, email: user.email, name: user.name },
    withdrawalId: null,
    requestedBy: actor,
    createdAt: new Date().toISOString(),
    decidedBy: null,
    decidedAt: null,
    decisionReason: null,
    entryId: null,
  };
  const figures = figuresOf(user);
  const record = newAuditRecord({
    action: 'adjustment.requested',
    actor,
    subject: personOf(user, user.id),
    amountCents: a.amountCents,
    before: figures,
    after: figures,
    reason: a.reason,
    ref: approval.id,
    requestedBy: null,
  });
  const done = await transact([claimAdjustmentKeyStep(a.adminId, a.key, a.userId, approval.id, approval.id), ...newApprovalSteps(approval), auditStep(record)]);
  if (done.ok) return { entry: null, user, approval };
  if (done.failed.has('adjustment.idempotency')) return replay(a);
  throw new Conflict('This adjustment could not be stored. Please try again.');
}

/** The first answer of a repeated Idempotency-Key: its adjustment, or its pending (or since decided) approval. */
async function replay(a: Adjustment): Promise<AdjustmentResult> {
  const first = await adjustmentForKey(a.adminId, a.key);
  if (!first || first.userId !== a.userId) throw new Conflict('This Idempotency-Key was already used for another adjustment.');
  if (!first.approvalId) return afterwards(first.userId, first.entryId);
  const [approval, user] = await Promise.all([getApproval(first.approvalId), getUserById(first.userId, { consistent: true })]);
  if (!approval || !user) throw userGone();
  const entry = approval.entryId ? ((await getEntry(user.id, approval.entryId)) ?? null) : null;
  return { entry, user, approval };
}

async function afterwards(userId: string, entryId: string): Promise<AdjustmentResult> {
  const [entry, user] = await Promise.all([getEntry(userId, entryId), getUserById(userId, { consistent: true })]);
  if (!entry || !user) throw userGone();
  return { entry, user, approval: null };
}
