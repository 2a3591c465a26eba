/**
 * Wallet ledger entries: the stored shape (functions/wallet/ owns the items) and the answer the
 * transactions routes give (docs/api.md). Amounts are integer cents, positive for credits and
 * negative for debits; `amount` in the answer is the same figure in dollars for display.
 */
import * as z from 'zod';
import { ENTRY_STATUSES, ENTRY_TYPES, type EntryStatus, type EntryType } from '../entry-kinds';

// Kept in domain/entry-kinds.ts, so the list routes' query schemas (domain/schemas/queries.ts) name
// them without bundling this module's answer schemas.
export { ENTRY_STATUSES, ENTRY_TYPES, type EntryStatus, type EntryType };
export type PaymentProvider = 'stripe' | 'hoodpay' | 'wallet';

/** What a ledger entry and a withdrawal request store alike: their id, their owner and their amount. */
export interface OwnedAmount {
  id: string;
  userId: string;
  /** Copied from the user when the item is made, so the admin lists need no second read. */
  userName: string;
  userEmail: string;
  amountCents: number;
}

/** How an answer shows an OwnedAmount: the owner as `user`, the amount in dollars too. */
const apiOwnedAmountShape = {
  id: z.string(),
  userId: z.string(),
  user: z.object({ name: z.string(), email: z.string() }),
  amount: z.number().meta({ description: 'Dollars, for display: positive for credits, negative for debits.' }),
  amountCents: z.number().int().meta({ description: 'The exact amount in cents: positive for credits, negative for debits.' }),
};
export type ApiOwnedAmount = z.infer<z.ZodObject<typeof apiOwnedAmountShape>>;

/** One ledger entry as stored. */
export interface LedgerEntry extends OwnedAmount {
  type: EntryType;
  creditType: string | null;
  paymentType: string | null;
  status: EntryStatus;
  orderId: string | null;
  provider: PaymentProvider | null;
  providerRef: string | null;
  createdAt: string;
  completedAt: string | null;
  /** Why an admin adjusted the wallet, or why a withdrawal was refused: the user reads it. Absent otherwise. */
  reason?: string;
  /** A settled card top-up: Stripe's PaymentIntent, which a withdrawal refunds. Absent otherwise. */
  paymentIntent?: string;
  /** A card top-up: how much of it withdrawals have paid back (or reserved to) so far. Absent means 0. */
  refundedCents?: number;
  /** A card top-up: how much of it was refunded from Stripe's dashboard (and debited from the wallet). Absent means 0. */
  externalRefundedCents?: number;
  /** A disputed card top-up: Stripe's dispute id, its state, and the id of the dispute's own ledger entry. */
  disputeId?: string;
  disputeStatus?: DisputeStatus;
  disputeEntryId?: string;
  /** The team member or API key that bought the label (its debit, and a refund made in the same purchase): absent when the account's own person (or no person) did. */
  actedBy?: EntryActor;
}

/** Who acted on a ledger entry: a person of the team (functions/data/members.ts), or an API key (id `apikey:<key id>`, name "API key <name>", email empty). */
export interface EntryActor {
  id: string;
  name: string;
  email: string;
}

/** A card payment's dispute: `open` (its amount is on hold), `won` (released) or `lost` (debited for good). */
export type DisputeStatus = 'open' | 'won' | 'lost';

/** An entry as GET /hoodpay/transactions answers it. */
export const apiEntrySchema = z
  .object({
    ...apiOwnedAmountShape,
    orderId: z.string().nullable(),
    type: z.enum(ENTRY_TYPES),
    creditType: z.string().nullable(),
    paymentType: z.string().nullable(),
    status: z.enum(ENTRY_STATUSES),
    createdAt: z.string(),
    completedAt: z.string().nullable(),
    reason: z
      .string()
      .optional()
      .meta({ description: "An adjustment's reason, a refused withdrawal's reason, a dispute's or card refund's reason; absent otherwise." }),
    actedBy: z.object({ id: z.string(), name: z.string(), email: z.string() }).optional().meta({
      description:
        "The team member who bought the label, or the API key (id `apikey:<key id>`, name `API key <name>`, email empty); absent when the account's own person (or no person) did.",
    }),
  })
  .meta({ id: 'LedgerEntry' });
export type ApiEntry = z.infer<typeof apiEntrySchema>;

