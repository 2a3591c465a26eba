import { formatUsd } from '@domain/money';
import type { ApiWithdrawal } from '@domain/api/wallet';
import type { DataTableColumn } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { PagedDataTable, type PagedList } from '@/components/paged-data-table';
import { StatusBadge, type StatusPalette } from '@/components/status-badge';
import { noValue } from '@/lib/transaction-labels';

const palettes: Record<ApiWithdrawal['status'], StatusPalette> = { pending: 'yellow', approving: 'yellow', approved: 'green', rejected: 'red' };

/** A request's status as a badge (shared with the admin page's table). */
export function WithdrawalStatusBadge({ status }: { status: ApiWithdrawal['status'] }) {
  return <StatusBadge status={status} palette={palettes[status] ?? 'yellow'} />;
}

/** How it was (or will be) paid back, or why not. */
export function withdrawalOutcome(w: ApiWithdrawal): string {
  if (w.status === 'rejected') return w.reason ?? noValue;
  const parts = [
    ...(w.refunds.length ? [`${formatUsd(w.refunds.reduce((s, r) => s + r.amountCents, 0))} to your card`] : []),
    ...(w.byHandCents > 0 ? [`${formatUsd(w.byHandCents)} ${w.note ?? 'by hand'}`] : []),
  ];
  return parts.length ? parts.join('; ') : noValue;
}

const columns: DataTableColumn<ApiWithdrawal>[] = [
  { header: 'Requested', cell: (w) => <DateTime iso={w.createdAt} /> },
  { header: 'Amount', cell: (w) => formatUsd(w.amountCents), numeric: true },
  { header: 'Status', cell: (w) => <WithdrawalStatusBadge status={w.status} /> },
  { header: 'Details', cell: withdrawalOutcome },
];

/** The user's withdrawal requests, newest first; a failure shows in the table only (the transactions' toast speaks for the page). */
export function WithdrawalsTable({ list }: { list: PagedList & { withdrawals: ApiWithdrawal[] } }) {
  return (
    <PagedDataTable
      caption="Withdrawal requests"
      columns={columns}
      rows={list.withdrawals}
      rowKey={(w) => w.id}
      emptyMessage="No withdrawal requests yet"
      list={list}
      failure={{ message: 'The withdrawal requests could not be loaded.' }}
    />
  );
}
