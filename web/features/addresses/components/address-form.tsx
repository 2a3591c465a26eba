import { Button, Input, SimpleGrid } from '@chakra-ui/react';
import { zodResolver } from '@/lib/zod-form';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { LuPlus } from 'react-icons/lu';
import type * as z from '@domain/schemas/zod';
import { addressSchema } from '@domain/schemas/addresses';

import { Form, showFieldErrors } from '@/components/form';
import { FormField } from '@/components/form-field';
import { notifyApiError, notifyInfo, notifySuccess } from '@/components/notify';
import { UsStateSelect } from '@/components/us-state-select';
import { useZipAutofill } from '@/components/use-zip-autofill';
import { useCreateAddress } from '../api/create-address';
import { addressFieldNames, emptyAddress, type AddressFormValues } from '../lib/address-values';
import { addressesKey, checkAddresses, type AddressFinding } from '../lib/check-addresses';
import { AddressCheckPanel } from './address-check-panel';

type Address = z.output<typeof addressSchema>;

/**
 * Manage Addresses' add form: SPEC section 5's six fields, all required, and the optional company,
 * second street line and phone. A known ZIP fills the city and state. A duplicate answers 409 and
 * the toast says 'This address is already saved.'.
 * Before saving, the address is checked like a label's: a finding asks first (use the
 * suggestion, or keep it as entered); the check being down saves it as entered.
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
  const [finding, setFinding] = useState<{ address: Address; findings: AddressFinding[] } | null>(null);
  const [continuing, setContinuing] = useState(false);
  /** The address last found fine or kept as entered: not checked again. */
  const [accepted, setAccepted] = useState<string | null>(null);

  async function checkThenSave(address: Address) {
    setFinding(null);
    const key = addressesKey([address]);
    if (accepted !== key) {
      const outcome = await checkAddresses([{ key: 'address', label: 'Address', address }]);
      if (outcome.status === 'findings') return setFinding({ address, findings: outcome.findings });
      if (outcome.status === 'unavailable') notifyInfo('Address not checked', 'The address check is not answering; the address is saved as entered.');
      else setAccepted(key);
    }
    await save(address);
  }
  /** Saves the address as chosen in the panel (filling the suggested fields first). */
  async function goOn(address: Address) {
    setFinding(null);
    setAccepted(addressesKey([address]));
    for (const field of addressFieldNames) form.setValue(field, address[field] ?? '');
    setContinuing(true);
    try {
      await save(address);
    } finally {
      setContinuing(false);
    }
  }

  async function save(address: Address) {
    try {
      await createAddress(address);
      notifySuccess('Address saved');
      reset(emptyAddress);
    } catch (error) {
      showFieldErrors(error, setError, addressFieldNames);
      notifyApiError('Failed to add address.', error);
    }
  }
  const onSubmit = handleSubmit(checkThenSave);

  return (
    <Form onSubmit={onSubmit}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label="Name" error={errors.name?.message} required>
          <Input autoComplete="name" placeholder="Home, Warehouse, …" {...register('name')} />
        </FormField>
        <FormField label="Company" error={errors.company?.message}>
          <Input autoComplete="organization" {...register('company')} />
        </FormField>
        <FormField label="Street" error={errors.street?.message} required>
          <Input autoComplete="address-line1" {...register('street')} />
        </FormField>
        <FormField label="Address line 2" error={errors.street2?.message}>
          <Input autoComplete="address-line2" placeholder="Suite, floor, apartment" {...register('street2')} />
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
        <FormField label="Phone" error={errors.phone?.message}>
          <Input type="tel" autoComplete="tel" {...register('phone')} />
        </FormField>
      </SimpleGrid>
      {finding && (
        <AddressCheckPanel
          findings={finding.findings}
          busy={continuing}
          onUseSuggested={() => void goOn(finding.findings[0]?.check.suggestion ?? finding.address)}
          onKeep={() => void goOn(finding.address)}
        />
      )}
      <Button type="submit" colorPalette="blue" alignSelf="start" loading={isSubmitting || continuing}>
        <LuPlus aria-hidden /> Add Address
      </Button>
    </Form>
  );
}
