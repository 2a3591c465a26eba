/** Bodies and queries of the notification routes. */
import * as z from './zod';
import { schema } from './zod';

const setting = (name: string) => z.boolean({ error: `${name} must be true or false` });

/** PUT /auth/notifications: all three settings, as the Profile page's form holds them. */
export const notificationSettingsBodySchema = /* @__PURE__ */ schema(() =>
  z.strictObject(
    {
      delivered: setting('delivered'),
      exception: setting('exception'),
      unused: setting('unused'),
    },
    { error: 'Unknown setting' },
  ),
);
export type NotificationSettingsBody = z.infer<typeof notificationSettingsBodySchema>;

/** POST /notifications/unsubscribe?token=: the signed token from the mail's link. */
export const unsubscribeQuerySchema = /* @__PURE__ */ schema(() =>
  z.object({
    token: z
      .string({ error: 'This unsubscribe link is not valid' })
      .check(z.minLength(1, 'This unsubscribe link is not valid'), z.maxLength(2000, 'This unsubscribe link is not valid')),
  }),
);
