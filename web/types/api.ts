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

/** One side of a shipment, and a saved address (SPEC section 3); `id` only on saved ones. */
export interface Address {
  name: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  /** Optional in the saved-address dropdown (SPEC section 2); the label form requires it. */
  country?: string;
}

/** An entry of GET /auth/addresses. */
export interface SavedAddress extends Address {
  id: string;
}

export type OrderStatus = 'awaiting_payment' | 'processing' | 'created' | 'failed';

/** A label order (shipment) as the label routes answer it (docs/api.md, Labels). */
export interface Order {
  shipOrderId: string;
  /** A label type uid; SPEC section 3 also allows an object with the type's name. */
  labelType: string | { uid?: string; name?: string };
  labelTypeName?: string;
  /** Pounds, as the label form takes it. */
  weight: number;
  length: number;
  width: number;
  height: number;
  from: Address;
  to: Address;
  fromName: string;
  fromCity: string;
  toName: string;
  toCity: string;
  paymentMethod: 'credits' | 'purchase';
  price: number;
  priceCents: number;
  /** One of OrderStatus; a string so a newer server status still renders. */
  status: string;
  tracking: string | null;
  createdAt: string;
}

/** One page of GET /shipping/orders: newest first; `totalOrders` counts the user's created labels. */
export interface OrdersPage {
  orders: Order[];
  nextCursor: string | null;
  totalOrders: number;
}

/**
 * GET /admin/stats: the admin dashboard's figures (docs/api.md). Cents are exact, dollars for
 * display; the last 7 days are `window.from` to `window.to`, UTC days, both included.
 */
export interface AdminStats {
  users: number;
  labels: { total: number; last7Days: number };
  topUps: { last7Days: { count: number; cents: number; dollars: number } };
  /** The sum of every wallet balance. */
  balances: { cents: number; dollars: number };
  window: { from: string; to: string };
}
