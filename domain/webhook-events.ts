/** The events a shop's webhook endpoint may subscribe to (POST /account/webhooks), in the order the form lists them. */
export const WEBHOOK_EVENTS = ['label.created', 'label.refunded', 'tracking.updated', 'wallet.credited', 'adjustment.created', 'batch.completed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What each event tells, as the form and the API document describe it. */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEvent, string> = {
  'label.created': 'A label was bought (its tracking number is known).',
  'label.refunded': "A label's price went back to the wallet.",
  'tracking.updated': 'The carrier reported a new tracking event for a label.',
  'wallet.credited': 'Money was added to the wallet (a top-up or an adjustment).',
  'adjustment.created': 'USPS charged a postage adjustment for a label.',
  'batch.completed': 'A batch finished buying its rows.',
};

/** Endpoints one account may register. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
