/**
 * GET /shipping/orders with filters against DynamoDB Local: search by recipient
 * name, city or tracking number, filter by order or shipment status and by purchase days (US
 * Eastern), each alone and combined; a sparse filter still fills its pages and, followed to the end,
 * answers every match exactly once; the read budget answers a short page with a cursor instead of
 * reading on; another user's orders never; orders stored before the search text existed are found;
 * bad queries are 400 with nothing changed.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderStatus } from '../../../../domain/api/orders';
import type { ShipmentStatus } from '../../../../domain/api/tracking';
import { EXPORT_RANGE_MESSAGE } from '../../../../domain/schemas/exports';
import { BatchWriteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../../../functions/data/client';
import { MAX_ITEMS_READ } from '../../../../functions/data/filtered-query';
import { newOrder, putOrderStep } from '../../../../functions/data/orders';
import { sampleAddress, sampleLabelOrder } from '../../../fixtures/label-order';
import { invoke, isWellFormed, newAccount, type Account } from '../../security/actors';
import { hostileText } from '../../security/bad-requests';
import { creditWallet } from '../../wallet-credit';
import { withoutWrites } from '../table-changes';

type Page = { orders: { shipOrderId: string; toName: string }[]; nextCursor: string | null; totalOrders: number };
const cursorOf = (key: Record<string, unknown>) => Buffer.from(JSON.stringify(key)).toString('base64url');

let ann: Account;
let bob: Account;
beforeEach(async () => {
  [ann, bob] = await Promise.all([newAccount('user', 'find'), newAccount('user', 'find')]);
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-03-01T15:00:00Z') });
});
afterEach(() => vi.useRealTimers());

interface Spec {
  name?: string;
  city?: string;
  status?: OrderStatus;
  tracking?: string | null;
  trackingStatus?: ShipmentStatus;
  /** When it was bought (ISO); else one minute after the previous order. */
  at?: string;
}

/** An order of `account` made from `spec` as the order flows store it (its id from the clock, so newest sorts first). */
function orderOf(account: Account, spec: Spec): Order {
  if (spec.at) vi.setSystemTime(Date.parse(spec.at));
  else vi.setSystemTime(Date.now() + 60_000);
  const to = { ...sampleAddress(spec.name ?? 'Zed Nobody', '10001', '2 Elm St'), city: spec.city ?? 'New York', state: 'NY' };
  const status = spec.status ?? 'created';
  const order = newOrder(account.id, sampleLabelOrder({ to }) as never, 600, status);
  const tracking = spec.tracking === undefined ? (status === 'failed' ? null : `9400${order.id.slice(-10)}`) : spec.tracking;
  return { ...order, tracking, ...(spec.trackingStatus ? { trackingStatus: spec.trackingStatus } : {}) };
}

/** Stores orders of `account` (in batches of 25: the sparse tests store hundreds). */
async function store(account: Account, specs: Spec[]): Promise<Order[]> {
  const orders = specs.map((s) => orderOf(account, s));
  for (let i = 0; i < orders.length; i += 25) {
    const items = orders.slice(i, i + 25).map((o) => putOrderStep(o).item.Put!.Item!);
    await db.send(new BatchWriteCommand({ RequestItems: { [tableName()]: items.map((Item) => ({ PutRequest: { Item } })) } }));
  }
  return orders;
}

const list = (query: Record<string, string>, account: Account = ann) => withoutWrites(() => invoke('GET /shipping/orders', { token: account.token, query }));

/** The ids found, newest first, following every cursor (and counting the pages). */
async function allMatches(query: Record<string, string>, account: Account = ann): Promise<{ ids: string[]; pages: Page[] }> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const res = await list(cursor ? { ...query, cursor } : query, account);
    expect(res.statusCode, res.body).toBe(200);
    pages.push(res.json as Page);
    cursor = (res.json as Page).nextCursor;
  } while (cursor && pages.length < 100);
  return { ids: pages.flatMap((p) => p.orders.map((o) => o.shipOrderId)), pages };
}
const newestFirst = (orders: Order[]) => orders.map((o) => o.id).reverse();

