import useSWRMutation from 'swr/mutation';
import { apiRequest } from '@/api-client/client';
import { addressesKey } from './list-addresses';

/** DELETE /auth/addresses/{id}: 404 for an unknown id or another user's. */
export function deleteAddress(id: string): Promise<{ message: string }> {
  return apiRequest('DELETE /auth/addresses/{id}', { params: { id } });
}

/** Deletes a saved address and refetches the saved list. */
export function useDeleteAddress() {
  return useSWRMutation(addressesKey, (_key, { arg: id }: { arg: string }) => deleteAddress(id));
}
