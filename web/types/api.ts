/** Shapes of API answers shared by several features (docs/api.md is the contract). */

/** A user as the account routes answer it; `balance` is dollars, `balanceCents` the exact amount. */
export interface User {
  id: string;
  name: string;
  email: string;
  role: 'user' | 'admin';
  isVerified: boolean;
  balance: number;
  balanceCents: number;
  createdAt: string;
}

/** A wallet ledger entry (SPEC section 3, docs/api.md): credits positive, debits negative. */
export interface Transaction {
  id: string;
  userId: string;
  user: { name: string; email: string };
  orderId: string | null;
  /** Dollars, signed; `amountCents` is the exact amount. */
  amount: number;
  amountCents: number;
  type: 'topup' | 'label' | 'refund' | 'adjustment';
  creditType: string | null;
  paymentType: string | null;
  /** 'pending', 'completed' or 'failed' today; SPEC also names 'success' (shown as completed). */
  status: string;
  createdAt: string;
  completedAt: string | null;
}

/** One page of GET /hoodpay/transactions: newest first, `nextCursor` null on the last page. */
export interface TransactionsPage {
  data: Transaction[];
  nextCursor: string | null;
}
