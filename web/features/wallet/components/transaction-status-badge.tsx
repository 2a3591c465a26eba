import { Badge } from '@chakra-ui/react';

/**
 * SPEC section 4: completed or success green, failed red, pending (and anything else) yellow.
 * Unknown statuses read as pending: an entry is settled only when the server says so.
 */
export function statusColorPalette(status: string): 'green' | 'red' | 'yellow' {
  if (status === 'completed' || status === 'success') return 'green';
  if (status === 'failed') return 'red';
  return 'yellow';
}

export function TransactionStatusBadge({ status }: { status: string }) {
  return (
    <Badge colorPalette={statusColorPalette(status)} textTransform="capitalize">
      {status || 'pending'}
    </Badge>
  );
}
