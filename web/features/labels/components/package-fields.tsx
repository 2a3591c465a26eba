import { Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { useFormContext } from 'react-hook-form';
import { LABEL_TYPES } from '@domain/pricing';
import { FormField } from '@/components/form-field';
import type { LabelFormValues } from '../lib/label-form';
import { SavedPackageField } from './saved-package-field';

type NumberField = 'weight' | 'height' | 'length' | 'width';

/** SPEC section 2's order: weight in pounds, then the dimensions in inches. */
const numberFields: { name: NumberField; label: string }[] = [
  { name: 'weight', label: 'Weight (lbs)' },
  { name: 'height', label: 'Height (in)' },
  { name: 'length', label: 'Length (in)' },
  { name: 'width', label: 'Width (in)' },
];

/**
 * The label type (table mode; rates mode lists services instead, ./rate-choice.tsx) and the parcel's
 * weight and size, which a saved package may fill (`open`: the dialog is open, the packages are read).
 */
export function PackageFields({ labelTypes = true, open }: { labelTypes?: boolean; open: boolean }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<LabelFormValues>();

  return (
    <Stack gap="3">
      {labelTypes && (
        <FormField label="Label type" error={errors.labelType?.message} required>
          <NativeSelect.Root>
            <NativeSelect.Field placeholder="Select a label type" {...register('labelType')}>
              {LABEL_TYPES.map((type) => (
                <option key={type.uid} value={type.uid}>
                  {type.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
      )}
      <SavedPackageField open={open} />
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        {numberFields.map(({ name, label }) => (
          <FormField key={name} label={label} error={errors[name]?.message} required>
            {/* valueAsNumber: an empty or non-numeric entry is NaN, which the schema refuses with its message. */}
            <Input type="number" inputMode="decimal" min="0" step="any" {...register(name, { valueAsNumber: true })} />
          </FormField>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
