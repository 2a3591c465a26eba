import useSWRMutation from 'swr/mutation';
import type { ApiKeyRecord, CreatedApiKey } from '@domain/api/api-keys';
import type { ApiKeyBody } from '@domain/schemas/api-keys';
import { apiRequest } from '@/api-client/client';
import { useApiQuery } from '@/api-client/swr-config';

export const apiKeysKey = 'GET /account/api-keys' as const;

/** One empty list, so a render without data does not hand the table a new array each time. */
const NONE: ApiKeyRecord[] = [];

/** The account's API keys, newest first, revoked ones too. */
export function useApiKeys() {
  const query = useApiQuery(apiKeysKey);
  return { ...query, apiKeys: query.data ?? NONE };
}

/** POST /account/api-keys: the key, answered this once, and its record; 409 past the live keys allowed. */
export function createApiKey(body: ApiKeyBody): Promise<CreatedApiKey> {
  return apiRequest('POST /account/api-keys', { body });
}

/** DELETE /account/api-keys/{id}: the key stops working at once. */
export function revokeApiKey(id: string): Promise<{ message: string }> {
  return apiRequest('DELETE /account/api-keys/{id}', { params: { id } });
}

/** Each change refetches the list, so a new or revoked key shows at once. */
export const useCreateApiKey = () => useSWRMutation(apiKeysKey, (_key, { arg }: { arg: ApiKeyBody }) => createApiKey(arg));
export const useRevokeApiKey = () => useSWRMutation(apiKeysKey, (_key, { arg: id }: { arg: string }) => revokeApiKey(id));
