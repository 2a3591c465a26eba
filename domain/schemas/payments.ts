/** Wallet top-ups and card checkout bodies (SPEC.md section 7). Amounts from the browser are dollars. */
import * as z from './zod';
import { schema } from './zod';
import { CREDIT_TYPES, PAYMENT_TYPES, type CreditType } from '../constants';
import { topupAmount, TOPUP_MESSAGE } from './fields';
import { labelOrderSchema } from './labels';

// Kept in domain/constants.ts, so the transactions' labels on the dashboard's first load need no zod.
export { CREDIT_TYPES, PAYMENT_TYPES, type CreditType };

/** POST /hoodpay/topup */
export const topupSchema = /* @__PURE__ */ schema(() =>
  z.object({
    amount: topupAmount(),
    creditType: z.enum(CREDIT_TYPES, { error: 'Choose a credit type' }),
    type: z.optional(z.literal('topup')),
    /** Derived on the server from creditType; accepted for the spec's payload shape. */
    paymentMethod: z.optional(z.string().check(z.maxLength(32))),
  }),
);
export type TopupBody = z.infer<typeof topupSchema>;

/**
 * POST /stripe/create-checkout-session: a card top-up (amount) or a label purchase (orderDetails).
 * The server computes what is charged; `label` and `metadata.userId` are accepted but not trusted.
 */
export const checkoutSessionSchema = /* @__PURE__ */ schema(() =>
  z
    .object({
      amount: z.optional(topupAmount()),
      label: z.optional(z.string().check(z.maxLength(200))),
      metadata: z.optional(z.object({ userId: z.optional(z.string().check(z.maxLength(64))), orderDetails: z.optional(labelOrderSchema) })),
    })
    .check(
      z.refine((v) => v.amount !== undefined || v.metadata?.orderDetails !== undefined, {
        message: TOPUP_MESSAGE,
        path: ['amount'],
      }),
    ),
);
export type CheckoutSessionBody = z.infer<typeof checkoutSessionSchema>;
