import useSWRMutation from 'swr/mutation';
import type { SupportBody } from '@domain/schemas/support';
import { apiRequest } from '@/api-client/client';

/** POST /support answers 201 with a confirmation for the person and the stored request's id. */
export interface SupportAnswer {
  message: string;
  id: string;
}

/** Stores the request and mails it to support with the account as reply-to. */
export function createSupportRequest(body: SupportBody): Promise<SupportAnswer> {
  return apiRequest<SupportAnswer>('POST /support', { body });
}

export function useCreateSupportRequest() {
  return useSWRMutation('POST /support', (_key, { arg }: { arg: SupportBody }) => createSupportRequest(arg));
}
