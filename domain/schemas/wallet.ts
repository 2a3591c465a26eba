/** Withdrawal requests and admin adjustments. Amounts from the browser are dollars, except an adjustment's exact cents. */
import * as z from './zod';
import { schema } from './zod';
import { ADJUSTMENT_MAX_CENTS } from '../constants';
// Fields and the page query from their own modules: importing them from payments.ts or queries.ts put
// the card checkout's, the label form's and the list filters' schemas in the wallet Lambdas' cold start.
import { requiredText, topupAmount } from './fields';
import { pageQuerySchema } from './page-query';

/** POST /wallet/withdrawals: dollars, two decimals at most, $1 to $10,000 (the top-up field's rules). */
export const withdrawalSchema = /* @__PURE__ */ schema(() => z.object({ amount: topupAmount() }));
export type WithdrawalBody = z.infer<typeof withdrawalSchema>;

/** What an admin writes on a decision: shown to the user in the mail and the request list. */
const NOTE_MAX = 500;

/** POST /admin/withdrawals/{id}/approve: an optional note (how the part paid by hand was paid). */
export const approveWithdrawalSchema = /* @__PURE__ */ schema(() =>
  z.object({
    note: z.optional(requiredText('Note is required', NOTE_MAX)),
  }),
);
export type ApproveWithdrawalBody = z.infer<typeof approveWithdrawalSchema>;

/** POST /admin/withdrawals/{id}/reject: the reason the user is told. */
export const rejectWithdrawalSchema = /* @__PURE__ */ schema(() =>
  z.object({
    reason: requiredText('Reason is required', NOTE_MAX),
  }),
);
export type RejectWithdrawalBody = z.infer<typeof rejectWithdrawalSchema>;

export const WITHDRAWAL_STATUSES = ['pending', 'approving', 'approved', 'rejected'] as const;

/** GET /admin/withdrawals: a page, optionally of one status. */
export const withdrawalsQuerySchema = /* @__PURE__ */ schema(() =>
  z.extend(pageQuerySchema, {
    status: z.optional(z.enum(WITHDRAWAL_STATUSES, { error: 'status must be pending, approving, approved or rejected' })),
  }),
);

const AMOUNT_MESSAGE = `Enter a whole number of cents other than 0, at most ${ADJUSTMENT_MAX_CENTS} either way`;

/** POST /admin/users/{id}/adjustments: signed integer cents (credit > 0, debit < 0) and the reason the user reads. */
export const adjustmentSchema = /* @__PURE__ */ schema(() =>
  z.object({
    amountCents: z.int({ error: AMOUNT_MESSAGE }).check(z.refine((n) => n !== 0 && Math.abs(n) <= ADJUSTMENT_MAX_CENTS, AMOUNT_MESSAGE)),
    reason: requiredText('Reason is required', 200),
  }),
);
export type AdjustmentBody = z.infer<typeof adjustmentSchema>;
