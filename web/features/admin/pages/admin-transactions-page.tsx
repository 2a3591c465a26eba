import { Code } from '@chakra-ui/react';
import { formatUsd } from '@domain/money';
import type { DataTableColumn } from '@/components/data-table';
import { PagedDataTable, type ListFailure } from '@/components/paged-data-table';
import { ExportCsvControl } from '@/components/export-csv-control';
import { PageTitle } from '@/components/page-title';
import { noValue, transactionTypeLabel } from '@/lib/transaction-labels';
import type { ApiEntry } from '@domain/api/wallet';
import { TransactionStatusBadge } from '@/features/wallet';
import { useTopupTransactions } from '../api/list-transactions';

/** SPEC section 2's admin columns. */
const columns: DataTableColumn<ApiEntry>[] = [
  { header: 'ID', cell: (t) => <Code size="sm">{t.id}</Code> },
  { header: 'User ID', cell: (t) => <Code size="sm">{t.userId}</Code> },
  { header: 'Name', cell: (t) => t.user.name || noValue },
  { header: 'Email', cell: (t) => t.user.email || noValue },
  { header: 'Order ID', cell: (t) => t.orderId ?? noValue },
  { header: 'Amount', cell: (t) => formatUsd(t.amountCents), numeric: true },
  { header: 'Type', cell: (t) => transactionTypeLabel(t.type) },
  { header: 'Credit Type', cell: (t) => t.creditType ?? noValue },
  // Beyond SPEC's columns: an admin tells a cancelled checkout from a failed one.
  { header: 'Status', cell: (t) => <TransactionStatusBadge status={t.status} /> },
];

const failure: ListFailure = {
  title: 'Failed to fetch transactions',
  fallback: 'Please try again later',
  toastId: 'admin-transactions-fetch',
  message: 'The transactions could not be loaded.',
};

export function AdminTransactionsPage() {
  const list = useTopupTransactions();
  return (
    <>
      <PageTitle>Transactions</PageTitle>
      <ExportCsvControl route="GET /exports/transactions.csv" scope="all" label="Export every user's top-ups as CSV" fileStem="prepaidship-topups-all-users" />
      <PagedDataTable
        caption="All top-up transactions"
        columns={columns}
        rows={list.transactions}
        rowKey={(t) => t.id}
        emptyMessage="No transactions yet"
        list={list}
        failure={failure}
      />
    </>
  );
}
