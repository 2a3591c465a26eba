import { Button, Input, SimpleGrid } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { LuPlus } from 'react-icons/lu';
import type { z } from 'zod';
import { addressSchema } from '@domain/schemas/addresses';
import { ApiError } from '@/api-client/client';
import { Form } from '@/components/form';
import { FormField } from '@/components/form-field';
import { notifyApiError, notifySuccess } from '@/components/notify';
import { UsStateSelect } from '@/components/us-state-select';
import { useZipAutofill } from '@/components/use-zip-autofill';
import { useCreateAddress } from '../api/create-address';

type AddressFormValues = z.input<typeof addressSchema>;

const emptyAddress: AddressFormValues = { name: '', street: '', city: '', state: '', zip: '', country: 'US' };
const fieldNames = Object.keys(emptyAddress) as (keyof AddressFormValues)[];

/**
 * Manage Addresses' add form: the six fields, all required (SPEC section 5). A known ZIP fills the
 * city and state. A duplicate answers 409 and the toast says 'This address is already saved.'.
 */
export function AddressForm() {
  const { trigger: createAddress } = useCreateAddress();
  const form = useForm<AddressFormValues, unknown, z.output<typeof addressSchema>>({
    resolver: zodResolver(addressSchema),
    defaultValues: emptyAddress,
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  useZipAutofill(form);

  const onSubmit = handleSubmit(async (address) => {
    try {
      await createAddress(address);
      notifySuccess('Address saved');
      reset(emptyAddress);
    } catch (error) {
      // A 400 names its fields like the body: show each under its field as well.
      if (error instanceof ApiError)
        for (const [field, message] of Object.entries(error.fields))
          if ((fieldNames as string[]).includes(field)) setError(field as keyof AddressFormValues, { message });
      notifyApiError('Failed to add address.', error);
    }
  });

  return (
    <Form onSubmit={onSubmit}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label="Name" error={errors.name?.message} required>
          <Input autoComplete="name" placeholder="Home, Warehouse, …" {...register('name')} />
        </FormField>
        <FormField label="Street" error={errors.street?.message} required>
          <Input autoComplete="address-line1" {...register('street')} />
        </FormField>
        <FormField label="ZIP" error={errors.zip?.message} required>
          <Input inputMode="numeric" autoComplete="postal-code" {...register('zip')} />
        </FormField>
        <FormField label="City" error={errors.city?.message} required>
          <Input autoComplete="address-level2" {...register('city')} />
        </FormField>
        <FormField label="State" error={errors.state?.message} required>
          <UsStateSelect autoComplete="address-level1" {...register('state')} />
        </FormField>
        <FormField label="Country" error={errors.country?.message} required>
          <Input autoComplete="country" {...register('country')} />
        </FormField>
      </SimpleGrid>
      <Button type="submit" colorPalette="blue" alignSelf="start" loading={isSubmitting}>
        <LuPlus aria-hidden /> Add Address
      </Button>
    </Form>
  );
}
