/**
 * The address check: does the carrier know this address, and what would it print
 * instead? `easypost` asks EasyPost's address verification (production, where the carrier is
 * EasyPost); `zip-table` checks locally that city, state and ZIP agree with the offline ZIP table.
 * providers/registry/address.ts chooses with the carrier, so the check and the label agree on who
 * delivers.
 */
import type { AddressCheck } from '../../../domain/api/addresses';
import type { Address } from '../../../domain/schemas/addresses';

export interface AddressVerifier {
  /**
   * Checks one address. `valid: false` is an answer, not an error; the provider being unreachable
   * (or answering something unreadable) throws ProviderUnavailable (functions/errors.ts).
   */
  verify(address: Address): Promise<AddressCheck>;
}

/** How the caller sees the check in a 502 message. */
export const ADDRESS_PROVIDER_NAME = 'Address check';
