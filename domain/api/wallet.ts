/**
 * Wallet ledger entries: the stored shape (functions/wallet/ owns the items) and the answer the
 * transactions routes give (docs/api.md). Amounts are integer cents, positive for credits and
 * negative for debits; `amount` in the answer is the same figure in dollars for display.
 */
import { centsToDollars } from '../money';

export type EntryType = 'topup' | 'label' | 'refund' | 'adjustment' | 'withdrawal';
/** `cancelled`: a checkout the payer left or that expired unpaid; `failed`: a payment refused. Neither moved money. */
export type EntryStatus = 'pending' | 'completed' | 'failed' | 'cancelled';
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
export interface ApiOwnedAmount {
  id: string;
  userId: string;
  user: { name: string; email: string };
  amount: number;
  amountCents: number;
}

const dollars = (cents: number) => Number(centsToDollars(cents));

const toApiOwnedAmount = (x: OwnedAmount): ApiOwnedAmount => ({
  id: x.id,
  userId: x.userId,
  user: { name: x.userName, email: x.userEmail },
  amount: dollars(x.amountCents),
  amountCents: x.amountCents,
});

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
}

/** An entry as GET /hoodpay/transactions answers it. */
export interface ApiEntry extends ApiOwnedAmount {
  orderId: string | null;
  type: EntryType;
  creditType: string | null;
  paymentType: string | null;
  status: EntryStatus;
  createdAt: string;
  completedAt: string | null;
  /** An adjustment's reason, a refused withdrawal's reason. */
  reason?: string;
}

export const toApiEntry = (e: LedgerEntry): ApiEntry => ({
  ...toApiOwnedAmount(e),
  orderId: e.orderId,
  type: e.type,
  creditType: e.creditType,
  paymentType: e.paymentType,
  status: e.status,
  createdAt: e.createdAt,
  completedAt: e.completedAt,
  ...(e.reason ? { reason: e.reason } : {}),
});

/** One page of GET /hoodpay/transactions: newest first, `nextCursor` null on the last page. */
export interface TransactionsPage {
  data: ApiEntry[];
  nextCursor: string | null;
}

/** POST /stripe/create-checkout-session: where to send the payer. */
export interface CheckoutSession {
  id: string;
  url: string;
}

/** POST /hoodpay/topup (SPEC section 7 shape). */
export interface TopupAnswer {
  data: { url: string; hoodpayOrderId: string };
}

/** What the webhooks answer a provider, whatever they did with the event. */
export interface WebhookAck {
  received: true;
}

/**
 * A withdrawal request's life: `pending` (the amount is on hold), `approving` (an admin approved it
 * and the pay-back is under way: card refunds are being made), `approved` (paid back, the hold is
 * gone), `rejected` (the hold went back to the balance).
 */
export type WithdrawalStatus = 'pending' | 'approving' | 'approved' | 'rejected';

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
  /** The rejecting admin's reason. */
  reason: string | null;
  /** The card refunds planned when approved, newest top-up first. */
  refunds: WithdrawalRefund[];
  /** What is paid back by hand (no card top-up left to refund, or no Stripe). */
  byHandCents: number;
}

/** A withdrawal request as the wallet and admin routes answer it. */
export interface ApiWithdrawal extends ApiOwnedAmount {
  status: WithdrawalStatus;
  createdAt: string;
  decidedAt: string | null;
  completedAt: string | null;
  note: string | null;
  reason: string | null;
  refunds: { amount: number; amountCents: number; done: boolean }[];
  byHand: number;
  byHandCents: number;
}

export const toApiWithdrawal = (w: Withdrawal): ApiWithdrawal => ({
  ...toApiOwnedAmount(w),
  status: w.status,
  createdAt: w.createdAt,
  decidedAt: w.decidedAt,
  completedAt: w.completedAt,
  note: w.note,
  reason: w.reason,
  refunds: w.refunds.map((r) => ({ amount: dollars(r.amountCents), amountCents: r.amountCents, done: r.refundId !== null })),
  byHand: dollars(w.byHandCents),
  byHandCents: w.byHandCents,
});

/** One page of GET /wallet/withdrawals or GET /admin/withdrawals: newest first. */
export interface WithdrawalsPage {
  withdrawals: ApiWithdrawal[];
  nextCursor: string | null;
}
