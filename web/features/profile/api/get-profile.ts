import { useApiQuery } from '@/api-client/swr-config';
import { useSession } from '@/lib/session';
import type { ApiUser } from '@domain/api/users';

/** The signed-in user as GET /auth/profile answers it; the balance is in dollars. */
export type Profile = ApiUser;

export const profileKey = 'GET /auth/profile' as const;

/** The signed-in user's profile, refreshed every minute so the balance badge follows top-ups. */
export function useProfile() {
  const { token } = useSession();
  return useApiQuery(token ? profileKey : null, { refreshInterval: 60_000 });
}
