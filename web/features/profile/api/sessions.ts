import useSWRMutation from 'swr/mutation';
import type { MessageAnswer } from '@domain/api/auth';
import { apiRequest } from '@/api-client/client';
import { useApiQuery } from '@/api-client/swr-config';

export const sessionsKey = 'GET /auth/sessions' as const;

/** The account's signed-in sessions (GET /auth/sessions), the caller's marked `current`. */
export function useSessions() {
  return useApiQuery(sessionsKey);
}

/** DELETE /auth/sessions: sign out everywhere else; the list is read again afterwards. */
export function useEndOtherSessions() {
  return useSWRMutation<MessageAnswer, unknown, typeof sessionsKey>(sessionsKey, () => apiRequest('DELETE /auth/sessions'), {
    populateCache: false,
    revalidate: true,
  });
}
