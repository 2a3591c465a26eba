import useSWRMutation from 'swr/mutation';
import type { SupportBody } from '@domain/schemas/support';
import type { SupportAnswer } from '@domain/api/support';
import { apiRequest } from '@/api-client/client';

/** Stores the request once per key and mails it to support with the account as reply-to. */
export function createSupportRequest(body: SupportBody, idempotencyKey: string): Promise<SupportAnswer> {
  return apiRequest('POST /support', { body, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreateSupportRequest() {
  return useSWRMutation('POST /support', (_key, { arg }: { arg: { body: SupportBody; idempotencyKey: string } }) =>
    createSupportRequest(arg.body, arg.idempotencyKey),
  );
}
