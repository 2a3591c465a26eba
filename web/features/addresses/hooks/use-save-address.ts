import { useFormContext } from 'react-hook-form';
import { addressSchema } from '@domain/schemas/addresses';
import { notifyApiError, notifySuccess } from '@/components/notify';
import { useCreateAddress } from '@/features/addresses/api/create-address';
import type { AddressSide, LabelFormValues } from '../lib/label-form';

/**
 * Save Address for one side of the label form: checks that side's six fields with the address
 * rules (their messages show as on submit), then saves it. A duplicate answers 409 with 'This
 * address is already saved.', shown under the failure title.
 */
export function useSaveAddress(side: AddressSide) {
  const { trigger: validate, getValues } = useFormContext<LabelFormValues>();
  const { trigger: createAddress, isMutating } = useCreateAddress();

  async function save() {
    if (!(await validate(side))) return;
    const parsed = addressSchema.safeParse(getValues(side));
    if (!parsed.success) return;
    try {
      await createAddress(parsed.data);
      notifySuccess('Address saved');
    } catch (error) {
      notifyApiError('Failed to add address.', error);
    }
  }

  return { save, isSaving: isMutating };
}
