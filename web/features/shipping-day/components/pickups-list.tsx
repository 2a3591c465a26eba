import { Badge, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { errorMessage } from '@/api-client/client';
import { LoadMoreButton } from '@/components/data-table';
import { notifyApiError, notifySuccess } from '@/components/notify';
import { useChangePickups, usePickups } from '../api/pickups';

/** The shipper's pickups, newest first, with status and confirmation; a scheduled one can be canceled. */
export function PickupsList() {
  const { pickups, error, isLoading, ...pager } = usePickups();
  const { cancel } = useChangePickups();
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
    <Box as="section" aria-labelledby="pickups-heading">
      <Heading as="h2" size="lg" mb="3" id="pickups-heading">
        Pickups
      </Heading>
      {error && <Text color="fg.error">{errorMessage(error, 'The pickups could not be loaded.')}</Text>}
      {!isLoading && !error && pickups.length === 0 && <Text color="fg.muted">No pickup booked yet.</Text>}
      <Stack as="ul" gap="2" listStyleType="none">
        {pickups.map((p) => (
          <Box as="li" key={p.id} borderWidth="1px" borderRadius="md" p="3">
            <HStack justify="space-between" flexWrap="wrap" gap="2">
              <Box minW="0">
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
              </Box>
              {p.status === 'scheduled' && (
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
              )}
            </HStack>
          </Box>
        ))}
      </Stack>
      <LoadMoreButton pager={pager} />
    </Box>
  );
}
