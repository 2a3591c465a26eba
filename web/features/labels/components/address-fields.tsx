import { Button, Fieldset, Input, SimpleGrid } from '@chakra-ui/react';
import { useFormContext } from 'react-hook-form';
import { LuBookmarkPlus } from 'react-icons/lu';
import { FormField } from '@/components/form-field';
import { UsStateSelect } from '@/components/us-state-select';
import { AddressCheckPanel, useSaveAddress } from '@/features/addresses';
import type { SavedAddress } from '@domain/api/addresses';
import { formatUsPhone } from '@domain/phone';
import type { AddressSide, LabelFormValues } from '../lib/label-form';
import { StreetField } from './street-field';

/** How each side is named on screen; the autocomplete section keeps browser autofill of the two apart. */
const sides = {
  from: { legend: 'Sender', heading: 'Saved Sender Addresses', autofill: 'section-sender shipping' },
  to: { legend: 'Recipient', heading: 'Saved Recipient Addresses', autofill: 'section-recipient shipping' },
} as const;

interface AddressFieldsProps {
  side: AddressSide;
  /** The saved addresses its street dropdown offers. */
  addresses: SavedAddress[];
}

/** One address block of the label form (sender or recipient): its fields, the dropdown and Save Address. */
export function AddressFields({ side, addresses }: AddressFieldsProps) {
  const {
    register,
    setValue,
    getValues,
    trigger: validate,
    formState: { errors, isSubmitted },
  } = useFormContext<LabelFormValues>();
  const { legend, heading, autofill } = sides[side];
  // Save Address checks the address first; a suggestion taken also fills this side.
  const { save, isSaving, choice } = useSaveAddress({ label: legend, onSuggestionUsed: fill });
  const fieldErrors = errors[side];

  /** Fills this side from a saved address (a field it lacks is emptied); checks it again only if a submit has shown messages. */
  function fill(address: Omit<SavedAddress, 'id' | 'createdAt'>) {
    const options = { shouldDirty: true, shouldValidate: isSubmitted };
    setValue(`${side}.name`, address.name ?? '', options);
    setValue(`${side}.company`, address.company ?? '', options);
    setValue(`${side}.street`, address.street ?? '', options);
    setValue(`${side}.street2`, address.street2 ?? '', options);
    setValue(`${side}.city`, address.city ?? '', options);
    setValue(`${side}.state`, (address.state ?? '').toUpperCase(), options);
    setValue(`${side}.zip`, address.zip ?? '', options);
    setValue(`${side}.country`, address.country || 'US', options);
    setValue(`${side}.phone`, address.phone ? formatUsPhone(address.phone) : '', options);
  }

  /** Save Address checks this side's address fields first; their messages show as on submit. */
  async function saveThisSide() {
    if (await validate(side)) await save(getValues(side));
  }

  return (
    <Fieldset.Root minW="0">
      <Fieldset.Legend fontSize="md" fontWeight="semibold">
        {legend}
      </Fieldset.Legend>
      <Fieldset.Content gap="3">
        <FormField label="Name" error={fieldErrors?.name?.message} required>
          <Input autoComplete={`${autofill} name`} {...register(`${side}.name`)} />
        </FormField>
        <FormField label="Company" error={fieldErrors?.company?.message}>
          <Input autoComplete={`${autofill} organization`} {...register(`${side}.company`)} />
        </FormField>
        <StreetField side={side} heading={heading} addresses={addresses} onChoose={fill} autoComplete={`${autofill} address-line1`} />
        <FormField label="Address line 2" error={fieldErrors?.street2?.message}>
          <Input autoComplete={`${autofill} address-line2`} placeholder="Suite, floor, apartment" {...register(`${side}.street2`)} />
        </FormField>
        <SimpleGrid columns={2} gap="3">
          <FormField label="City" error={fieldErrors?.city?.message} required>
            <Input autoComplete={`${autofill} address-level2`} {...register(`${side}.city`)} />
          </FormField>
          <FormField label="State" error={fieldErrors?.state?.message} required>
            <UsStateSelect autoComplete={`${autofill} address-level1`} {...register(`${side}.state`)} />
          </FormField>
          <FormField label="ZIP" error={fieldErrors?.zip?.message} required>
            <Input inputMode="numeric" autoComplete={`${autofill} postal-code`} {...register(`${side}.zip`)} />
          </FormField>
          <FormField label="Country" error={fieldErrors?.country?.message} required>
            <Input autoComplete={`${autofill} country`} {...register(`${side}.country`)} />
          </FormField>
        </SimpleGrid>
        <FormField label="Phone" error={fieldErrors?.phone?.message}>
          <Input type="tel" autoComplete={`${autofill} tel`} {...register(`${side}.phone`)} />
        </FormField>
        {side === 'to' && (
          // The recipient's email: optional, sent as to.email; a saved address has no email.
          <FormField
            label="Recipient email"
            error={errors.to?.email?.message}
            helper="Optional. We email them when the package is on its way and when it is delivered."
          >
            <Input type="email" autoComplete={`${autofill} email`} {...register('to.email', { setValueAs: (v: string) => (v?.trim() ? v : undefined) })} />
          </FormField>
        )}
        <Button size="sm" variant="outline" alignSelf="start" loading={isSaving} onClick={() => void saveThisSide()}>
          <LuBookmarkPlus aria-hidden /> Save Address
        </Button>
        {choice && <AddressCheckPanel findings={choice.findings} busy={isSaving} onUseSuggested={choice.useSuggested} onKeep={choice.keep} />}
      </Fieldset.Content>
    </Fieldset.Root>
  );
}
