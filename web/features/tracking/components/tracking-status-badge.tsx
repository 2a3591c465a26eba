import { Badge, type BadgeProps } from '@chakra-ui/react';
import type { TrackingTag } from '@domain/api/tracking';
import { trackingStatus } from '../lib/tracking-status';

/** A tracking tag in words, coloured as SPEC section 4 says. */
export function TrackingStatusBadge({ tag, size }: { tag: TrackingTag; size?: BadgeProps['size'] }) {
  const { label, palette } = trackingStatus(tag);
  return (
    <Badge colorPalette={palette} size={size}>
      {label}
    </Badge>
  );
}
