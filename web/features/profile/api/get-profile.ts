import { useEffect, useState, useSyncExternalStore } from 'react';
import { useSWRConfig } from 'swr';
import { PROFILE_REFRESH_MS, PROFILE_STALE_MS } from '@domain/constants';
import { useApiQuery } from '@/api-client/swr-config';
import { useSession } from '@/lib/session';
import type { ApiUser } from '@domain/api/users';

/** The signed-in user as GET /auth/profile answers it; the balance is in dollars. */
export type Profile = ApiUser;

export const profileKey = 'GET /auth/profile' as const;

/**
 * When GET /auth/profile last answered, whichever hook asked: SWR keeps no answer's age. Its
 * `onSuccess` runs in the hook that started the request only, so the time is kept here, once.
 */
let answeredAt: number | undefined;
/** The answer a stale profile has already asked again for, so the headers and pages showing it ask once. */
let reaskedFor: number | undefined;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
function noteAnswer(): void {
  answeredAt = Date.now();
  for (const listener of listeners) listener();
}

/** The signed-in user's profile, refreshed every minute so the balance badge follows top-ups. */
export function useProfile() {
  const { token } = useSession();
  return useApiQuery(token ? profileKey : null, { refreshInterval: PROFILE_REFRESH_MS, onSuccess: noteAnswer });
}

/**
 * SPEC's "stale after 5 min": true while the last answer of GET /auth/profile is older than
 * PROFILE_STALE_MS. SWR already asks again on every mount and focus and each minute, so an answer
 * gets that old only when those refreshes failed (SWR's interval then waits for another trigger)
 * or were paused with the tab hidden: the figures shown are then not current, and the balance says
 * so (it must not read as what can be spent now). On turning stale it asks again itself.
 */
export function useProfileIsStale(): boolean {
  const at = useSyncExternalStore(subscribe, () => answeredAt);
  const [now, setNow] = useState(Date.now);
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (at === undefined) return;
    const reask = () => {
      if (reaskedFor === at) return;
      reaskedFor = at;
      void mutate(profileKey);
    };
    const left = at + PROFILE_STALE_MS - Date.now();
    if (left < 0) {
      reask();
      return;
    }
    const timer = setTimeout(() => {
      setNow(Date.now());
      reask();
    }, left + 1);
    return () => clearTimeout(timer);
  }, [at, mutate]);
  return at !== undefined && now - at > PROFILE_STALE_MS;
}

/**
 * Whether the signed-in person may change the account's data: a team's viewer only reads, and the
 * server answers 403 to their writes (domain/api/team-roles.ts), so their pages offer none.
 */
export function useMayChange(): boolean {
  const { data } = useProfile();
  return data?.team?.role !== 'viewer';
}

/**
 * Whether the signed-in person owns the account they act on: their own account, or a team they
 * were invited to as owner. Money, keys, webhooks and members are the owner's (the server answers
 * 403 to anyone else). Undefined until the profile has answered.
 */
export function useIsOwner(): boolean | undefined {
  const { data } = useProfile();
  return data && (!data.team || data.team.role === 'owner');
}
