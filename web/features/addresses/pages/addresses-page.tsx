import { Card, Heading } from '@chakra-ui/react';
import { useEffect } from 'react';
import { errorMessage } from '@/api-client/client';
import { notifyApiError } from '@/components/notify';
import { PageTitle } from '@/components/page-title';
import { ShippersOnly } from '@/features/profile';
import { useAddresses } from '../api/list-addresses';
import { AddressForm } from '../components/address-form';
import { SavedAddressesTable } from '../components/saved-addresses-table';

/** SPEC section 2's Manage Addresses: the add form, then the saved addresses with Delete. */
export function AddressesPage() {
  const { addresses, error, isLoading, mutate } = useAddresses();

  useEffect(() => {
    // The label dialog uses the same id, so one failure never shows two of these.
    if (error) notifyApiError('Failed to fetch addresses.', error, undefined, 'addresses-fetch');
  }, [error]);

  return (
    <>
      <PageTitle>Manage Addresses</PageTitle>
      <ShippersOnly>
        <Card.Root maxW="3xl" mb="8">
          <Card.Header>
            <Heading as="h2" size="lg">
              Add an Address
            </Heading>
          </Card.Header>
          <Card.Body>
            <AddressForm />
          </Card.Body>
        </Card.Root>
      </ShippersOnly>
      <Heading as="h2" size="lg" mb="4">
        Saved Addresses
      </Heading>
      <SavedAddressesTable
        addresses={addresses}
        isLoading={isLoading}
        error={error ? errorMessage(error, 'The addresses could not be loaded.') : undefined}
        onRetry={() => void mutate()}
      />
    </>
  );
}
