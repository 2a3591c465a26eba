import useSWRMutation from 'swr/mutation';
import type { Address } from '@domain/schemas/addresses';
import { apiRequest } from '@/api-client/client';
import { addressesKey } from './list-addresses';

/** POST /auth/addresses: saves one address; 409 'This address is already saved.' for a duplicate. */
export function createAddress(body: Address): Promise<unknown> {
  return apiRequest('POST /auth/addresses', { body });
}

/** Saves an address and refetches the saved list, so the dropdowns offer it at once. */
export function useCreateAddress() {
  return useSWRMutation(addressesKey, (_key, { arg }: { arg: Address }) => createAddress(arg));
}
