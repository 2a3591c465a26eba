/**
 * The shipper's mail settings as code uses them: the notice kinds and the
 * defaults over what a user stored. Without zod, apart from the schemas in ./notifications.ts, so
 * the Lambdas that read a user (every profile answer, the notices) do not bundle the answer schemas
 * and zod with it.
 */
/** The shipper's settings, one per kind of shipper notice. */
export const SHIPPER_NOTICES = ['delivered', 'exception', 'unused'] as const;
export type ShipperNotice = (typeof SHIPPER_NOTICES)[number];

/** Whether the shipper wants each kind of notice (./notifications.ts publishes it as a schema). */
export type NotificationSettings = Record<ShipperNotice, boolean>;

/** What a user who never chose gets: delivered and exception mails on, the unused reminder off. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = { delivered: true, exception: true, unused: false };

/** A user's settings: the stored ones over the defaults (an account that never saved any has none). */
export const notificationSettingsOf = (stored: Partial<NotificationSettings> | undefined): NotificationSettings => ({
  ...DEFAULT_NOTIFICATION_SETTINGS,
  ...stored,
});
