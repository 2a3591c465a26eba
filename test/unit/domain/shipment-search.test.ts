import { decodeTime } from 'ulid';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../domain/api/orders';
import { ordersQuerySchema, transactionsQuerySchema } from '../../../domain/schemas/queries';
import { isOrderStatus, normaliseSearch, orderMatches, orderSearchText, searchTerms } from '../../../domain/shipment-search';
import { idBefore, idPast, placeInRange } from '../../../functions/exports/date-range';

const order = (over: Partial<Order> = {}) =>
  ({
    to: { name: 'Alice  Brown', street: '2 Elm St', city: 'New York', state: 'NY', zip: '10001', country: 'US' },
    tracking: '9400111122223333444455',
    status: 'created',
    ...over,
  }) as Order;

describe('shipment search text', () => {
  it('is the recipient name, city and tracking number, lower case with single spaces, one a line', () => {
    expect(orderSearchText(order())).toBe('alice brown\nnew york\n9400111122223333444455');
    expect(orderSearchText(order({ tracking: null }))).toBe('alice brown\nnew york\n');
    expect(normaliseSearch('  NEW\t  York ')).toBe('new york');
  });

  it('matches any part of one field in any case, never across two', () => {
    expect(orderMatches(order(), { q: 'BROWN' })).toBe(true);
    expect(orderMatches(order(), { q: 'w yo' })).toBe(true);
    // A tracking number as USPS prints it, in groups: its spaces do not count.
    expect(orderMatches(order(), { q: '9400 1111 2222' })).toBe(true);
    expect(orderMatches(order(), { q: '3333 4444' })).toBe(true);
    expect(orderMatches(order(), { q: '33334444' })).toBe(true);
    expect(orderMatches(order(), { q: 'brown new' })).toBe(false);
    expect(orderMatches(order(), { q: 'alicebrown' })).toBe(false);
    expect(searchTerms('  Alice Brown ')).toEqual(['alice brown']);
    expect(searchTerms('9400 1111')).toEqual(['9400 1111', '94001111']);
    expect(searchTerms('   ')).toEqual([]);
    expect(orderMatches(order(), { q: '' })).toBe(true);
  });
});

describe('shipment status filter', () => {
  it("tells the order's own statuses from where the package is", () => {
    expect(isOrderStatus('refunded')).toBe(true);
    expect(isOrderStatus('failed')).toBe(true);
    expect(isOrderStatus('failure')).toBe(false);
    expect(isOrderStatus('delivered')).toBe(false);
  });

  it('matches the status or the tracking status as answered (pre_transit for a label with no event, none without a label)', () => {
    expect(orderMatches(order({ status: 'refunded' }), { status: 'refunded' })).toBe(true);
    expect(orderMatches(order({ trackingStatus: 'delivered' }), { status: 'delivered' })).toBe(true);
    expect(orderMatches(order({ trackingStatus: 'delivered' }), { status: 'pre_transit' })).toBe(false);
    expect(orderMatches(order(), { status: 'pre_transit' })).toBe(true);
    expect(orderMatches(order({ tracking: null, status: 'failed' }), { status: 'pre_transit' })).toBe(false);
    expect(orderMatches(order({ status: 'refunded' }), { q: 'alice', status: 'created' })).toBe(false);
  });
});

describe('day ranges as ulid key bounds', () => {
  it('bound every id made on the days of the range in US Eastern time, with a day to spare', () => {
    // The first and last instants of 2026-03-08 (the day clocks go forward) in New York.
    const first = Date.parse('2026-03-08T05:00:00.000Z');
    const last = Date.parse('2026-03-09T03:59:59.999Z');
    expect(placeInRange(new Date(first).toISOString(), { from: '2026-03-08', to: '2026-03-08' })).toBe('in');
    expect(placeInRange(new Date(last).toISOString(), { from: '2026-03-08', to: '2026-03-08' })).toBe('in');
    expect(decodeTime(idBefore('2026-03-08'))).toBeLessThan(first);
    expect(decodeTime(idPast('2026-03-08').slice(0, 10) + '0'.repeat(16))).toBeGreaterThan(last);
  });
});

describe('list queries', () => {
  it('take q, status and days for shipments; type, status and days for transactions', () => {
    expect(ordersQuerySchema.parse({ q: '  brown ', status: 'delivered', from: '2026-03-01', to: '2026-03-02' })).toEqual({
      q: 'brown',
      status: 'delivered',
      from: '2026-03-01',
      to: '2026-03-02',
      limit: 50,
    });
    expect(transactionsQuerySchema.parse({ type: 'topup', status: 'failed', limit: '10' })).toEqual({ type: 'topup', status: 'failed', limit: 10 });
  });

  it('refuse an unknown status, a bad day and a range that ends before it starts', () => {
    expect(ordersQuerySchema.safeParse({ status: 'lost' }).success).toBe(false);
    expect(ordersQuerySchema.safeParse({ from: '2026-02-30' }).success).toBe(false);
    expect(transactionsQuerySchema.safeParse({ from: '2026-03-02', to: '2026-03-01' }).success).toBe(false);
    expect(transactionsQuerySchema.safeParse({ status: 'delivered' }).success).toBe(false);
  });
});
