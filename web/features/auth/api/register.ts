import useSWRMutation from 'swr/mutation';
import type { RegisterBody } from '@domain/schemas/auth';
import { apiRequest } from '@/api-client/client';
import { startSession, toSessionUser } from '@/lib/session';
import type { SessionAnswer } from '@domain/api/auth';

/** POST /auth/register: creates the account and mails its first code. */
export function register(body: RegisterBody): Promise<SessionAnswer> {
  return apiRequest('POST /auth/register', { body });
}

/** Signs up and starts the (not yet verified) session, as a sign-in would. */
export function useRegister() {
  return useSWRMutation('POST /auth/register', (_key, { arg }: { arg: RegisterBody }) => register(arg), {
    onSuccess: ({ token, user }) => startSession(token, toSessionUser(user)),
  });
}
