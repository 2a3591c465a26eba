import { NativeSelect } from '@chakra-ui/react';
import { useFormContext } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { paymentMethodLabels } from '@/lib/payment-method-labels';
import type { LabelFormValues } from '../lib/label-form';

/** SPEC section 3's paymentMethod: `credits` buys from the wallet, `purchase` goes to a card checkout. */
export function PaymentMethodField() {
  const {
    register,
    formState: { errors },
  } = useFormContext<LabelFormValues>();
  return (
    <FormField label="Payment method" error={errors.paymentMethod?.message} required>
      <NativeSelect.Root>
        <NativeSelect.Field placeholder="Select a payment method" {...register('paymentMethod')}>
          {Object.entries(paymentMethodLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}
