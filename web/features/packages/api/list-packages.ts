import { useApiQuery } from '@/api-client/swr-config';
import type { SavedPackage } from '@domain/api/packages';

export const packagesKey = 'GET /auth/packages' as const;

/** One empty list, so a render without data does not hand the select a new array each time. */
const NONE: SavedPackage[] = [];

/** The signed-in user's saved packages; pass `enabled: false` to not fetch (a closed dialog). */
export function usePackages(enabled = true) {
  const query = useApiQuery(enabled ? packagesKey : null);
  return { ...query, packages: query.data ?? NONE };
}
