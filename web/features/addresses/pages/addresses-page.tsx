import { Heading } from '@chakra-ui/react';
import { FormCard } from '@/components/form-card';
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
        <FormCard title="Add an Address">
          <AddressForm />
        </FormCard>
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
