import { Badge, Button, HStack, Text } from '@chakra-ui/react';
import { useMayChange } from '@/features/profile';
import { useState } from 'react';
import { notifyApiError, notifySuccess } from '@/components/notify';
import { useChangePickups, usePickups } from '../api/pickups';
import { ListSection } from './list-section';

/** The shipper's pickups, newest first, with status and confirmation; a scheduled one can be canceled. */
export function PickupsList() {
  const { pickups, error, isLoading, ...pager } = usePickups();
  const { cancel } = useChangePickups();
  // A team's viewer cannot cancel (the server answers 403).
  const mayChange = useMayChange();
  const [canceling, setCanceling] = useState<string>();

  const cancelOne = async (id: string) => {
    setCanceling(id);
    try {
      await cancel(id);
      notifySuccess('Pickup canceled');
    } catch (err) {
      notifyApiError('Failed to cancel the pickup.', err);
    } finally {
      setCanceling(undefined);
    }
  };

  return (
    <ListSection
      title="Pickups"
      headingId="pickups-heading"
      items={pickups}
      error={error}
      isLoading={isLoading}
      errorText="The pickups could not be loaded."
      emptyText="No pickup booked yet."
      pager={pager}
      details={(p) => (
        <>
          <HStack gap="2" flexWrap="wrap">
            <Text fontWeight="semibold">
              {p.date}, {p.windowStart}–{p.windowEnd}
            </Text>
            <Badge colorPalette={p.status === 'scheduled' ? 'green' : 'gray'}>{p.status === 'scheduled' ? 'Scheduled' : 'Canceled'}</Badge>
          </HStack>
          <Text fontSize="sm">Confirmation {p.confirmation}</Text>
          <Text fontSize="sm" color="fg.muted">
            {p.address.street}, {p.address.city} · {p.labelCount} parcel{p.labelCount === 1 ? '' : 's'}
            {p.instructions ? ` · ${p.instructions}` : ''}
          </Text>
        </>
      )}
      action={(p) =>
        p.status === 'scheduled' &&
        mayChange && (
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            loading={canceling === p.id}
            onClick={() => void cancelOne(p.id)}
            aria-label={`Cancel the pickup of ${p.date} (${p.confirmation})`}
          >
            Cancel
          </Button>
        )
      }
    />
  );
}
