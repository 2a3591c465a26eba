/**
 * The second admin's decision on a pending approval (functions/data/approvals.ts): approving makes
 * the adjustment or starts the withdrawal's approval, in the same transaction as the approval's
 * move to `approved` (so it is decided exactly when the money moves); rejecting moves nothing, with
 * its audit record. The admin who asked may not decide their own request, and no admin decides on
 * their own wallet: 403 either way.
 */
import { ulid } from 'ulid';
import type { Approval, Person } from '../../domain/audit';
import { decideApprovalSteps, getApproval } from '../data/approvals';
import { auditStep, newAuditRecord } from '../data/audit';
import { transact } from '../data/client';
import { getUserById } from '../data/users';
import { Conflict, Forbidden, NotFound } from '../errors';
import type { Logger } from '../observability/logger';
import { applyAdjustment, balanceRefusal, figuresOf, personOf } from './adjustments';
import { approveWithdrawal } from './withdrawals';

export const OWN_REQUEST_MESSAGE = 'You asked for this yourself: a second admin must decide it.';
export const OWN_WALLET_APPROVAL_MESSAGE = 'This changes your own wallet: another admin must decide it.';

const gone = () => new NotFound('Approval not found');

/** The approval, pending, and an admin who may decide it; else 404, 409 or 403. */
async function decidable(id: string, adminId: string): Promise<{ approval: Approval; admin: Person }> {
  const [approval, admin] = await Promise.all([getApproval(id), getUserById(adminId)]);
  if (!approval) throw gone();
  if (approval.requestedBy.id === adminId) throw new Forbidden(OWN_REQUEST_MESSAGE);
  if (approval.subject.id === adminId) throw new Forbidden(OWN_WALLET_APPROVAL_MESSAGE);
  if (approval.status !== 'pending') throw new Conflict(`This approval was already ${approval.status}.`);
  return { approval, admin: personOf(admin, adminId) };
}

/** A decision another admin made first: 409, with what it was. */
async function decidedMeanwhile(id: string): Promise<never> {
  const now = await getApproval(id);
  throw new Conflict(`This approval was already ${now?.status ?? 'decided'}.`);
}

/** Approves pending approval `id` as admin `adminId`: the money moves now. Answers the approval as then stored. */
export async function approveApproval(id: string, adminId: string, note: string | undefined, log: Logger): Promise<Approval> {
  const { approval, admin } = await decidable(id, adminId);
  const decidedAt = new Date().toISOString();
  if (approval.kind === 'withdrawal') {
    const steps = decideApprovalSteps(approval, 'approved', { decidedBy: admin, decidedAt });
    await approveWithdrawal(approval.withdrawalId ?? '', note ?? approval.reason ?? undefined, log, {
      admin,
      approval: { steps, requestedBy: approval.requestedBy },
    });
    return (await getApproval(id)) ?? { ...approval, status: 'approved', decidedBy: admin, decidedAt };
  }
  const user = await getUserById(approval.subject.id, { consistent: true });
  if (!user) throw new NotFound('User not found');
  const entryId = ulid();
  const done = await applyAdjustment(
    user,
    admin,
    { entryId, amountCents: approval.amountCents, reason: approval.reason ?? '' },
    decideApprovalSteps(approval, 'approved', { decidedBy: admin, decidedAt, entryId }),
    approval.requestedBy,
  );
  if (done.ok) return { ...approval, status: 'approved', decidedBy: admin, decidedAt, entryId };
  if (done.failed.has('approval')) return decidedMeanwhile(id);
  throw balanceRefusal(approval.amountCents, done.user);
}

/** Rejects pending approval `id` as admin `adminId` with `reason`: nothing moves; a withdrawal request stays pending. */
export async function rejectApproval(id: string, adminId: string, reason: string): Promise<Approval> {
  const { approval, admin } = await decidable(id, adminId);
  const user = await getUserById(approval.subject.id, { consistent: true });
  const figures = user ? figuresOf(user) : { balanceCents: 0, heldCents: 0, disputedCents: 0 };
  const decidedAt = new Date().toISOString();
  const record = newAuditRecord({
    action: 'approval.rejected',
    actor: admin,
    subject: { id: approval.subject.id, email: approval.subject.email },
    amountCents: approval.amountCents,
    before: figures,
    after: figures,
    reason,
    ref: approval.id,
    requestedBy: approval.requestedBy,
  });
  const done = await transact([...decideApprovalSteps(approval, 'rejected', { decidedBy: admin, decidedAt, decisionReason: reason }), auditStep(record)]);
  if (!done.ok) return decidedMeanwhile(id);
  return { ...approval, status: 'rejected', decidedBy: admin, decidedAt, decisionReason: reason };
}
