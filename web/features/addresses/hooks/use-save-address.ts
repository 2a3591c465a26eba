import { addressSchema } from '@domain/schemas/addresses';
import { notifyApiError, notifySuccess } from '@/components/notify';
import { useCreateAddress } from '../api/create-address';

/**
 * Save Address from a form that holds an address (the label form's sender or recipient): `save`
 * takes the values once the form has checked them, and saves them. A duplicate answers 409 with
 * 'This address is already saved.', shown under the failure title.
 */
export function useSaveAddress() {
  const { trigger: createAddress, isMutating } = useCreateAddress();

  async function save(values: unknown) {
    const parsed = addressSchema.safeParse(values);
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
