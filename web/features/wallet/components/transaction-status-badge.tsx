import { StatusBadge, type StatusPalette } from '@/components/status-badge';

/**
 * SPEC section 4: completed or success green, failed red, pending (and anything else) yellow; a
 * checkout the payer cancelled is gray, since nothing went wrong. Unknown statuses read as pending:
 * an entry is settled only when the server says so.
 */
export function statusColorPalette(status: string): StatusPalette {
  if (status === 'completed' || status === 'success') return 'green';
  if (status === 'failed') return 'red';
  if (status === 'cancelled') return 'gray';
  return 'yellow';
}

export function TransactionStatusBadge({ status }: { status: string }) {
  return <StatusBadge status={status || 'pending'} palette={statusColorPalette(status)} />;
}
