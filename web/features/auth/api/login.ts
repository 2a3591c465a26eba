import useSWRMutation from 'swr/mutation';
import type { LoginBody } from '@domain/schemas/auth';
import { apiRequest } from '@/api-client/client';
import { startSession, toSessionUser } from '@/lib/session';
import type { SessionAnswer } from '@domain/api/auth';

/** POST /auth/login. The server mails the sign-in code itself, so no send-otp call follows. */
export function login(body: LoginBody): Promise<SessionAnswer> {
  return apiRequest('POST /auth/login', { body });
}

/** Signs in and starts the (not yet verified) session with the answer's code-step token. */
export function useLogin() {
  return useSWRMutation('POST /auth/login', (_key, { arg }: { arg: LoginBody }) => login(arg), {
    onSuccess: ({ token, user }) => startSession(token, toSessionUser(user)),
  });
}
