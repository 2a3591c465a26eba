import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHIP_DATE_MAX_DAYS_AHEAD } from '../../../domain/constants';
import { labelOrderSchema } from '../../../domain/schemas/labels';
import { addDays, autoRefundAt, isInShipDateWindow, refundDecisionExpected, refundWindowEnd, shipDateWindow, todayInEastern } from '../../../domain/ship-date';
import { fieldErrors } from '../../../domain/validation';

const at = (iso: string) => new Date(iso);

describe('todayInEastern', () => {
  it('is still yesterday in New York when UTC has passed midnight (EST, UTC-5)', () => {
    expect(todayInEastern(at('2026-01-16T04:59:59Z'))).toBe('2026-01-15');
    expect(todayInEastern(at('2026-01-16T05:00:00Z'))).toBe('2026-01-16');
  });
  it('follows daylight saving time (EDT, UTC-4)', () => {
    expect(todayInEastern(at('2026-07-04T03:59:59Z'))).toBe('2026-07-03');
    expect(todayInEastern(at('2026-07-04T04:00:00Z'))).toBe('2026-07-04');
  });
  it('handles the day clocks spring forward (2026-03-08) and a year end', () => {
    expect(todayInEastern(at('2026-03-08T04:59:59Z'))).toBe('2026-03-07');
    expect(todayInEastern(at('2026-03-09T03:59:59Z'))).toBe('2026-03-08');
    expect(todayInEastern(at('2027-01-01T04:30:00Z'))).toBe('2026-12-31');
  });
});

describe('shipDateWindow', () => {
  it(`runs from today to ${SHIP_DATE_MAX_DAYS_AHEAD} days ahead, across a month and a year end`, () => {
    expect(shipDateWindow(at('2026-12-28T15:00:00Z'))).toEqual({ min: '2026-12-28', max: '2027-01-04' });
    expect(shipDateWindow(at('2028-02-25T15:00:00Z'))).toEqual({ min: '2028-02-25', max: '2028-03-03' });
  });
  it('moves at Eastern midnight, not UTC midnight', () => {
    expect(shipDateWindow(at('2026-01-16T04:59:59Z'))).toEqual({ min: '2026-01-15', max: '2026-01-22' });
    expect(shipDateWindow(at('2026-01-16T05:00:00Z'))).toEqual({ min: '2026-01-16', max: '2026-01-23' });
  });
  it('includes both ends only', () => {
    const now = at('2026-01-16T02:00:00Z'); // 2026-01-15, 21:00 in New York
    expect(isInShipDateWindow('2026-01-14', now)).toBe(false);
    expect(isInShipDateWindow('2026-01-15', now)).toBe(true);
    expect(isInShipDateWindow('2026-01-22', now)).toBe(true);
    expect(isInShipDateWindow('2026-01-23', now)).toBe(false);
    expect(isInShipDateWindow('2026-01-16', now)).toBe(true); // UTC's "today" is also in it
  });
  it('addDays keeps calendar days', () => {
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2026-11-01', 7)).toBe('2026-11-08');
  });
});

describe('labelOrderSchema shipDate', () => {
  const address = { name: 'Ann Lee', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };
  const order = { labelType: 'usps_priority', weight: 2, height: 4, length: 10, width: 6, from: address, to: address, paymentMethod: 'credits' };
  const errorsOf = (value: unknown) => {
    const r = labelOrderSchema.safeParse(value);
    return r.success ? {} : fieldErrors(r.error).fields;
  };
  afterEach(() => vi.useRealTimers());
  // 2026-01-16 at 03:00 UTC is 22:00 on 2026-01-15 in New York: the window is 01-15..01-22.
  const pinClock = () => vi.useFakeTimers({ now: at('2026-01-16T03:00:00Z'), toFake: ['Date'] });

  it('is optional (the server fills in today)', () => {
    pinClock();
    expect(errorsOf(order)).toEqual({});
    expect(labelOrderSchema.parse(order)).not.toHaveProperty('shipDate');
  });
  it('accepts the Eastern today and the last day of the window', () => {
    pinClock();
    expect(labelOrderSchema.parse({ ...order, shipDate: '2026-01-15' }).shipDate).toBe('2026-01-15');
    expect(errorsOf({ ...order, shipDate: '2026-01-22' })).toEqual({});
  });
  it('refuses a day before today or past the window with the spec message', () => {
    pinClock();
    expect(errorsOf({ ...order, shipDate: '2026-01-14' })).toEqual({ shipDate: 'Ship date must be within the next 7 days' });
    expect(errorsOf({ ...order, shipDate: '2026-01-23' })).toEqual({ shipDate: 'Ship date must be within the next 7 days' });
  });
  it.each(['2026-1-5', '01/20/2026', '2026-02-30', '', 20260120])('gives a format message for %j', (shipDate) => {
    pinClock();
    expect(errorsOf({ ...order, shipDate })).toEqual({ shipDate: 'Use a date like 2026-01-31' });
  });
  it('refuses the old field name `date` instead of ignoring it', () => {
    expect(errorsOf({ ...order, date: '2026-01-20' })).toEqual({ date: 'date was renamed shipDate' });
  });
});

describe('labelOrderSchema to.email and payShortfall', () => {
  const address = { name: 'Ann Lee', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' };
  const order = { labelType: 'usps_priority', weight: 2, height: 4, length: 10, width: 6, from: address, to: address, paymentMethod: 'credits' };
  it('keeps a trimmed recipient email (to.email) and refuses a bad one', () => {
    expect(labelOrderSchema.parse({ ...order, to: { ...address, email: ' bo@example.com ' } }).to.email).toBe('bo@example.com');
    const r = labelOrderSchema.safeParse({ ...order, to: { ...address, email: 'not-an-email' } });
    expect(r.success ? {} : fieldErrors(r.error).fields).toEqual({ 'to.email': 'Invalid email format' });
  });
  it('refuses the former top-level toEmail with a message naming its new place', () => {
    const r = labelOrderSchema.safeParse({ ...order, toEmail: 'bo@example.com' });
    expect(r.success ? {} : fieldErrors(r.error).fields).toEqual({ toEmail: 'toEmail moved to to.email' });
  });
  it('takes payShortfall as a boolean only', () => {
    expect(labelOrderSchema.parse({ ...order, payShortfall: true }).payShortfall).toBe(true);
    const r = labelOrderSchema.safeParse({ ...order, payShortfall: 'yes' });
    expect(r.success ? {} : fieldErrors(r.error).fields).toEqual({ payShortfall: 'payShortfall must be true or false' });
  });
});

describe('the refund window (USPS counts from the purchase)', () => {
  const bought = '2026-03-01T15:30:00.000Z';

  it('closes 30 days after the purchase, whatever the ship date', () => {
    expect(refundWindowEnd(bought)).toBe('2026-03-31T15:30:00.000Z');
  });

  it('refunds an unused label automatically 28 days after the purchase, inside the window', () => {
    expect(autoRefundAt(bought)).toBe('2026-03-29T15:30:00.000Z');
    expect(autoRefundAt(bought) < refundWindowEnd(bought)).toBe(true);
  });

  it('expects USPS to decide a refund 15 days after it was asked', () => {
    expect(refundDecisionExpected('2026-03-20T23:59:00.000Z')).toBe('2026-04-04');
  });
});
