/**
 * EasyPost tracker webhooks: the signature and the Event.
 *
 * Signature, as EasyPost's own client libraries check it (easypost-node `Utils.validateWebhook`,
 * src/utils/util.ts): header `X-Hmac-Signature: hmac-sha256-hex=<hex>`, the hex HMAC-SHA256 of the
 * body (UTF-8) keyed with the webhook secret normalised to NFKD and encoded as UTF-8, compared in
 * constant time with the whole header value. Like the library, a `"weight": <integer>` in the body is
 * read as `<integer>.0` before hashing (EasyPost signs the float as its Python server wrote it; a body
 * received as sent already has the `.0`, so this changes nothing then: github.com/EasyPost/easypost-node/issues/467).
 *
 * Event: `{ id: "evt_...", object: "Event", description: "tracker.updated" | "tracker.created" | ...,
 * result: Tracker }`, a Tracker being `{ tracking_code, status, tracking_details: [{ message, status,
 * datetime, tracking_location: { city, state, ... } }] }` (oldest first).
 *
 * Postage adjustments come as `shipment.invoice.created` / `shipment.invoice.updated`, result a
 * ShipmentInvoice: `{ id: "shpinv_...", object: "ShipmentInvoice", tracking_code, adjustment_reason:
 * "Weight", adjustment_amount: "1.60000" (its whole adjustment, decimal dollars), captured_details: {
 * parcel: { weight (oz), length, width, height } } }` (what USPS measured; claimed_details is what the
 * label declared). Tracker and invoice events are read; others are acknowledged and ignored.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { LastEvent } from '../../domain/api/tracking';
import { SHIPMENT_STATUSES, type ShipmentStatus } from '../../domain/shipment-statuses';
import { decimalDollarsToCents } from '../../domain/money';
import type { ParcelFacts } from '../../domain/api/adjustments';
import type { InvoiceEvent } from '../postage/adjustments';
import type { TrackingUpdate } from './apply-update';

export const EASYPOST_SIGNATURE_HEADER = 'x-hmac-signature';
const TRACKER_EVENTS = new Set(['tracker.updated', 'tracker.created']);
const INVOICE_EVENTS = new Set(['shipment.invoice.created', 'shipment.invoice.updated']);

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** The body as EasyPost's library hashes it (see the header). */
const correctedBody = (rawBody: string): string => rawBody.replace(/("weight":\s*)(\d+)(\s*)(?=,|\})/g, '$1$2.0');

/** The X-Hmac-Signature value for `rawBody` under `secret` (the sandbox emitter and tests sign with it). */
export function easyPostSignature(rawBody: string, secret: string): string {
  const key = Buffer.from(secret.normalize('NFKD'), 'utf8');
  return `hmac-sha256-hex=${createHmac('sha256', key).update(correctedBody(rawBody), 'utf8').digest('hex')}`;
}

/** True when `header` is EasyPost's signature of `rawBody` under `secret`; false when missing, malformed or wrong. */
export function verifyEasyPostSignature(rawBody: string, header: string | undefined, secret: string): boolean {
  if (!header || !secret) return false;
  const expected = Buffer.from(easyPostSignature(rawBody, secret), 'utf8');
  const given = Buffer.from(header.trim(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** EasyPost's tracker status as a shipment status; `unknown`, `cancelled`, `error` and anything else: undefined. */
export function easyPostStatus(status: unknown): ShipmentStatus | undefined {
  return typeof status === 'string' && (SHIPMENT_STATUSES as readonly string[]).includes(status) ? (status as ShipmentStatus) : undefined;
}

/** What a verified EasyPost event asks of us: a tracking update, a postage adjustment, or nothing (another kind, or no usable event). */
export type EasyPostEventReading =
  { kind: 'update'; update: TrackingUpdate } | { kind: 'adjustment'; invoice: InvoiceEvent } | { kind: 'ignored'; reason: string };

/** A ShipmentInvoice's measured parcel (ounces to pounds); null when it carries none. */
function measuredParcel(details: unknown): ParcelFacts | null {
  const parcel = isRecord(details) && isRecord(details.parcel) ? details.parcel : undefined;
  const n = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN);
  if (!parcel) return null;
  const [oz, lengthIn, widthIn, heightIn] = [n(parcel.weight), n(parcel.length), n(parcel.width), n(parcel.height)];
  if (![oz, lengthIn, widthIn, heightIn].every((v) => Number.isFinite(v) && v >= 0)) return null;
  return { weightLb: Math.round((oz / 16) * 100) / 100, lengthIn, widthIn, heightIn };
}

/** Reads a ShipmentInvoice event: the label's whole adjustment so far, its reason and what USPS measured. */
function readInvoice(invoice: unknown): EasyPostEventReading {
  if (!isRecord(invoice)) return { kind: 'ignored', reason: 'invoice event without a ShipmentInvoice' };
  const carrierRef = str(invoice.id)?.trim();
  const trackingNumber = str(invoice.tracking_code)?.trim();
  const totalCents = decimalDollarsToCents(invoice.adjustment_amount);
  if (!carrierRef || !trackingNumber) return { kind: 'ignored', reason: 'invoice without an id or a tracking_code' };
  if (totalCents === undefined) return { kind: 'ignored', reason: `invoice adjustment_amount ${String(invoice.adjustment_amount)}` };
  const reason = str(invoice.adjustment_reason)?.trim().slice(0, 100) ?? 'Postage adjustment';
  return { kind: 'adjustment', invoice: { carrierRef, trackingNumber, totalCents, reason, measured: measuredParcel(invoice.captured_details) } };
}

/**
 * Reads a verified EasyPost Event. The last event is the latest tracking detail (by its instant);
 * the status is the tracker's, or that detail's when the tracker's is not one of ours.
 */
export function readEasyPostEvent(event: unknown): EasyPostEventReading {
  if (!isRecord(event)) return { kind: 'ignored', reason: 'not an object' };
  const description = str(event.description);
  if (description && INVOICE_EVENTS.has(description)) return readInvoice(event.result);
  if (!description || !TRACKER_EVENTS.has(description)) return { kind: 'ignored', reason: `event ${description ?? 'without a description'}` };
  const tracker = event.result;
  if (!isRecord(tracker)) return { kind: 'ignored', reason: 'tracker event without a Tracker' };
  const trackingNumber = str(tracker.tracking_code)?.trim();
  if (!trackingNumber) return { kind: 'ignored', reason: 'tracker without a tracking_code' };

  const details = (Array.isArray(tracker.tracking_details) ? tracker.tracking_details : [])
    .filter(isRecord)
    .filter((d) => Number.isFinite(Date.parse(String(d.datetime))));
  const latest = details.reduce<Json | undefined>(
    (best, d) => (!best || Date.parse(String(d.datetime)) >= Date.parse(String(best.datetime)) ? d : best),
    undefined,
  );
  if (!latest) return { kind: 'ignored', reason: 'tracker without a dated tracking detail' };
  const status = easyPostStatus(tracker.status) ?? easyPostStatus(latest.status);
  if (!status) return { kind: 'ignored', reason: `tracker status ${String(tracker.status)}` };
  const place = isRecord(latest.tracking_location) ? latest.tracking_location : {};
  const lastEvent: LastEvent = {
    status: easyPostStatus(latest.status) ?? status,
    time: String(latest.datetime),
    message: str(latest.message) ?? str(latest.description) ?? '',
    city: str(place.city),
    state: str(place.state),
  };
  const eventId = str(event.id);
  return { kind: 'update', update: { trackingNumber, status, lastEvent, ...(eventId ? { eventId } : {}), source: 'easypost' } };
}
