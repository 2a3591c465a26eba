import useSWRMutation from 'swr/mutation';
import type { UnsubscribeAnswer } from '@domain/api/notifications';
import { apiRequest } from '@/api-client/client';

/** POST /notifications/unsubscribe with the signed token from a notice mail's link. */
export function unsubscribe(token: string): Promise<UnsubscribeAnswer> {
  return apiRequest('POST /notifications/unsubscribe', { query: { token } });
}

export function useUnsubscribe() {
  return useSWRMutation<UnsubscribeAnswer, unknown, 'POST /notifications/unsubscribe', string>('POST /notifications/unsubscribe', (_key, { arg }) =>
    unsubscribe(arg),
  );
}
