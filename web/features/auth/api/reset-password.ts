import useSWRMutation from 'swr/mutation';
import type { ResetPasswordBody } from '@domain/schemas/auth';
import { apiRequest } from '@/api-client/client';
import type { MessageAnswer } from '@domain/api/auth';

/** POST /auth/reset-password with the token from the mailed link. */
export function resetPassword(body: ResetPasswordBody): Promise<MessageAnswer> {
  return apiRequest('POST /auth/reset-password', { body });
}

export function useResetPassword() {
  return useSWRMutation('POST /auth/reset-password', (_key, { arg }: { arg: ResetPasswordBody }) => resetPassword(arg));
}