describe('GET /shipping/orders: search', () => {
  it('finds by recipient name, city or tracking number, any case, any part', async () => {
    const [brown, denver, third] = await store(ann, [
      { name: 'Alice Brown', city: 'Austin' },
      { name: 'Carl Diaz', city: 'Denver' },
      { name: 'Eve Fox', city: 'Boston', tracking: '9400111122223333444455' },
      { name: 'Gus Hill', city: 'Chicago' },
    ]);

    expect((await allMatches({ q: 'bRoWn' })).ids).toEqual([brown!.id]);
    expect((await allMatches({ q: 'denv' })).ids).toEqual([denver!.id]);
    expect((await allMatches({ q: '2223333' })).ids).toEqual([third!.id]);
    // As USPS prints it, in groups of four.
    expect((await allMatches({ q: '9400 1111 2222 3333' })).ids).toEqual([third!.id]);
    // Runs of spaces and surrounding spaces do not matter.
    expect((await allMatches({ q: '  alice   brown ' })).ids).toEqual([brown!.id]);
    // No match spans two fields (name and city).
    expect((await allMatches({ q: 'brown austin' })).ids).toEqual([]);
  });

  it('finds a label by the tracking number it got after the order was stored', async () => {
    vi.useRealTimers();
    await creditWallet(ann, 600);
    const bought = await invoke('POST /shipping/create-label', {
      token: ann.token,
      headers: { 'idempotency-key': `find-${Date.now()}` },
      body: sampleLabelOrder({ to: { ...sampleAddress('Quinn Rowe', '10001', '2 Elm St'), city: 'New York', state: 'NY' } }),
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const label = (bought.json as { label: { shipOrderId: string; tracking: string } }).label;

    expect((await allMatches({ q: label.tracking.slice(-8) })).ids).toEqual([label.shipOrderId]);
    expect((await allMatches({ q: 'quinn' })).ids).toEqual([label.shipOrderId]);
  });

  it('finds orders stored before the search text existed, by their own fields', async () => {
    const old = orderOf(ann, { name: 'Olga Legacy', city: 'Reno' });
    const { searchText: _gone, ...item } = putOrderStep(old).item.Put!.Item! as Record<string, unknown>;
    await db.send(new PutCommand({ TableName: tableName(), Item: item }));
    await store(ann, [{ name: 'Nobody Else', city: 'Reno' }]);

    expect((await allMatches({ q: 'LEGACY' })).ids).toEqual([old.id]);
  });

  it('answers any search text (unicode, key and expression syntax) with a page, or 400 naming q when too long; never a 500', async () => {
    const [brown] = await store(ann, [{ name: 'Alice Brown' }]);
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostileText.filter(isWellFormed), fc.string({ unit: 'grapheme', maxLength: 120 })), async (q) => {
        const res = await list({ q });
        expect([200, 400], res.body).toContain(res.statusCode);
        if (res.statusCode === 400) expect(Object.keys((res.json as { fields: object }).fields)).toEqual(['q']);
        else if (!q.trim()) expect((res.json as Page).orders.map((o) => o.shipOrderId)).toEqual([brown!.id]);
      }),
      { numRuns: 40, endOnFailure: true },
    );
  });

  it("never answers another user's orders", async () => {
    const [mine] = await store(ann, [{ name: 'Alice Brown' }]);
    await store(bob, [{ name: 'Alice Brown' }, { name: 'Brownie Points', status: 'refunded' }]);

    expect((await allMatches({ q: 'brown' })).ids).toEqual([mine!.id]);
    expect((await allMatches({ status: 'refunded' })).ids).toEqual([]);
  });
});

describe('GET /shipping/orders: status and days', () => {
  it("filters by the order's own status and by where the package is (pre_transit: a label with no event yet)", async () => {
    const [refunded, failed, delivered, transit, fresh] = await store(ann, [
      { status: 'refunded' },
      { status: 'failed' },
      { trackingStatus: 'delivered' },
      { trackingStatus: 'in_transit' },
      {},
    ]);

    expect((await allMatches({ status: 'refunded' })).ids).toEqual([refunded!.id]);
    expect((await allMatches({ status: 'failed' })).ids).toEqual([failed!.id]);
    expect((await allMatches({ status: 'delivered' })).ids).toEqual([delivered!.id]);
    expect((await allMatches({ status: 'in_transit' })).ids).toEqual([transit!.id]);
    // The refunded label has a tracking number and no event: it reads pre_transit too, as answered.
    expect((await allMatches({ status: 'pre_transit' })).ids).toEqual([fresh!.id, refunded!.id]);
    expect((await allMatches({ status: 'created' })).ids).toEqual([fresh!.id, transit!.id, delivered!.id]);
  });

  it('filters by the US Eastern day of purchase, both ends included', async () => {
    const orders = await store(ann, [
      { at: '2026-02-27T12:00:00Z' },
      // 11:30 pm on Feb 28 in New York is Mar 1 in UTC: it belongs to Feb 28.
      { at: '2026-03-01T04:30:00Z' },
      { at: '2026-03-01T05:30:00Z' },
      { at: '2026-03-02T16:00:00Z' },
      { at: '2026-03-04T16:00:00Z' },
    ]);
    const [feb27, feb28, mar1, mar2, mar4] = orders.map((o) => o.id);

    expect((await allMatches({ from: '2026-02-28', to: '2026-02-28' })).ids).toEqual([feb28]);
    expect((await allMatches({ from: '2026-03-01', to: '2026-03-02' })).ids).toEqual([mar2, mar1]);
    expect((await allMatches({ from: '2026-03-02' })).ids).toEqual([mar4, mar2]);
    expect((await allMatches({ to: '2026-02-28' })).ids).toEqual([feb28, feb27]);
    expect((await allMatches({ from: '2026-03-03', to: '2026-03-03' })).ids).toEqual([]);
  });

  it('combines search, status and days', async () => {
    const [, hit] = await store(ann, [
      { name: 'Alice Brown', status: 'refunded', at: '2026-03-01T15:00:00Z' },
      { name: 'Alice Brown', status: 'refunded', at: '2026-03-03T15:00:00Z' },
      { name: 'Alice Brown', status: 'created', at: '2026-03-03T16:00:00Z' },
      { name: 'Carl Diaz', status: 'refunded', at: '2026-03-03T17:00:00Z' },
    ]);

    expect((await allMatches({ q: 'brown', status: 'refunded', from: '2026-03-02', to: '2026-03-03' })).ids).toEqual([hit!.id]);
  });
});

