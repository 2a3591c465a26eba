import { formatUsd } from '@domain/money';
import type { DataTableColumn } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { PagedDataTable, type ListFailure, type PagedList } from '@/components/paged-data-table';
import { ReceiptButton } from '@/components/receipt-button';
import { noValue, paymentTypeLabel, transactionTypeLabel } from '@/lib/transaction-labels';
import type { ApiEntry } from '@domain/api/wallet';
import { TransactionStatusBadge } from './transaction-status-badge';

const columns: DataTableColumn<ApiEntry>[] = [
  { header: 'Date/Time', cell: (t) => <DateTime iso={t.createdAt} /> },
  // Exact cents, signed: a label paid from the wallet reads -$5.00.
  { header: 'Amount', cell: (t) => formatUsd(t.amountCents), numeric: true },
  { header: 'Type', cell: (t) => transactionTypeLabel(t.type) },
  { header: 'Payment Type', cell: (t) => paymentTypeLabel(t.paymentType) },
  { header: 'Status', cell: (t) => <TransactionStatusBadge status={t.status} /> },
  // An adjustment's reason, a refused withdrawal's (written by an admin for the user), and the
  // person of the team who bought or refunded a label.
  { header: 'Details', cell: (t) => [t.reason, t.actedBy ? `by ${t.actedBy.name}` : undefined].filter(Boolean).join(' · ') || noValue },
  // Only a completed entry has a receipt (GET /receipts/<id>.pdf).
  {
    header: 'Receipt',
    cell: (t) => (t.status === 'completed' ? <ReceiptButton id={t.id} what={`${transactionTypeLabel(t.type)} of ${formatUsd(t.amountCents)}`} /> : noValue),
  },
];

const failure: ListFailure = {
  title: 'Failed to fetch transactions.',
  toastId: 'wallet-transactions-fetch',
  message: 'The transactions could not be loaded.',
};

/** SPEC section 2's Recent Transactions table, newest first, with "Load more". */
export function TransactionsTable({ list, emptyMessage }: { list: PagedList & { transactions: ApiEntry[] }; emptyMessage?: string }) {
  return (
    <PagedDataTable
      caption="Recent Transactions"
      columns={columns}
      rows={list.transactions}
      rowKey={(t) => t.id}
      emptyMessage={emptyMessage ?? 'No transactions yet'}
      list={list}
      failure={failure}
    />
  );
}
