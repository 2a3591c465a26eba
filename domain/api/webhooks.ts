/** Webhook endpoints and their deliveries as the API answers them (docs/webhooks.md). */
import * as z from 'zod';
import { WEBHOOK_EVENTS } from '../webhook-events';

export const apiWebhookSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    createdAt: z.string(),
    disabledAt: z.string().optional().meta({ description: 'Set when the endpoint failed for 3 days; nothing is sent to it any more.' }),
    failingSince: z.string().optional().meta({ description: 'The first failed attempt since the last delivery that succeeded.' }),
  })
  .meta({ id: 'WebhookEndpoint' });
export type ApiWebhook = z.infer<typeof apiWebhookSchema>;

export const createdWebhookSchema = apiWebhookSchema
  .extend({ secret: z.string().meta({ description: 'The signing secret, answered this once only.' }) })
  .meta({ id: 'CreatedWebhookEndpoint' });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const apiWebhookDeliverySchema = z
  .object({
    id: z.string(),
    eventId: z.string(),
    type: z.enum(WEBHOOK_EVENTS),
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number(),
    createdAt: z.string(),
    lastAttemptAt: z.string().optional(),
    nextAttemptAt: z.string().optional(),
    responseCode: z
      .number()
      .optional()
      .meta({ description: "The endpoint's HTTP status at the last attempt; absent after a timeout or a refused connection." }),
    deliveredAt: z.string().optional(),
  })
  .meta({ id: 'WebhookDelivery' });
export type ApiWebhookDelivery = z.infer<typeof apiWebhookDeliverySchema>;

/** One page of an endpoint's delivery log: newest first, `nextCursor` null on the last page. */
export const webhookDeliveriesPageSchema = z
  .object({ deliveries: z.array(apiWebhookDeliverySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'WebhookDeliveriesPage' });
