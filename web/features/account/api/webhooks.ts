import useSWRMutation from 'swr/mutation';
import type { ApiWebhook, CreatedWebhook } from '@domain/api/webhooks';
import type { WebhookBody } from '@domain/schemas/webhooks';
import { apiRequest } from '@/api-client/client';
import { useApiQuery } from '@/api-client/swr-config';

export const webhooksKey = 'GET /account/webhooks' as const;
const deliveriesKey = (id: string) => ['GET /account/webhooks/{id}/deliveries', { params: { id } }] as const;

const NONE: ApiWebhook[] = [];

/** The account's webhook endpoints. */
export function useWebhooks() {
  const query = useApiQuery(webhooksKey);
  return { ...query, endpoints: query.data ?? NONE };
}

/** One endpoint's delivery log (its newest page); null id: nothing fetched. */
export function useDeliveries(id: string | null) {
  return useApiQuery(id ? deliveriesKey(id) : null);
}

/** POST /account/webhooks: answers the signing secret, once. */
export const useCreateWebhook = () =>
  useSWRMutation(webhooksKey, (_key, { arg }: { arg: WebhookBody }): Promise<CreatedWebhook> => apiRequest('POST /account/webhooks', { body: arg }));

/** DELETE /account/webhooks/{id}. */
export const useDeleteWebhook = () =>
  useSWRMutation(webhooksKey, (_key, { arg: id }: { arg: string }) => apiRequest('DELETE /account/webhooks/{id}', { params: { id } }));

/** POST .../resend: the log is fetched again after it. */
export const useResendDelivery = (endpointId: string) =>
  useSWRMutation(deliveriesKey(endpointId), (_key, { arg: deliveryId }: { arg: string }) =>
    apiRequest('POST /account/webhooks/{id}/deliveries/{deliveryId}/resend', { params: { id: endpointId, deliveryId } }),
  );