/** One page of GET /hoodpay/transactions: newest first, `nextCursor` null on the last page. */
export const transactionsPageSchema = z.object({ data: z.array(apiEntrySchema), nextCursor: z.string().nullable() }).meta({ id: 'TransactionsPage' });
export type TransactionsPage = z.infer<typeof transactionsPageSchema>;

/** POST /stripe/create-checkout-session: where to send the payer. */
export const checkoutSessionAnswerSchema = z
  .object({ id: z.string(), url: z.string().meta({ description: "Where to send the payer: the provider's checkout page." }) })
  .meta({ id: 'CheckoutSession' });
export type CheckoutSession = z.infer<typeof checkoutSessionAnswerSchema>;

/** POST /hoodpay/topup (SPEC section 7 shape). */
export const topupAnswerSchema = z.object({ data: z.object({ url: z.string(), hoodpayOrderId: z.string() }) }).meta({ id: 'TopupAnswer' });
export type TopupAnswer = z.infer<typeof topupAnswerSchema>;

/** What the webhooks answer a provider, whatever they did with the event. */
export const webhookAckSchema = z.object({ received: z.literal(true) }).meta({ id: 'WebhookAck' });
export type WebhookAck = z.infer<typeof webhookAckSchema>;

/**
 * A withdrawal request's life: `pending` (the amount is on hold), `approving` (an admin approved it
 * and the pay-back is under way: card refunds are being made), `approved` (paid back, the hold is
 * gone), `rejected` (the hold went back to the balance).
 */
export const WITHDRAWAL_STATUSES = ['pending', 'approving', 'approved', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** One card refund of an approval: a settled card top-up paid back, in part or whole. */
export interface WithdrawalRefund {
  /** The top-up's ledger entry. */
  topUpId: string;
  paymentIntent: string;
  amountCents: number;
  /** The provider's refund id once made; null while still to be made. */
  refundId: string | null;
}

/** One withdrawal request as stored (functions/data/withdrawals.ts); its id is also its ledger entry's. */
export interface Withdrawal extends OwnedAmount {
  status: WithdrawalStatus;
  createdAt: string;
  /** When an admin approved (started paying) or rejected it. */
  decidedAt: string | null;
  /** When the pay-back finished. */
  completedAt: string | null;
  /** The approving admin's note (how the by-hand part was paid). */
  note: string | null;
  /** The rejecting admin's reason, or why part of an approved request was left out (a disputed card payment). */
  reason: string | null;
  /** The card refunds planned when approved, newest top-up first. */
  refunds: WithdrawalRefund[];
  /** What is paid back by hand (no card top-up left to refund, or no Stripe). */
  byHandCents: number;
}

/** A withdrawal request as the wallet and admin routes answer it. */
export const apiWithdrawalSchema = z
  .object({
    ...apiOwnedAmountShape,
    status: z.enum(WITHDRAWAL_STATUSES),
    createdAt: z.string(),
    decidedAt: z.string().nullable().meta({ description: 'When an admin approved (started paying) or rejected it.' }),
    completedAt: z.string().nullable().meta({ description: 'When the pay-back finished.' }),
    note: z.string().nullable().meta({ description: "The approving admin's note (how the by-hand part was paid)." }),
    reason: z
      .string()
      .nullable()
      .meta({ description: "The rejecting admin's reason, or why part of an approved request was left out (a disputed card payment)." }),
    refunds: z
      .array(z.object({ amount: z.number(), amountCents: z.number().int(), done: z.boolean() }))
      .meta({ description: 'The card refunds planned when approved, newest top-up first; `done` once the provider made it.' }),
    byHand: z.number(),
    byHandCents: z.number().int().meta({ description: 'What is paid back by hand (no card top-up left to refund, or no Stripe).' }),
  })
  .meta({ id: 'Withdrawal' });
export type ApiWithdrawal = z.infer<typeof apiWithdrawalSchema>;

/** One page of GET /wallet/withdrawals or GET /admin/withdrawals: newest first. */
export const withdrawalsPageSchema = z.object({ withdrawals: z.array(apiWithdrawalSchema), nextCursor: z.string().nullable() }).meta({ id: 'WithdrawalsPage' });
export type WithdrawalsPage = z.infer<typeof withdrawalsPageSchema>;
