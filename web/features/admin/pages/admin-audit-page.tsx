import { Code, Text } from '@chakra-ui/react';
import { formatUsd } from '@domain/money';
import { AUDIT_ACTIONS, type AuditAction } from '@domain/audit';
import type { ApiAuditRecord } from '@domain/api/oversight';
import type { DataTableColumn } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { ExportCsvButton } from '@/components/export-csv-control';
import { DateRangeFilter, FilterBar, rangeInOrder, SearchFilter, SelectFilter } from '@/components/filter-bar';
import { PagedDataTable, type ListFailure } from '@/components/paged-data-table';
import { PageTitle } from '@/components/page-title';
import { useUrlFilters } from '@/components/use-url-filters';
import { noValue } from '@/lib/transaction-labels';
import { useAuditRecords } from '../api/oversight';

/** How the page names each action. */
export const auditActionLabel: Record<AuditAction, string> = {
  adjustment: 'Adjustment',
  'adjustment.requested': 'Adjustment asked (second admin)',
  'withdrawal.approval-requested': 'Withdrawal approval asked (second admin)',
  'withdrawal.approved': 'Withdrawal paid out',
  'withdrawal.rejected': 'Withdrawal rejected',
  'withdrawal.refund-left-out': 'Disputed refund left out',
  'approval.rejected': 'Request rejected by second admin',
};

const wallet = (f: ApiAuditRecord['before']) =>
  `${formatUsd(f.balanceCents)}${f.heldCents ? ` (+${formatUsd(f.heldCents)} held)` : ''}${f.disputedCents ? ` (${formatUsd(f.disputedCents)} disputed)` : ''}`;

const columns: DataTableColumn<ApiAuditRecord>[] = [
  { header: 'When', cell: (r) => <DateTime iso={r.at} /> },
  { header: 'Action', cell: (r) => auditActionLabel[r.action] },
  { header: 'Admin', cell: (r) => (r.requestedBy ? `${r.actor.email} (asked by ${r.requestedBy.email})` : r.actor.email) },
  { header: 'Account', cell: (r) => r.subject.email },
  { header: 'Amount', cell: (r) => formatUsd(r.amountCents), numeric: true },
  { header: 'Before', cell: (r) => wallet(r.before), numeric: true },
  { header: 'After', cell: (r) => wallet(r.after), numeric: true },
  { header: 'Reason', cell: (r) => r.reason ?? noValue },
  { header: 'Ref', cell: (r) => <Code size="sm">{r.ref}</Code> },
];

const failure: ListFailure = {
  title: 'Failed to fetch the audit log',
  fallback: 'Please try again later',
  toastId: 'admin-audit-fetch',
  message: 'The audit log could not be loaded.',
};

const FILTERS = ['actor', 'subject', 'action', 'from', 'to'] as const;

/** Every admin action on money, newest first, kept without expiry; filters in the URL, CSV of the same filters. */
export function AdminAuditPage() {
  const filters = useUrlFilters(FILTERS);
  const { actor, subject, action, from, to } = filters.values;
  const inOrder = rangeInOrder(from, to);
  const applied = { actor, subject, action, from: inOrder ? from : '', to: inOrder ? to : '' };
  const list = useAuditRecords(applied);
  return (
    <>
      <PageTitle>Audit</PageTitle>
      <Text mb="3" color="fg.muted">
        Every admin action on money: who, what, on whose wallet, when, the wallet before and after, and why. Records are never changed or removed.
      </Text>
      <FilterBar label="Filter the audit log" onClear={filters.clear} active={filters.active}>
        <SearchFilter label="Admin (email or id)" value={actor} onSearch={(v) => filters.set('actor', v, { replace: true })} />
        <SearchFilter label="Account (email or id)" value={subject} onSearch={(v) => filters.set('subject', v, { replace: true })} />
        <SelectFilter
          label="Action"
          value={action}
          onChange={(v) => filters.set('action', v)}
          groups={[{ options: AUDIT_ACTIONS.map((a) => ({ value: a, label: auditActionLabel[a] })) }]}
        />
        <DateRangeFilter from={from} to={to} onChange={(name, value) => filters.set(name, value)} />
      </FilterBar>
      <ExportCsvButton
        route="GET /exports/audit.csv"
        fileStem="prepaidship-audit"
        from={applied.from}
        to={applied.to}
        filters={{ actor, subject, action }}
        note="The file holds the records these filters show."
      />
      <PagedDataTable
        caption="Audit log, newest first"
        columns={columns}
        rows={list.records}
        rowKey={(r) => r.id}
        emptyMessage="No admin actions match"
        list={list}
        failure={failure}
      />
    </>
  );
}
