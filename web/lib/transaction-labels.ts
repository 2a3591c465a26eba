/**
 * How the wallet and admin tables name a transaction's type and payment type. The API sends codes
 * (`topup`, `CARD`); people read words. An unknown code is shown as it came.
 */
import type { ApiEntry, EntryType } from '@domain/api/wallet';
import { PAYMENT_TYPES } from '@domain/constants';

const typeLabels: Record<EntryType, string> = {
  topup: 'Top-up',
  label: 'Label',
  refund: 'Refund',
  adjustment: 'Adjustment',
  withdrawal: 'Withdrawal',
  dispute: 'Card dispute',
  card_refund: 'Card refund',
  postage_adjustment: 'Postage adjustment',
};
/** CARD -> Card, CRYPTO -> Crypto, ... from the one map of how each credit type is paid; WALLET is a label's debit or a refund. */
const paymentTypeLabels: Record<string, string> = {
  ...Object.fromEntries(Object.entries(PAYMENT_TYPES).map(([credit, code]) => [code, credit])),
  WALLET: 'Wallet',
};

/** Shown for a field the entry does not have (a top-up has no order id). */
export const noValue = '—';

export const transactionTypeLabel = (type: ApiEntry['type']): string => (typeLabels as Record<string, string>)[type] ?? type;

export const paymentTypeLabel = (paymentType: string | null): string => (paymentType ? (paymentTypeLabels[paymentType] ?? paymentType) : noValue);

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The entry's time in the reader's own time zone and locale (the raw text if it is not a date). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}
