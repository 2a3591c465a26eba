/**
 * Wallet ledger entries: the stored shape (functions/wallet/ owns the items) and the answer the
 * transactions routes give (docs/api.md). Amounts are integer cents, positive for credits and
 * negative for debits; `amount` in the answer is the same figure in dollars for display.
 */
import { centsToDollars } from '../money';

export type EntryType = 'topup' | 'label' | 'refund' | 'adjustment';
export type EntryStatus = 'pending' | 'completed' | 'failed';
export type PaymentProvider = 'stripe' | 'hoodpay' | 'wallet';

/** One ledger entry as stored. */
export interface LedgerEntry {
  id: string;
  userId: string;
  /** Copied from the user when the entry is made, so the admin list needs no second read. */
  userName: string;
  userEmail: string;
  amountCents: number;
  type: EntryType;
  creditType: string | null;
  paymentType: string | null;
  status: EntryStatus;
  orderId: string | null;
  provider: PaymentProvider | null;
  providerRef: string | null;
  createdAt: string;
  completedAt: string | null;
}

/** An entry as GET /hoodpay/transactions answers it. */
export interface ApiEntry {
  id: string;
  userId: string;
  user: { name: string; email: string };
  orderId: string | null;
  amount: number;
  amountCents: number;
  type: EntryType;
  creditType: string | null;
  paymentType: string | null;
  status: EntryStatus;
  createdAt: string;
  completedAt: string | null;
}

export const toApiEntry = (e: LedgerEntry): ApiEntry => ({
  id: e.id,
  userId: e.userId,
  user: { name: e.userName, email: e.userEmail },
  orderId: e.orderId,
  amount: Number(centsToDollars(e.amountCents)),
  amountCents: e.amountCents,
  type: e.type,
  creditType: e.creditType,
  paymentType: e.paymentType,
  status: e.status,
  createdAt: e.createdAt,
  completedAt: e.completedAt,
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
