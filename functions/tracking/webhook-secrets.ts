/**
 * The secrets carrier webhooks are signed with: EASYPOST_WEBHOOK_SECRET and
 * AFTERSHIP_WEBHOOK_SECRET (SSM in AWS, functions/secrets-loader.ts). Unset, each is a sandbox secret
 * derived from JWT_SECRET, like the sandbox Stripe secret (providers/payments/sandbox-checkout.ts):
 * stable per installation, known only to this server, so the local sandbox emitter signs its
 * events with it and nobody outside can forge one.
 */
import { createHmac } from 'node:crypto';
import { config } from '../config';

const derived = (purpose: string): string => createHmac('sha256', config().JWT_SECRET).update(purpose).digest('hex');

/** The secret EasyPost tracker events are verified (and sandbox events signed) with. */
export const easyPostWebhookSecret = (): string => config().EASYPOST_WEBHOOK_SECRET ?? derived('easypost-sandbox-webhook');

/** The secret AfterShip tracking webhooks are verified with. */
export const afterShipWebhookSecret = (): string => config().AFTERSHIP_WEBHOOK_SECRET ?? derived('aftership-sandbox-webhook');
