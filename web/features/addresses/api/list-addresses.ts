import { useApiQuery } from '@/api-client/swr-config';
import type { SavedAddress } from '@domain/api/addresses';

export const addressesKey = 'GET /auth/addresses' as const;

/** One empty list, so a render without data does not hand the dropdowns a new array each time. */
const NONE: SavedAddress[] = [];

/** The signed-in user's saved addresses; pass `enabled: false` to not fetch (a closed dialog). */
export function useAddresses(enabled = true) {
  const query = useApiQuery(enabled ? addressesKey : null);
  return { ...query, addresses: query.data ?? NONE };
}
