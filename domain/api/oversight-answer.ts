/**
 * Approvals and audit records as the admin routes answer them (./oversight.ts has the answers'
 * schemas). Without zod, so the routes that answer them bundle no answer schema.
 */
import type { Approval, AuditRecord } from '../audit';
import { centsToDollars } from '../money';
import type { ApiApproval, ApiAuditRecord } from './oversight';

export const toApiApproval = (a: Approval): ApiApproval => ({ ...a, amount: Number(centsToDollars(a.amountCents)) });

/** Stored as answered: a record is never changed after it is written. */
export const toApiAuditRecord = (r: AuditRecord): ApiAuditRecord => ({ ...r });
