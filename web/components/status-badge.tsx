import { Badge } from '@chakra-ui/react';

/** gray: ended without anything going wrong (a checkout the payer cancelled). */
export type StatusPalette = 'green' | 'red' | 'yellow' | 'gray';

/** A status word in a coloured badge (`awaiting_payment` reads "awaiting payment"). */
export function StatusBadge({ status, palette }: { status: string; palette: StatusPalette }) {
  return (
    <Badge colorPalette={palette} textTransform="capitalize">
      {status.replaceAll('_', ' ')}
    </Badge>
  );
}