describe('GET /shipping/orders: paging filtered lists', () => {
  it('fills each page from sparse matches and, followed to the end, answers every match exactly once, newest first', async () => {
    const specs: Spec[] = [];
    for (let m = 0; m < 7; m++) {
      specs.push({ name: `Match Number${m}` });
      for (let n = 0; n < 40; n++) specs.push({ name: `Other Person${n}` });
    }
    const orders = await store(ann, specs);
    const matches = orders.filter((o) => o.to.name.startsWith('Match'));

    const { ids, pages } = await allMatches({ q: 'match', limit: '3' });

    expect(ids).toEqual(newestFirst(matches));
    expect(pages.slice(0, 2).map((p) => p.orders.length)).toEqual([3, 3]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('pages a plain list (no filter) as before: exactly limit rows and a cursor', async () => {
    const orders = await store(
      ann,
      Array.from({ length: 5 }, () => ({})),
    );
    const { ids, pages } = await allMatches({ limit: '2' });

    expect(ids).toEqual(newestFirst(orders));
    expect(pages.map((p) => p.orders.length).slice(0, 3)).toEqual([2, 2, 1]);
  });

  it('stops at its read budget with a short page and a cursor, and the next page goes on where it stopped', async () => {
    const [first] = await store(ann, [{ name: 'Needle Old' }]);
    await store(
      ann,
      Array.from({ length: MAX_ITEMS_READ + 50 }, (_, n) => ({ name: `Hay ${n}` })),
    );
    const [last] = await store(ann, [{ name: 'Needle New' }]);

    const page1 = (await list({ q: 'needle', limit: '5' })).json as Page;
    expect(page1.orders.map((o) => o.shipOrderId)).toEqual([last!.id]);
    expect(page1.nextCursor).not.toBeNull();

    const { ids } = await allMatches({ q: 'needle', limit: '5', cursor: page1.nextCursor! });
    expect(ids).toEqual([first!.id]);
  });
});

describe('GET /shipping/orders: bad queries', () => {
  it.each([
    [{ status: 'lost' }, 'status'],
    [{ from: '2026-13-01' }, 'from'],
    [{ to: 'yesterday' }, 'to'],
    [{ q: 'x'.repeat(101) }, 'q'],
    [{ limit: '500' }, 'limit'],
  ])('answers 400 naming the field for %o', async (query, field) => {
    const res = await list(query);

    expect(res.statusCode).toBe(400);
    expect(Object.keys((res.json as { fields: Record<string, string> }).fields)).toEqual([field]);
  });

  it('answers 400 for a range that ends before it starts', async () => {
    const res = await list({ from: '2026-03-02', to: '2026-03-01' });

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: EXPORT_RANGE_MESSAGE, fields: { to: EXPORT_RANGE_MESSAGE } });
  });

  it("answers 400 Invalid cursor for a cursor outside the range's keys (not a 500 from DynamoDB)", async () => {
    const res = await list({ from: '2026-03-01', to: '2026-03-02', cursor: cursorOf({ pk: `USER#${ann.id}`, sk: 'ORDER#01AAAAAAAAAAAAAAAAAAAAAAAA' }) });

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Invalid cursor' });
  });
});
