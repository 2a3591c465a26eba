import { Button, Checkbox, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { zodResolver } from '@/lib/zod-form';
import { Controller, useForm } from 'react-hook-form';
import { LuPlus } from 'react-icons/lu';
import type * as z from '@domain/schemas/zod';
import { packageSchema, type PackageBody } from '@domain/schemas/packages';

import { Form, showFieldErrors } from '@/components/form';
import { FormField } from '@/components/form-field';
import { notifyApiError, notifySuccess } from '@/components/notify';
import { useCreatePackage } from '../api/change-packages';

/** The form as typed (numbers come from `valueAsNumber`: NaN when empty). */
type PackageFormValues = z.input<typeof packageSchema>;

/**
 * An empty form. The numbers are NaN, what an empty number input reads as: a reset to a value left
 * out would keep the figures just saved on screen.
 */
const emptyPackage: PackageFormValues = { name: '', weight: NaN, length: NaN, width: NaN, height: NaN, isDefault: false };

type Field = 'weight' | 'length' | 'width' | 'height';
/** The label form's order of the parcel: weight in pounds, then the sides in inches. */
const numberFields: { name: Field; label: string }[] = [
  { name: 'weight', label: 'Weight (lbs)' },
  { name: 'length', label: 'Length (in)' },
  { name: 'width', label: 'Width (in)' },
  { name: 'height', label: 'Height (in)' },
];

/**
 * Saved Packages' add form: a name and the label form's weight and sizes, checked by the same
 * schema as the server (the label form's bounds and messages), and whether it becomes the default.
 * A name already saved answers 409 and the toast says so.
 */
export function PackageForm() {
  const { trigger: createPackage } = useCreatePackage();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PackageFormValues, unknown, PackageBody>({ resolver: zodResolver(packageSchema), defaultValues: emptyPackage });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await createPackage(body);
      notifySuccess('Package saved');
      reset(emptyPackage);
    } catch (error) {
      showFieldErrors(error, setError);
      notifyApiError('Failed to save package.', error);
    }
  });

  return (
    <Form onSubmit={onSubmit}>
      <Stack gap="4">
        <FormField label="Name" error={errors.name?.message} required>
          <Input placeholder="Small box, Poly mailer, …" {...register('name')} />
        </FormField>
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
          {numberFields.map(({ name, label }) => (
            <FormField key={name} label={label} error={errors[name]?.message} required>
              {/* valueAsNumber: an empty or non-numeric entry is NaN, which the schema refuses with its message. */}
              <Input type="number" inputMode="decimal" min="0" step="any" {...register(name, { valueAsNumber: true })} />
            </FormField>
          ))}
        </SimpleGrid>
        <Controller
          control={control}
          name="isDefault"
          render={({ field }) => (
            <Checkbox.Root checked={field.value === true} onCheckedChange={(e) => field.onChange(e.checked === true)} size="sm">
              <Checkbox.HiddenInput name={field.name} onBlur={field.onBlur} />
              <Checkbox.Control />
              <Checkbox.Label>Use it by default for new labels</Checkbox.Label>
            </Checkbox.Root>
          )}
        />
      </Stack>
      <Button type="submit" colorPalette="blue" alignSelf="start" loading={isSubmitting}>
        <LuPlus aria-hidden /> Add Package
      </Button>
    </Form>
  );
}
