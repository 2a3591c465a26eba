import useSWRMutation from 'swr/mutation';
import type { SupportBody } from '@domain/schemas/support';
import type { SupportAnswer } from '@domain/api/support';
import { apiRequest } from '@/api-client/client';

/** Stores the request and mails it to support with the account as reply-to. */
export function createSupportRequest(body: SupportBody): Promise<SupportAnswer> {
  return apiRequest('POST /support', { body });
}

export function useCreateSupportRequest() {
  return useSWRMutation('POST /support', (_key, { arg }: { arg: SupportBody }) => createSupportRequest(arg));
}
