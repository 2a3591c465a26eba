import { DataTable, type DataTableColumn } from '@/components/data-table';
import { noValue } from '@/lib/transaction-labels';
import type { Checkpoint } from '@domain/api/tracking';
import { formatCarrierTime } from '../lib/carrier-time';
import { TrackingStatusBadge } from './tracking-status-badge';

/** "DENVER, CO" as the carrier writes it; nothing for a scan without a place. */
const location = (c: Checkpoint) => [c.city, c.state].filter(Boolean).join(', ') || noValue;

const columns: DataTableColumn<Checkpoint & { key: string }>[] = [
  { header: 'Time', cell: (c) => formatCarrierTime(c.checkpoint_time) },
  { header: 'Status', cell: (c) => <TrackingStatusBadge tag={c.tag} /> },
  { header: 'Location', cell: location },
  { header: 'Details', cell: (c) => c.message },
];

/** The scans, newest first for reading (the API lists them oldest first). */
export function CheckpointsTable({ checkpoints }: { checkpoints: Checkpoint[] }) {
  const rows = checkpoints.map((c, i) => ({ ...c, key: `${i}` })).reverse();
  return <DataTable caption="Checkpoints" columns={columns} rows={rows} rowKey={(c) => c.key} emptyMessage="No scans yet." />;
}
