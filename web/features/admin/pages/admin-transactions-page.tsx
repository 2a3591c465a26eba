import { Code } from '@chakra-ui/react';
import { useEffect } from 'react';
import { formatUsd } from '../../../../domain/money';
import { errorMessage } from '../../../api-client/client';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { notifyApiError } from '../../../components/notify';
import { PageTitle } from '../../../components/page-title';
import { noValue, transactionTypeLabel } from '../../../lib/transaction-labels';
import type { Transaction } from '../../../types/api';
import { useTopupTransactions } from '../api/list-transactions';

/** SPEC section 2's admin columns. */
const columns: DataTableColumn<Transaction>[] = [
  { header: 'ID', cell: (t) => <Code size="sm">{t.id}</Code> },
  { header: 'User ID', cell: (t) => <Code size="sm">{t.userId}</Code> },
  { header: 'Name', cell: (t) => t.user.name || noValue },
  { header: 'Email', cell: (t) => t.user.email || noValue },
  { header: 'Order ID', cell: (t) => t.orderId ?? noValue },
  { header: 'Amount', cell: (t) => formatUsd(t.amountCents), numeric: true },
  { header: 'Type', cell: (t) => transactionTypeLabel(t.type) },
  { header: 'Credit Type', cell: (t) => t.creditType ?? noValue },
];

export function AdminTransactionsPage() {
  const { transactions, error, isLoading, mutate, ...pager } = useTopupTransactions();

  useEffect(() => {
    if (error) notifyApiError('Failed to fetch transactions', error, 'Please try again later', 'admin-transactions-fetch');
  }, [error]);

  return (
    <>
      <PageTitle>Transactions</PageTitle>
      <DataTable
        caption="All top-up transactions"
        columns={columns}
        rows={transactions}
        rowKey={(t) => t.id}
        isLoading={isLoading}
        error={error ? errorMessage(error, 'The transactions could not be loaded.') : undefined}
        onRetry={() => void mutate()}
        emptyMessage="No transactions yet"
        pager={pager}
      />
    </>
  );
}
