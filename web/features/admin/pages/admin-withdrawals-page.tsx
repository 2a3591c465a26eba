import { Code, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { formatUsd } from '@domain/money';
import type { ApiWithdrawal } from '@domain/api/wallet';
import type { DataTableColumn } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { PagedDataTable, type ListFailure } from '@/components/paged-data-table';
import { PageTitle } from '@/components/page-title';
import { WithdrawalStatusBadge } from '@/features/wallet';
import { noValue } from '@/lib/transaction-labels';
import { useAdminWithdrawals } from '../api/withdrawals';
import { DecideWithdrawalDialog } from '../components/decide-withdrawal-dialog';
import { PendingOrAll } from '../components/pending-or-all';

const paidBack = (w: ApiWithdrawal) =>
  [
    ...w.refunds.map((r) => `${formatUsd(r.amountCents)} card refund${r.done ? '' : ' (to do)'}`),
    ...(w.byHandCents > 0 ? [`${formatUsd(w.byHandCents)} by hand${w.note ? `: ${w.note}` : ''}`] : []),
    ...(w.reason ? [w.reason] : []),
  ].join('; ') || noValue;

const columns: DataTableColumn<ApiWithdrawal>[] = [
  { header: 'Requested', cell: (w) => <DateTime iso={w.createdAt} /> },
  { header: 'ID', cell: (w) => <Code size="sm">{w.id}</Code> },
  { header: 'User', cell: (w) => `${w.user.name} (${w.user.email})` },
  { header: 'Amount', cell: (w) => formatUsd(w.amountCents), numeric: true },
  { header: 'Status', cell: (w) => <WithdrawalStatusBadge status={w.status} /> },
  { header: 'Paid back', cell: paidBack },
  {
    header: 'Actions',
    cell: (w) =>
      w.status === 'pending' || w.status === 'approving' ? (
        <HStack gap="2">
          <DecideWithdrawalDialog withdrawal={w} decision="approve" />
          {w.status === 'pending' && <DecideWithdrawalDialog withdrawal={w} decision="reject" />}
        </HStack>
      ) : (
        noValue
      ),
  },
];

const failure: ListFailure = {
  title: 'Failed to fetch withdrawals',
  fallback: 'Please try again later',
  toastId: 'admin-withdrawals-fetch',
  message: 'The withdrawal requests could not be loaded.',
};

/** Withdrawal requests to approve or reject (pending first), or every request. */
export function AdminWithdrawalsPage() {
  const [onlyPending, setOnlyPending] = useState(true);
  const list = useAdminWithdrawals(onlyPending);
  return (
    <>
      <PageTitle>Withdrawals</PageTitle>
      <PendingOrAll onlyPending={onlyPending} onChange={setOnlyPending} />
      <PagedDataTable
        caption={onlyPending ? 'Pending withdrawal requests' : 'All withdrawal requests'}
        columns={columns}
        rows={list.withdrawals}
        rowKey={(w) => w.id}
        emptyMessage="No withdrawal requests"
        list={list}
        failure={failure}
      />
    </>
  );
}
