import { Badge, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatUsd } from '@domain/money';
import type { ApiApproval } from '@domain/api/oversight';
import { ADJUSTMENT_SECOND_ADMIN_CENTS, WITHDRAWAL_SECOND_ADMIN_CENTS } from '@domain/constants';
import type { DataTableColumn } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { PagedDataTable, type ListFailure } from '@/components/paged-data-table';
import { PageTitle } from '@/components/page-title';
import { noValue } from '@/lib/transaction-labels';
import { useSession } from '@/lib/session';
import { useApprovals } from '../api/oversight';
import { approvalSummary, DecideApprovalDialog } from '../components/decide-approval-dialog';
import { PendingOrAll } from '../components/pending-or-all';

const statusColor = { pending: 'orange', approved: 'green', rejected: 'red' } as const;

const failure: ListFailure = {
  title: 'Failed to fetch approvals',
  fallback: 'Please try again later',
  toastId: 'admin-approvals-fetch',
  message: 'The requests waiting for a second admin could not be loaded.',
};

/** Adjustments and withdrawal approvals over their thresholds, waiting for a second admin (pending first), or all of them. */
export function AdminApprovalsPage() {
  const [onlyPending, setOnlyPending] = useState(true);
  const list = useApprovals(onlyPending);
  const me = useSession().user?.id;
  const columns: DataTableColumn<ApiApproval>[] = [
    { header: 'Asked', cell: (a) => <DateTime iso={a.createdAt} /> },
    { header: 'Request', cell: approvalSummary },
    { header: 'Amount', cell: (a) => formatUsd(a.amountCents), numeric: true },
    { header: 'Reason', cell: (a) => a.reason ?? noValue },
    { header: 'Asked by', cell: (a) => a.requestedBy.email },
    {
      header: 'Status',
      cell: (a) => (
        <Badge colorPalette={statusColor[a.status]}>
          {a.status}
          {a.decidedBy ? ` by ${a.decidedBy.email}` : ''}
        </Badge>
      ),
    },
    {
      header: 'Actions',
      cell: (a) =>
        a.status !== 'pending' ? (
          (a.decisionReason ?? noValue)
        ) : a.requestedBy.id === me || a.subject.id === me ? (
          <Text textStyle="xs" color="fg.muted">
            Another admin decides
          </Text>
        ) : (
          <HStack gap="2">
            <DecideApprovalDialog approval={a} decision="approve" />
            <DecideApprovalDialog approval={a} decision="reject" />
          </HStack>
        ),
    },
  ];
  return (
    <>
      <PageTitle>Approvals</PageTitle>
      <Text mb="3" color="fg.muted">
        Adjustments over {formatUsd(ADJUSTMENT_SECOND_ADMIN_CENTS)} and withdrawal approvals over {formatUsd(WITHDRAWAL_SECOND_ADMIN_CENTS)} wait here until a
        second admin approves them; nothing moves before.
      </Text>
      <PendingOrAll onlyPending={onlyPending} onChange={setOnlyPending} />
      <PagedDataTable
        caption={onlyPending ? 'Requests waiting for a second admin' : 'All second-admin requests'}
        columns={columns}
        rows={list.approvals}
        rowKey={(a) => a.id}
        emptyMessage="Nothing waits for a second admin"
        list={list}
        failure={failure}
      />
    </>
  );
}
