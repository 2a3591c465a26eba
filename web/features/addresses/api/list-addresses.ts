import { useApiQuery } from '@/api-client/swr-config';
import type { SavedAddress } from '@/types/api';

export const addressesKey = 'GET /auth/addresses' as const;

/** GET /auth/addresses answers a list (SPEC section 7); an `{ addresses }` wrapper is read the same way. */
export type AddressesAnswer = SavedAddress[] | { addresses?: SavedAddress[] };

/** The saved addresses in an answer of either shape; anything else reads as none. */
export function toAddressList(answer: AddressesAnswer | undefined): SavedAddress[] {
  const list = Array.isArray(answer) ? answer : answer?.addresses;
  return Array.isArray(list) ? list : [];
}

/** The signed-in user's saved addresses; pass `enabled: false` to not fetch (a closed dialog). */
export function useAddresses(enabled = true) {
  const query = useApiQuery<AddressesAnswer>(enabled ? addressesKey : null);
  return { ...query, addresses: toAddressList(query.data) };
}
