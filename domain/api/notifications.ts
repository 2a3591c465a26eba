/**
 * Mail notifications: the schema of the shipper's three settings as stored on the
 * user item and answered in the profile, and the unsubscribe route's answer. The notice kinds and
 * the defaults, which Lambdas run, are in ./notification-settings.ts (no zod there).
 */
import * as z from 'zod';
import { SHIPPER_NOTICES, type NotificationSettings } from './notification-settings';

export type { NotificationSettings } from './notification-settings';

export const notificationSettingsSchema = z
  .object({
    delivered: z.boolean().meta({ description: 'Mail me when a label is delivered.' }),
    exception: z.boolean().meta({ description: 'Mail me when a label has an exception (failure or return to sender).' }),
    unused: z.boolean().meta({ description: 'Mail me about a label with no scan 5 days before its refund window closes.' }),
  })
  .meta({ id: 'NotificationSettings' }) satisfies z.ZodType<NotificationSettings>;

/** POST /notifications/unsubscribe's answer: what was turned off. */
export const unsubscribeAnswerSchema = z
  .object({
    message: z.string(),
    unsubscribed: z
      .enum([...SHIPPER_NOTICES, 'recipient'])
      .meta({ description: "The shipper's setting turned off, or `recipient`: no more tracking mails to that address." }),
  })
  .meta({ id: 'UnsubscribeAnswer' });
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswerSchema>;
