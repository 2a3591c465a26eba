/**
 * The types and statuses of a wallet ledger entry, without their zod schemas: the transactions
 * query schema (domain/schemas/queries.ts) and the wallet filters name them, and would otherwise
 * bundle every wallet answer schema with them. domain/api/wallet.ts re-exports them.
 */

/**
 * `dispute`: a card payment the card holder disputed (pending while the dispute is open, completed
 * when lost, cancelled when won); `card_refund`: a card payment refunded from Stripe's dashboard,
 * or the card part of a card-paid label's refund (tied to its order); `postage_adjustment`: the
 * carrier charged a label's postage again after weighing it (a debit), or gave such a charge back
 * (a credit).
 */
export const ENTRY_TYPES = ['topup', 'label', 'refund', 'adjustment', 'withdrawal', 'dispute', 'card_refund', 'postage_adjustment'] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];
/**
 * `cancelled`: a checkout the payer left or that expired unpaid, or a dispute won (its hold released);
 * `failed`: a payment or withdrawal refused. Neither moved money.
 */
export const ENTRY_STATUSES = ['pending', 'completed', 'failed', 'cancelled'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];
