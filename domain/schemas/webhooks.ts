/** Webhook endpoints (POST /account/webhooks): where the shop's own software hears about its labels. */
import * as z from './zod';
import { schema } from './zod';
import { WEBHOOK_EVENTS } from '../webhook-events';

export const WEBHOOK_URL_MAX = 500;
export const WEBHOOK_URL_MESSAGE = 'Enter a full http(s) address, like https://shop.example/hooks';
export const WEBHOOK_EVENTS_MESSAGE = 'Choose at least one event';

/** An absolute http(s) URL with a host and no user name or password in it (a secret in a URL ends up in logs). */
export const isWebhookUrl = (text: string): boolean => {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !!url.hostname && !url.username && !url.password;
  } catch {
    return false;
  }
};

export const webhookSchema = /* @__PURE__ */ schema(() =>
  z.object(
    {
      url: z
        .string({ error: WEBHOOK_URL_MESSAGE })
        .check(z.trim(), z.maxLength(WEBHOOK_URL_MAX, `Must be at most ${WEBHOOK_URL_MAX} characters`), z.refine<string>(isWebhookUrl, WEBHOOK_URL_MESSAGE))
        .register(z.globalRegistry, { description: 'Where deliveries are POSTed: https only in production, never a private or loopback address.' }),
      events: z
        .array(z.enum(WEBHOOK_EVENTS, { error: `Events are ${WEBHOOK_EVENTS.join(', ')}` }), { error: WEBHOOK_EVENTS_MESSAGE })
        .check(z.minLength(1, WEBHOOK_EVENTS_MESSAGE), z.maxLength(WEBHOOK_EVENTS.length, WEBHOOK_EVENTS_MESSAGE))
        .register(z.globalRegistry, { description: 'The events delivered to it.' }),
    },
    { error: 'Required' },
  ),
);
export type WebhookBody = z.output<typeof webhookSchema>;
