import { StatusBadge, type StatusPalette } from '@/components/status-badge';

/**
 * Created and refunded green (done: a label, or its price back), failed and a rejected refund red;
 * processing, awaiting payment, a pending refund (and anything newer) yellow: not done yet.
 */
export function orderStatusPalette(status: string): StatusPalette {
  if (status === 'created' || status === 'refunded') return 'green';
  if (status === 'failed' || status === 'refund_rejected') return 'red';
  return 'yellow';
}

export function OrderStatusBadge({ status }: { status: string }) {
  return <StatusBadge status={status} palette={orderStatusPalette(status)} />;
}
