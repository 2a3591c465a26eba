import { Badge } from '@chakra-ui/react';

export type StatusPalette = 'green' | 'red' | 'yellow';

/** A status word in a coloured badge (`awaiting_payment` reads "awaiting payment"). */
export function StatusBadge({ status, palette }: { status: string; palette: StatusPalette }) {
  return (
    <Badge colorPalette={palette} textTransform="capitalize">
      {status.replaceAll('_', ' ')}
    </Badge>
  );
}
