import useSWRMutation from 'swr/mutation';
import type { EmailOnlyBody } from '@domain/schemas/auth';
import { apiRequest } from '@/api-client/client';
import type { MessageAnswer } from '@domain/api/auth';

/** POST /auth/forgot-password: answers the same whether or not the account exists. */
export function forgotPassword(body: EmailOnlyBody): Promise<MessageAnswer> {
  return apiRequest('POST /auth/forgot-password', { body });
}

export function useForgotPassword() {
  return useSWRMutation('POST /auth/forgot-password', (_key, { arg }: { arg: EmailOnlyBody }) => forgotPassword(arg));
}
