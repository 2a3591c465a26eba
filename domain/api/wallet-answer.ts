/**
 * Ledger entries and withdrawal requests as the wallet and admin routes answer them (./wallet.ts has
 * the stored shapes and the answers' schemas). Without zod, so the routes that answer them (the
 * withdrawal request, list and decisions, the adjustment, the transactions list) bundle no answer
 * schema and, where their body is checked, only zod/mini.
 */
import { centsToDollars } from '../money';
import type { ApiEntry, ApiOwnedAmount, ApiWithdrawal, LedgerEntry, OwnedAmount, Withdrawal } from './wallet';

const dollars = (cents: number) => Number(centsToDollars(cents));

const toApiOwnedAmount = (x: OwnedAmount): ApiOwnedAmount => ({
  id: x.id,
  userId: x.userId,
  user: { name: x.userName, email: x.userEmail },
  amount: dollars(x.amountCents),
  amountCents: x.amountCents,
});

/** An entry as GET /hoodpay/transactions answers it. */
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
  ...(e.actedBy ? { actedBy: e.actedBy } : {}),
});

/** A withdrawal request as the wallet and admin routes answer it. */
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
