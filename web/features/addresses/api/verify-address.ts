import type { AddressCheck } from '@domain/api/addresses';
import type { Address } from '@domain/schemas/addresses';
import { apiRequest } from '@/api-client/client';

/** POST /addresses/verify: the carrier's (locally the ZIP table's) view of one address; nothing is stored. */
export function verifyAddress(address: Address): Promise<AddressCheck> {
  return apiRequest('POST /addresses/verify', { body: address });
}
