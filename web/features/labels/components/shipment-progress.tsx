/**
 * Where a shipment is: its carrier status as a badge with words (colour only repeats
 * them) and its last carrier event, as the shipments table and its phone cards show them.
 */
import { Stack, Text } from '@chakra-ui/react';
import { StatusBadge, type StatusPalette } from '@/components/status-badge';
import { monthName } from '@/lib/period-labels';
import { noValue } from '@/lib/transaction-labels';
import type { LastEvent, ShipmentStatus } from '@domain/api/tracking';

/** Delivered green; sent back or failed red; nothing scanned yet gray; on its way yellow. */
export function shipmentStatusPalette(status: ShipmentStatus): StatusPalette {
  if (status === 'delivered') return 'green';
  if (status === 'failure' || status === 'return_to_sender') return 'red';
  if (status === 'pre_transit') return 'gray';
  return 'yellow';
}

export function ShipmentStatusBadge({ status }: { status: ShipmentStatus | null }) {
  if (!status) return <>{noValue}</>;
  return <StatusBadge status={status} palette={shipmentStatusPalette(status)} />;
}

/**
 * An event's time as the carrier wrote it, in the place's own clock ("Sep 8, 2:32 PM"), like USPS
 * shows scans: the wall time of the text is kept, its offset dropped, so no reader's time zone moves
 * it. A text that is not a date-time is shown as it is.
 */
export function formatEventTime(time: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(time);
  if (!m) return time;
  const [, , , day, hh, mm] = m as unknown as [string, string, string, string, string, string];
  const hour = Number(hh);
  return `${monthName(time)} ${Number(day)}, ${hour % 12 || 12}:${mm} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** "DALLAS, TX"; null when the carrier gave no place. */
const placeOf = (e: LastEvent) => [e.city, e.state].filter(Boolean).join(', ') || null;

/** The last carrier event: its words, then its place and time, muted. */
export function LastEventCell({ event }: { event: LastEvent | null }) {
  if (!event) return <>{noValue}</>;
  const place = placeOf(event);
  return (
    <Stack gap="0" align="start">
      <Text textStyle="sm">{event.message}</Text>
      <Text textStyle="xs" color="fg.muted">
        {[place, formatEventTime(event.time)].filter(Boolean).join(' · ')}
      </Text>
    </Stack>
  );
}
