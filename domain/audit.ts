/**
 * The names of the audit log's actions and of the second-admin approvals, without their zod schemas:
 * the query schemas (domain/schemas/oversight.ts) and the admin pages name them, and would otherwise
 * bundle the answer schemas with them. domain/api/oversight.ts re-exports them.
 */

/**
 * What an admin did, one audit record each, written in the transaction that does it:
 * - `adjustment`: a credit or debit moved (by one admin, or by the second one of an approval);
 * - `adjustment.requested`: an adjustment over the threshold stored as pending, nothing moved yet;
 * - `withdrawal.approval-requested`: a withdrawal approval over the threshold stored as pending;
 * - `withdrawal.approved`: a withdrawal's pay-out left the wallet (card refunds and the by-hand part);
 * - `withdrawal.rejected`: a request refused, its hold back in the balance;
 * - `withdrawal.refund-left-out`: during an approval, a card refund the bank refused because its
 *   payment is disputed: that part goes back from held to the balance (the whole request, when it
 *   was the only refund, which then ends rejected);
 * - `approval.rejected`: a second admin refused a pending request, nothing moved.
 */
export const AUDIT_ACTIONS = [
  'adjustment',
  'adjustment.requested',
  'withdrawal.approval-requested',
  'withdrawal.approved',
  'withdrawal.rejected',
  'withdrawal.refund-left-out',
  'approval.rejected',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What a pending approval is for. */
export const APPROVAL_KINDS = ['adjustment', 'withdrawal'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

/** A pending approval is decided once: approved by a second admin (the money then moves) or rejected. */
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** Someone named in a record: the account's id and its email at the time. */
export interface Person {
  id: string;
  email: string;
}

/** The wallet's figures around an action: spendable, held and disputed cents. */
export interface WalletFigures {
  balanceCents: number;
  heldCents: number;
  disputedCents: number;
}

/** One audit record as stored (functions/data/audit.ts): never changed, never expires. */
export interface AuditRecord {
  id: string;
  at: string;
  action: AuditAction;
  actor: Person;
  subject: Person;
  /** The cents the action moves (signed for adjustments), or asks to move. */
  amountCents: number;
  /** The wallet just before and just after the action; equal for an action that moves nothing. */
  before: WalletFigures;
  after: WalletFigures;
  /** The admin's reason or note. */
  reason: string | null;
  /** What the action is about: the ledger entry, the withdrawal request, or the pending approval. */
  ref: string;
  /** For a second admin's action: the admin who asked for it. */
  requestedBy: Person | null;
}

/** One second-admin approval as stored (functions/data/approvals.ts). */
export interface Approval {
  id: string;
  kind: ApprovalKind;
  status: ApprovalStatus;
  /** Signed cents of an adjustment; the amount of a withdrawal. */
  amountCents: number;
  /** An adjustment's reason (the user reads it); a withdrawal approval's note (how the by-hand part is paid), if any. */
  reason: string | null;
  subject: Person & { name: string };
  /** The withdrawal request to approve (kind `withdrawal`). */
  withdrawalId: string | null;
  requestedBy: Person;
  createdAt: string;
  decidedBy: Person | null;
  decidedAt: string | null;
  /** The second admin's reason for a rejection. */
  decisionReason: string | null;
  /** The adjustment's ledger entry, once approved. */
  entryId: string | null;
}
