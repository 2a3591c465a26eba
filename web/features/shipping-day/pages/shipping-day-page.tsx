import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { PageTitle } from '@/components/page-title';
import { ShippersOnly } from '@/features/profile';
import { useSavedAddresses } from '@/features/addresses';
import { PickupCard } from '../components/pickup-card';
import { PickupsList } from '../components/pickups-list';
import { ScanFormCard } from '../components/scan-form-card';
import { ScanFormsList } from '../components/scan-forms-list';

/**
 * Shipping Day: the end of a shipper's day. Make the day's SCAN form for one origin and print it,
 * book a USPS carrier pickup for the parcels, and see and cancel the pickups booked.
 */
export function ShippingDayPage() {
  // The saved origins and pickup places; a failure to fetch them is toasted once.
  const addresses = useSavedAddresses(true);
  return (
    <>
      <PageTitle>Shipping Day</PageTitle>
      <Text color="fg.muted" mb="6" maxW="3xl">
        Hand the day&apos;s parcels to USPS in one go: print one SCAN form for every label from an address, and book a free carrier pickup.
      </Text>
      <Stack gap="8">
        <ShippersOnly>
          <SimpleGrid columns={{ base: 1, xl: 2 }} gap="6" alignItems="start">
            <ScanFormCard addresses={addresses} />
            <PickupCard addresses={addresses} />
          </SimpleGrid>
        </ShippersOnly>
        <ScanFormsList />
        <PickupsList />
      </Stack>
    </>
  );
}
