import { StatusBadge, type StatusPalette } from '@/components/status-badge';

/** Created green, failed red; processing, awaiting payment (and anything newer) yellow: not done yet. */
export function orderStatusPalette(status: string): StatusPalette {
  if (status === 'created') return 'green';
  if (status === 'failed') return 'red';
  return 'yellow';
}

export function OrderStatusBadge({ status }: { status: string }) {
  return <StatusBadge status={status} palette={orderStatusPalette(status)} />;
}
