/**
 * Carrier webhooks: EasyPost's and AfterShip's signatures as their own code computes them,
 * and the events read from the providers' own bodies: EasyPost's shared webhook fixture (the body its
 * client libraries validate, test/fixtures/easypost/README.md) and AfterShip's recorded Tracking
 * (test/fixtures/aftership/trackings-found.json) inside the documented webhook envelope.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SHIPMENT_STATUSES } from '../../../domain/api/tracking';
import { afterShipSignature, readAfterShipEvent, verifyAfterShipSignature } from '../../../functions/tracking/aftership-events';
import { easyPostSignature, easyPostStatus, readEasyPostEvent, verifyEasyPostSignature } from '../../../functions/tracking/easypost-events';

const fixture = (path: string) => readFileSync(new URL(`../../fixtures/${path}`, import.meta.url), 'utf8');
const eventBody = fixture('easypost/event-body.json');
/** easypost-node's test secret: an accented letter, so NFKD matters. */
const SECRET = 'sécret';

describe('EasyPost webhook signature', () => {
  // What easypost-node's Utils.validateWebhook computes, written out independently here.
  const libraryDigest = (body: string, secret: string) =>
    `hmac-sha256-hex=${createHmac('sha256', Buffer.from(secret.normalize('NFKD'), 'utf8'))
      .update(body, 'utf8')
      .digest('hex')}`;

  it('accepts the recorded event signed as EasyPost signs it', () => {
    const header = libraryDigest(eventBody, SECRET);
    expect(easyPostSignature(eventBody, SECRET)).toBe(header);
    expect(verifyEasyPostSignature(eventBody, header, SECRET)).toBe(true);
  });

  it('normalises the secret to NFKD: the composed and decomposed spellings of the same secret verify alike', () => {
    const composed = 'sécret'.normalize('NFC');
    const decomposed = 'sécret'.normalize('NFD');
    expect(composed).not.toBe(decomposed);
    expect(verifyEasyPostSignature(eventBody, libraryDigest(eventBody, composed), decomposed)).toBe(true);
  });

  it('hashes an integer weight as EasyPost wrote it (136 -> 136.0), as the library does, and leaves a body as sent unchanged', () => {
    const asSent = eventBody.replace('"weight":614.4', '"weight":136.0');
    const reserialised = asSent.replace('"weight":136.0', '"weight":136');
    expect(verifyEasyPostSignature(reserialised, libraryDigest(asSent, SECRET), SECRET)).toBe(true);
    expect(verifyEasyPostSignature(asSent, libraryDigest(asSent, SECRET), SECRET)).toBe(true);
  });

  it.each([
    ['a forged signature', (_body: string) => `hmac-sha256-hex=${'0'.repeat(64)}`, eventBody],
    ['a tampered body', (body: string) => libraryDigest(body, SECRET), eventBody.replace('"status":"in_transit"', '"status":"delivered"')],
    ['the wrong secret', (body: string) => libraryDigest(body, 'another secret'), eventBody],
    ['a signature without its prefix', (body: string) => libraryDigest(body, SECRET).replace('hmac-sha256-hex=', ''), eventBody],
    ['no header', () => undefined, eventBody],
  ])('refuses %s', (_what, sign, received) => {
    expect(verifyEasyPostSignature(received, sign(eventBody), SECRET)).toBe(false);
  });

  it('refuses everything when no secret is set', () => {
    expect(verifyEasyPostSignature(eventBody, libraryDigest(eventBody, ''), '')).toBe(false);
  });
});

