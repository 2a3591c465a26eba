/**
 * How the wallet and admin tables name a transaction's type and payment type. The API sends codes
 * (`topup`, `CARD`); people read words. An unknown code is shown as it came.
 */
import type { Transaction } from '@/types/api';

const typeLabels: Record<string, string> = { topup: 'Top-up', label: 'Label', refund: 'Refund', adjustment: 'Adjustment' };
const paymentTypeLabels: Record<string, string> = { CARD: 'Card', CRYPTO: 'Crypto', BITCOIN: 'Bitcoin', WALLET: 'Wallet' };

/** Shown for a field the entry does not have (a top-up has no order id). */
export const noValue = '—';

export const transactionTypeLabel = (type: Transaction['type']): string => typeLabels[type] ?? type;

export const paymentTypeLabel = (paymentType: string | null): string =>
  paymentType ? (paymentTypeLabels[paymentType] ?? paymentType) : noValue;

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The entry's time in the reader's own time zone and locale (the raw text if it is not a date). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}
