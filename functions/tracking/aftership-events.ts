/**
 * AfterShip tracking webhooks: the signature and the payload.
 *
 * Signature (AfterShip's docs, Tracking > Webhook > Webhook signature): header
 * `aftership-hmac-sha256`, the base64 HMAC-SHA256 of the raw request body keyed with the account's
 * webhook secret; compared in constant time.
 *
 * Payload (Webhook specifications): `{ ts, event, event_id (UUID), is_tracking_first_tag, msg }`;
 * `event` is `tracking_update` for a status change, `msg` the Tracking (the shape the Tracking API
 * answers, read by fromAfterShipTracking). Other events (`edd_revise`, `tracking_pending_time`) carry
 * no new checkpoint and are ignored. The latest checkpoint is the last event.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { shipmentStatusOf } from '../../domain/shipment-statuses';
import { fromAfterShipTracking } from '../providers/tracking/aftership-tracker';
import type { TrackingUpdate } from './apply-update';

export const AFTERSHIP_SIGNATURE_HEADER = 'aftership-hmac-sha256';

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The aftership-hmac-sha256 value for `rawBody` under `secret`. */
export const afterShipSignature = (rawBody: string, secret: string): string => createHmac('sha256', secret).update(rawBody, 'utf8').digest('base64');

/** True when `header` is AfterShip's signature of `rawBody` under `secret`; false when missing or wrong. */
export function verifyAfterShipSignature(rawBody: string, header: string | undefined, secret: string): boolean {
  if (!header || !secret) return false;
  const expected = Buffer.from(afterShipSignature(rawBody, secret), 'utf8');
  const given = Buffer.from(header.trim(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type AfterShipEventReading = { kind: 'update'; update: TrackingUpdate } | { kind: 'ignored'; reason: string };

/** Reads a verified AfterShip webhook body. */
export function readAfterShipEvent(payload: unknown): AfterShipEventReading {
  if (!isRecord(payload)) return { kind: 'ignored', reason: 'not an object' };
  if (payload.event !== 'tracking_update') return { kind: 'ignored', reason: `event ${String(payload.event)}` };
  const msg = payload.msg;
  const trackingNumber = isRecord(msg) && typeof msg.tracking_number === 'string' ? msg.tracking_number.trim() : '';
  if (!isRecord(msg) || !trackingNumber) return { kind: 'ignored', reason: 'tracking_update without a tracking number' };
  const tracking = fromAfterShipTracking(msg, trackingNumber);
  const latest = tracking.checkpoints.at(-1);
  if (!latest || !Number.isFinite(Date.parse(latest.checkpoint_time))) return { kind: 'ignored', reason: 'tracking without a dated checkpoint' };
  const eventId = typeof payload.event_id === 'string' && payload.event_id !== '' ? payload.event_id : undefined;
  return {
    kind: 'update',
    update: {
      trackingNumber,
      status: shipmentStatusOf(tracking.tag),
      lastEvent: { status: shipmentStatusOf(latest.tag), time: latest.checkpoint_time, message: latest.message, city: latest.city, state: latest.state },
      ...(eventId ? { eventId } : {}),
      source: 'aftership',
    },
  };
}
