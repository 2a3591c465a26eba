/** Query strings and bodies of the four-eyes routes: the pending approvals and the audit log (admins only). */
import * as z from './zod';
import { schema } from './zod';
// From the zod-free module, not domain/api/: a list route's bundle then holds no answer schema.
import { APPROVAL_STATUSES, AUDIT_ACTIONS } from '../audit';
import { EXPORT_RANGE_MESSAGE } from '../constants';
import { EXPORT_DATE_MESSAGE } from './exports';
import { requiredText } from './fields';
import { pageQuerySchema } from './page-query';

/** What an admin writes on a decision: shown in the audit log (and to the user for a withdrawal's note). */
const NOTE_MAX = 500;

/** GET /admin/approvals: a page, optionally of one status (the page shows pending ones first). */
export const approvalsQuerySchema = /* @__PURE__ */ schema(() =>
  z.extend(pageQuerySchema, {
    status: z.optional(z.enum(APPROVAL_STATUSES, { error: 'status must be pending, approved or rejected' })),
  }),
);

/** POST /admin/approvals/{id}/approve: for a withdrawal, an optional note (how a by-hand part is paid); the first admin's note otherwise. */
export const approveApprovalSchema = /* @__PURE__ */ schema(() => z.object({ note: z.optional(requiredText('Note is required', NOTE_MAX)) }));
export type ApproveApprovalBody = z.infer<typeof approveApprovalSchema>;

/** POST /admin/approvals/{id}/reject: why the request is refused (kept in the audit log). */
export const rejectApprovalSchema = /* @__PURE__ */ schema(() => z.object({ reason: requiredText('Reason is required', NOTE_MAX) }));
export type RejectApprovalBody = z.infer<typeof rejectApprovalSchema>;

const day = /* @__PURE__ */ schema(() => z.optional(z.iso.date({ error: EXPORT_DATE_MESSAGE })));
/** An account named by its id or its email. */
const person = /* @__PURE__ */ schema(() => z.optional(z.string().check(z.trim(), z.minLength(1, 'Enter an id or an email'), z.maxLength(254))));

const auditFilters = {
  actor: person,
  subject: person,
  action: /* @__PURE__ */ schema(() => z.optional(z.enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(', ')}` }))),
  from: day,
  to: day,
};
const rangeInOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;

/**
 * GET /admin/audit: a page of the audit log, newest first, optionally of one admin (`actor`), one
 * account acted on (`subject`), both by id or email, one `action`, and `from`/`to` (US Eastern days, both included).
 */
export const auditQuerySchema = /* @__PURE__ */ schema(() =>
  z.extend(pageQuerySchema, auditFilters).check(z.refine(rangeInOrder, { message: EXPORT_RANGE_MESSAGE, path: ['to'] })),
);
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** GET /exports/audit.csv: the same filters, the whole range. */
export const auditExportQuerySchema = /* @__PURE__ */ schema(() =>
  z.object(auditFilters).check(z.refine(rangeInOrder, { message: EXPORT_RANGE_MESSAGE, path: ['to'] })),
);
export type AuditFilters = z.infer<typeof auditExportQuerySchema>;
