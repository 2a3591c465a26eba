/**
 * The four-eyes answers (docs/api.md): a pending second-admin approval and an audit record, as the
 * admin routes answer them. The stored shapes and the action names are in ../audit.ts (no zod there).
 */
import * as z from 'zod';
import { APPROVAL_KINDS, APPROVAL_STATUSES, AUDIT_ACTIONS } from '../audit';
import { apiWithdrawalSchema } from './wallet';

export { APPROVAL_KINDS, APPROVAL_STATUSES, AUDIT_ACTIONS };

const person = () => z.object({ id: z.string(), email: z.string() });
const figures = () => z.object({ balanceCents: z.number().int(), heldCents: z.number().int(), disputedCents: z.number().int() });

export const apiApprovalSchema = z
  .object({
    id: z.string(),
    kind: z.enum(APPROVAL_KINDS),
    status: z.enum(APPROVAL_STATUSES),
    amount: z.number().meta({ description: 'Dollars, for display.' }),
    amountCents: z.number().int().meta({ description: 'Signed cents of an adjustment (credit > 0); the amount of a withdrawal.' }),
    reason: z.string().nullable().meta({ description: "An adjustment's reason (the user reads it), or a withdrawal approval's note." }),
    subject: z.object({ id: z.string(), email: z.string(), name: z.string() }).meta({ description: 'Whose wallet it changes.' }),
    withdrawalId: z.string().nullable(),
    requestedBy: person().meta({ description: 'The first admin, who asked.' }),
    createdAt: z.string(),
    decidedBy: person().nullable().meta({ description: 'The second admin, who approved or rejected it.' }),
    decidedAt: z.string().nullable(),
    decisionReason: z.string().nullable().meta({ description: 'Why the second admin rejected it.' }),
    entryId: z.string().nullable().meta({ description: "The adjustment's ledger entry, once approved." }),
  })
  .meta({ id: 'Approval' });
export type ApiApproval = z.infer<typeof apiApprovalSchema>;

export const approvalsPageSchema = z.object({ approvals: z.array(apiApprovalSchema), nextCursor: z.string().nullable() }).meta({ id: 'ApprovalsPage' });
export type ApprovalsPage = z.infer<typeof approvalsPageSchema>;

export const apiAuditRecordSchema = z
  .object({
    id: z.string(),
    at: z.string(),
    action: z.enum(AUDIT_ACTIONS),
    actor: person().meta({ description: 'The admin who acted.' }),
    subject: person().meta({ description: 'The account acted on.' }),
    amountCents: z.number().int(),
    before: figures().meta({ description: 'The wallet just before the action (spendable and held cents).' }),
    after: figures().meta({ description: 'The wallet just after it; the same as before for an action that moves nothing.' }),
    reason: z.string().nullable(),
    ref: z.string().meta({ description: 'The ledger entry, withdrawal request or pending approval the action is about.' }),
    requestedBy: person().nullable().meta({ description: "For a second admin's action: the admin who asked for it." }),
  })
  .meta({ id: 'AuditRecord' });
export type ApiAuditRecord = z.infer<typeof apiAuditRecordSchema>;

export const auditPageSchema = z.object({ records: z.array(apiAuditRecordSchema), nextCursor: z.string().nullable() }).meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof auditPageSchema>;

/**
 * POST /admin/withdrawals/{id}/approve: the request as it then is; over the second-admin threshold,
 * still `pending` with the approval now waiting for a second admin (`pendingApproval`).
 */
export const withdrawalDecisionSchema = apiWithdrawalSchema
  .extend({ pendingApproval: apiApprovalSchema.nullable().meta({ description: 'The approval waiting for a second admin, when this one needs it.' }) })
  .meta({ id: 'WithdrawalDecision' });
