/**
 * Mail notifications (issue 18, part 2): the shipper's three settings as stored on the user item and
 * answered in the profile, the notice kinds, and the unsubscribe route's answer.
 */
import * as z from 'zod';

/** The shipper's settings, one per kind of shipper notice. */
export const SHIPPER_NOTICES = ['delivered', 'exception', 'unused'] as const;
export type ShipperNotice = (typeof SHIPPER_NOTICES)[number];

export const notificationSettingsSchema = z
  .object({
    delivered: z.boolean().meta({ description: 'Mail me when a label is delivered.' }),
    exception: z.boolean().meta({ description: 'Mail me when a label has an exception (failure or return to sender).' }),
    unused: z.boolean().meta({ description: 'Mail me about a label with no scan 5 days before its refund window closes.' }),
  })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** What a user who never chose gets: delivered and exception mails on, the unused reminder off. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = { delivered: true, exception: true, unused: false };

/** A user's settings: the stored ones over the defaults (an account from before issue 18 has none). */
export const notificationSettingsOf = (stored: Partial<NotificationSettings> | undefined): NotificationSettings => ({
  ...DEFAULT_NOTIFICATION_SETTINGS,
  ...stored,
});

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
