/**
 * What the carrier webhook routes run, and what the local sandbox emitter hands its
 * signed events to, so both go the same way: verify the signature over the raw body, read the event,
 * apply it (a tracking update, or a postage adjustment). `invalid` (the handler's 400, nothing changes) when the signature is missing, forged or
 * the body was altered; everything else is acknowledged, so the provider stops retrying.
 */
import type { Logger } from '../observability/logger';
import { applyPostageAdjustment, type AdjustmentOutcome } from '../postage/adjustments';
import { readAfterShipEvent, verifyAfterShipSignature } from './aftership-events';
import { applyTrackingUpdate, type TrackingOutcome } from './apply-update';
import { readEasyPostEvent, verifyEasyPostSignature } from './easypost-events';
import { afterShipWebhookSecret, easyPostWebhookSecret } from './webhook-secrets';

export type WebhookOutcome = 'invalid' | 'ignored' | TrackingOutcome | AdjustmentOutcome;

function parsed(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody);
  } catch {
    return undefined;
  }
}

/** An EasyPost Event as POST /easypost/webhook receives it: raw body and its X-Hmac-Signature. */
export async function receiveEasyPostWebhook(rawBody: string, signature: string | undefined, log: Logger): Promise<WebhookOutcome> {
  if (!verifyEasyPostSignature(rawBody, signature, easyPostWebhookSecret())) return 'invalid';
  const reading = readEasyPostEvent(parsed(rawBody));
  if (reading.kind === 'ignored') {
    log.info('easypost event ignored', { reason: reading.reason });
    return 'ignored';
  }
  if (reading.kind === 'adjustment') return applyPostageAdjustment(reading.invoice, log);
  return (await applyTrackingUpdate(reading.update, log)).outcome;
}

/** An AfterShip webhook as POST /aftership/webhook receives it: raw body and its aftership-hmac-sha256. */
export async function receiveAfterShipWebhook(rawBody: string, signature: string | undefined, log: Logger): Promise<WebhookOutcome> {
  if (!verifyAfterShipSignature(rawBody, signature, afterShipWebhookSecret())) return 'invalid';
  const reading = readAfterShipEvent(parsed(rawBody));
  if (reading.kind === 'ignored') {
    log.info('aftership event ignored', { reason: reading.reason });
    return 'ignored';
  }
  return (await applyTrackingUpdate(reading.update, log)).outcome;
}
