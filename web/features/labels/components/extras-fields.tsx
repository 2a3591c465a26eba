import { Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { useFormContext } from 'react-hook-form';
import { dollarsToCents } from '@domain/money';
import { LABEL_TEXT_MAX, SIGNATURE_NAMES, SIGNATURES } from '@domain/postage/extras';
import { FormField } from '@/components/form-field';
import type { LabelFormValues } from '../lib/label-form';

/** The declared value as typed in dollars, in cents; blank is not insured, anything unreadable NaN (the schema's message). */
const declaredCents = (v: string): number | undefined => (v.trim() === '' ? undefined : (dollarsToCents(v) ?? Number.NaN));

/**
 * The label's extras (domain/postage/extras.ts): two lines of the shipper's own text printed on the
 * label, a signature at delivery and a declared value to insure. The quote prices them into every
 * row, so changing one asks for a new quote.
 */
export function ExtrasFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<LabelFormValues>();
  const lineError = (i: 0 | 1) => errors.labelText?.[i]?.message ?? (i === 0 ? errors.labelText?.message : undefined);
  return (
    <Stack gap="3">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {([0, 1] as const).map((i) => (
          <FormField
            key={i}
            label={`Label text line ${i + 1}`}
            error={lineError(i)}
            helper={i === 0 ? 'Printed on the label, e.g. an order number' : undefined}
          >
            <Input maxLength={LABEL_TEXT_MAX} autoComplete="off" {...register(`labelText.${i}`)} />
          </FormField>
        ))}
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <FormField label="Signature" error={errors.signature?.message}>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('signature')}>
              {SIGNATURES.map((s) => (
                <option key={s} value={s}>
                  {SIGNATURE_NAMES[s]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label="Declared value to insure ($)" error={errors.insuredValueCents?.message} helper="Up to $5,000; blank: not insured">
          <Input
            inputMode="decimal"
            autoComplete="off"
            {...register('insuredValueCents', { setValueAs: (v: unknown) => (typeof v === 'string' ? declaredCents(v) : v) })}
          />
        </FormField>
      </SimpleGrid>
    </Stack>
  );
}
