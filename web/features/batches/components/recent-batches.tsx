import { Heading, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { ApiBatchSummary, BatchStatus } from '@domain/api/batches';
import type { DataTableColumn } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { PagedDataTable, type ListFailure } from '@/components/paged-data-table';
import { StatusBadge, type StatusPalette } from '@/components/status-badge';
import { batchPagePath } from '@/lib/paths';
import { preloadOnIntent } from '@/lib/route-preload';
import { formatDateTime } from '@/lib/transaction-labels';
import { useBatches } from '../api/list-batches';

/** Done green, being bought or paid yellow, a draft or a cancelled card payment gray (nothing went wrong). */
const statusPalette: Record<BatchStatus, StatusPalette> = {
  pricing: 'yellow',
  done: 'green',
  running: 'yellow',
  awaiting_payment: 'yellow',
  draft: 'gray',
  cancelled: 'gray',
};

const columns: DataTableColumn<ApiBatchSummary>[] = [
  { header: 'Created', cell: (b) => <DateTime iso={b.createdAt} /> },
  { header: 'Rows', cell: (b) => b.rowCount, numeric: true },
  { header: 'Status', cell: (b) => <StatusBadge status={b.status} palette={statusPalette[b.status]} /> },
  {
    header: 'Batch',
    cell: (b) => (
      // Named by its date (starting with the visible word), so a screen reader's list of links tells them apart.
      <Link asChild variant="underline" aria-label={`Open batch of ${formatDateTime(b.createdAt)}`}>
        <RouterLink to={batchPagePath(b.batchId)} {...preloadOnIntent(batchPagePath(b.batchId))}>
          Open
        </RouterLink>
      </Link>
    ),
  },
];

const failure: ListFailure = {
  title: 'Failed to Fetch Batches',
  fallback: 'Please try again later.',
  toastId: 'batches-fetch',
  message: 'Your batches could not be loaded.',
};

/** The shipper's earlier uploads, newest first, so a batch left mid-way is found again without its address. */
export function RecentBatches() {
  const list = useBatches();
  return (
    <section aria-labelledby="recent-batches-heading">
      <Heading as="h2" id="recent-batches-heading" size="md" mt="10" mb="3">
        Recent batches
      </Heading>
      <PagedDataTable
        caption="Your batches, newest first"
        columns={columns}
        rows={list.batches}
        rowKey={(b) => b.batchId}
        emptyMessage="No batches yet: upload a CSV above to start one."
        list={list}
        failure={failure}
      />
    </section>
  );
}