describe('EasyPost tracker events', () => {
  it("reads the recorded tracker.updated: the tracker's status and its latest tracking detail", () => {
    expect(readEasyPostEvent(JSON.parse(eventBody))).toEqual({
      kind: 'update',
      update: {
        trackingNumber: '1',
        status: 'in_transit',
        lastEvent: { status: 'in_transit', time: '2024-08-02T18:50:00Z', message: 'Arrived at FedEx location', city: 'EDISON', state: 'NJ' },
        eventId: 'evt_1',
        source: 'easypost',
      },
    });
  });

  it('takes the latest detail by its time, whatever the order they come in', () => {
    const event = JSON.parse(eventBody) as { result: { tracking_details: unknown[] } };
    event.result.tracking_details.reverse();
    const reading = readEasyPostEvent(event);
    expect(reading.kind === 'update' && reading.update.lastEvent.time).toBe('2024-08-02T18:50:00Z');
  });

  it.each([
    ['another kind of event', { description: 'batch.created', result: {} }],
    ['a tracker without a number', { description: 'tracker.updated', result: { status: 'in_transit', tracking_details: [] } }],
    ['a tracker without dated details', { description: 'tracker.created', result: { tracking_code: '1', status: 'pre_transit', tracking_details: [] } }],
    [
      'a tracker whose status is unknown',
      {
        description: 'tracker.updated',
        result: { tracking_code: '1', status: 'unknown', tracking_details: [{ status: 'unknown', datetime: '2024-08-02T18:50:00Z' }] },
      },
    ],
    ['not an object', 'tracker.updated'],
  ])('ignores %s', (_what, event) => {
    expect(readEasyPostEvent(event).kind).toBe('ignored');
  });

  it("maps EasyPost's seven tracker statuses to themselves and nothing else", () => {
    for (const status of SHIPMENT_STATUSES) expect(easyPostStatus(status)).toBe(status);
    for (const other of ['unknown', 'cancelled', 'error', 'In Transit', undefined]) expect(easyPostStatus(other)).toBeUndefined();
  });
});

describe('AfterShip webhooks', () => {
  const tracking = (JSON.parse(fixture('aftership/trackings-found.json')) as { data: { trackings: Record<string, unknown>[] } }).data.trackings[0]!;
  // The envelope of AfterShip's Webhook specifications (ts, event, event_id, is_tracking_first_tag, msg).
  const body = (over: Record<string, unknown> = {}) =>
    JSON.stringify({
      ts: 1788888655,
      event: 'tracking_update',
      event_id: 'f2f9b3d8-6a55-4f4e-9d3f-0c6b8a1e2d3c',
      is_tracking_first_tag: false,
      msg: tracking,
      ...over,
    });

  it('verifies the base64 HMAC-SHA256 of the raw body, and refuses a forged, tampered, unsigned or wrongly keyed one', () => {
    const raw = body();
    const header = createHmac('sha256', 'whsec').update(raw, 'utf8').digest('base64');
    expect(afterShipSignature(raw, 'whsec')).toBe(header);
    expect(verifyAfterShipSignature(raw, header, 'whsec')).toBe(true);
    expect(verifyAfterShipSignature(raw.replace('usps', 'fedex'), header, 'whsec')).toBe(false);
    expect(verifyAfterShipSignature(raw, header, 'other')).toBe(false);
    expect(verifyAfterShipSignature(raw, undefined, 'whsec')).toBe(false);
    expect(verifyAfterShipSignature(raw, 'AAAA', 'whsec')).toBe(false);
  });

  it("reads a tracking_update: the tag's status and the latest checkpoint as the last event", () => {
    const checkpoints = tracking.checkpoints as { checkpoint_time: string; message: string; city: string | null; state: string | null }[];
    const latest = checkpoints.at(-1)!;
    const reading = readAfterShipEvent(JSON.parse(body()));
    expect(reading).toEqual({
      kind: 'update',
      update: {
        trackingNumber: tracking.tracking_number,
        status: 'in_transit',
        lastEvent: { status: 'in_transit', time: latest.checkpoint_time, message: latest.message, city: latest.city, state: latest.state },
        eventId: 'f2f9b3d8-6a55-4f4e-9d3f-0c6b8a1e2d3c',
        source: 'aftership',
      },
    });
  });

  it('reads Exception as failure and Delivered as delivered', () => {
    const of = (tag: string) => {
      const reading = readAfterShipEvent(JSON.parse(body({ msg: { ...tracking, tag } })));
      return reading.kind === 'update' ? reading.update.status : undefined;
    };
    expect(of('Exception')).toBe('failure');
    expect(of('Delivered')).toBe('delivered');
    expect(of('AttemptFail')).toBe('in_transit');
  });

  it('ignores other events and a tracking without checkpoints', () => {
    expect(readAfterShipEvent(JSON.parse(body({ event: 'edd_revise' }))).kind).toBe('ignored');
    expect(readAfterShipEvent(JSON.parse(body({ msg: { ...tracking, checkpoints: [] } }))).kind).toBe('ignored');
  });
});
