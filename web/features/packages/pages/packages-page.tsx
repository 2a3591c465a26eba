import { Heading } from '@chakra-ui/react';
import { FormCard } from '@/components/form-card';
import { useEffect } from 'react';
import { errorMessage } from '@/api-client/client';
import { notifyApiError } from '@/components/notify';
import { PageTitle } from '@/components/page-title';
import { ShippersOnly } from '@/features/profile';
import { usePackages } from '../api/list-packages';
import { PackageForm } from '../components/package-form';
import { SavedPackagesTable } from '../components/saved-packages-table';

/** Saved Packages, beside Manage Addresses: the add form, then the saved packages with Make default and Delete. */
export function PackagesPage() {
  const { packages, error, isLoading, mutate } = usePackages();

  useEffect(() => {
    if (error) notifyApiError('Failed to fetch packages.', error, undefined, 'packages-fetch');
  }, [error]);

  return (
    <>
      <PageTitle>Saved Packages</PageTitle>
      <ShippersOnly>
        <FormCard title="Add a Package">
          <PackageForm />
        </FormCard>
      </ShippersOnly>
      <Heading as="h2" size="lg" mb="4">
        Saved Packages
      </Heading>
      <SavedPackagesTable
        packages={packages}
        isLoading={isLoading}
        error={error ? errorMessage(error, 'The packages could not be loaded.') : undefined}
        onRetry={() => void mutate()}
      />
    </>
  );
}
