/**
 * Recovery of purchases cut short (functions/labels/recovery.ts) against DynamoDB Local. The state a
 * crash leaves is made the way the crash makes it: the order placed and paid (processing, under a
 * lease) and then nothing, or the carrier's purchase made and then nothing. The proof is the stored
 * order, the wallet's entries and balance (every order paid once and refunded at most once), the
 * work index, and what a retry of the original request answers.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../domain/api/orders';
import { resetConfigForTests } from '../../functions/config';
import { expiredPurchases, getOrder, newOrder } from '../../functions/data/orders';
import { runScheduledWork } from '../../functions/jobs/scheduled-work';
import { labelRequestOf } from '../../functions/labels/buy-label';
import { settleCardOrderEvent, startCardOrder } from '../../functions/labels/card-orders';
import { placeCreditOrder, REFUNDED_BEFORE } from '../../functions/labels/credit-orders';
import { INTERRUPTED, recoverExpiredPurchases } from '../../functions/labels/recovery';
import { logger } from '../../functions/observability/logger';
import { ProviderUnavailable } from '../../functions/errors';
import { getLabelStore } from '../../functions/providers/registry/blobs';
import { listUserEntries } from '../../functions/wallet/ledger';
import { startFront, type Front } from '../../infra/local/server';
import { sampleLabelOrder } from '../fixtures/label-order';
import { expectUserConsistent, newUser, type TestUser } from './reliability/helpers';
import { creditWallet } from './wallet-credit';
import { carrierWatch, watchCarrierAnew } from './watch-carrier';

const { getCarrier: realCarrier } = await vi.importActual<typeof import('../../functions/providers/registry/carrier')>(
  '../../functions/providers/registry/carrier',
);

/** The configured (sandbox) carrier, watched (./watch-carrier.ts): a test may make its lookup fail. */
vi.mock('../../functions/providers/registry/carrier', async (importOriginal) =>
  (await import('./watch-carrier')).watchedCarrierRegistry(await importOriginal()),
);

const SHIP_DATE = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const form = () => sampleLabelOrder({ shipDate: SHIP_DATE }) as never;
/** A moment after every lease taken in these tests has run out. */
const later = () => new Date(Date.now() + 10 * 60_000);

let front: Front;
beforeAll(async () => {
  front = await startFront({ port: 0, spa: 'none' });
});
afterAll(() => front.close());

let ann: TestUser;
beforeEach(async () => {
  watchCarrierAnew();
  ann = await newUser('recovery', 1000);
});
afterEach(async () => {
  vi.unstubAllEnvs();
  resetConfigForTests();
  await expectUserConsistent(ann.id, { settled: true });
});

/** What a credit purchase leaves when its process dies right after the debit: processing, paid, nothing else. */
async function placedThenCrashed(key = randomUUID()): Promise<Order> {
  const placed = await placeCreditOrder(ann, newOrder(ann.id, form(), 600, 'processing'), key);
  if (placed.kind !== 'placed') throw new Error(placed.kind);
  return placed.order;
}

const balance = async () =>
  (await listUserEntries(ann.id, { limit: 100 })).items.filter((e) => e.status === 'completed').reduce((s, e) => s + e.amountCents, 0);

describe('recovery of purchases cut short', () => {
  it('refunds a paid order whose purchase died before the carrier sold anything, once, and empties the work index', async () => {
    const order = await placedThenCrashed();
    expect(await balance()).toBe(400);

    // Before its lease runs out the purchase may still be alive: nothing is touched.
    expect(await recoverExpiredPurchases(logger)).toEqual({ created: 0, refunded: 0, skipped: 0 });
    expect((await getOrder(ann.id, order.id))?.status).toBe('processing');

    const now = later();
    expect(await recoverExpiredPurchases(logger, now)).toEqual({ created: 0, refunded: 1, skipped: 0 });
    expect(await getOrder(ann.id, order.id)).toMatchObject({ status: 'failed', failureReason: INTERRUPTED, tracking: null });
    expect(await balance()).toBe(1000);
    expect(carrierWatch.buyLabel).not.toHaveBeenCalled();
    // Nothing is left to do: the next run reads an empty index.
    expect(await expiredPurchases(now, 10)).toEqual([]);
    expect(await recoverExpiredPurchases(logger, now)).toEqual({ created: 0, refunded: 0, skipped: 0 });
    expect(await balance()).toBe(1000);
  });

  it('records the label when the carrier had sold it before the process died: the same tracking number and PDF, no refund', async () => {
    const order = await placedThenCrashed();
    const sold = await realCarrier().buyLabel(labelRequestOf(order));

    expect(await recoverExpiredPurchases(logger, later())).toEqual({ created: 1, refunded: 0, skipped: 0 });
    const stored = await getOrder(ann.id, order.id);
    expect(stored).toMatchObject({ status: 'created', tracking: sold.tracking, carrierRef: sold.carrierRef, labelKey: `labels/${ann.id}/${order.id}.pdf` });
    expect(Buffer.from((await getLabelStore().get(stored!.labelKey!))!)).toEqual(Buffer.from(sold.pdf));
    expect(await balance()).toBe(400);
  });

  it('leaves the order for a later run when the carrier cannot say whether it sold the label', async () => {
    const order = await placedThenCrashed();
    carrierWatch.findPurchase.mockRejectedValueOnce(new ProviderUnavailable('USPS label service', 'GET /v2/shipments answered HTTP 503'));
    const now = later();
    expect(await recoverExpiredPurchases(logger, now)).toEqual({ created: 0, refunded: 0, skipped: 1 });
    expect((await getOrder(ann.id, order.id))?.status).toBe('processing');
    expect(await balance()).toBe(400);
    // The run took a new lease: not due again until it runs out, then recovered.
    expect(await expiredPurchases(now, 10)).toEqual([]);
    expect(await recoverExpiredPurchases(logger, new Date(now.getTime() + 10 * 60_000))).toEqual({ created: 0, refunded: 1, skipped: 0 });
    expect(await balance()).toBe(1000);
  });

  it('refunds each order once when overlapping runs recover the same orders', async () => {
    await creditWallet(ann, 800);
    await placedThenCrashed();
    await placedThenCrashed();
    await placedThenCrashed();
    expect(await balance()).toBe(0);
    const now = later();
    const runs = await Promise.all([recoverExpiredPurchases(logger, now), recoverExpiredPurchases(logger, now), recoverExpiredPurchases(logger, now)]);
    expect(runs.reduce((n, r) => n + r.refunded, 0)).toBe(3);
    expect(await balance()).toBe(1800);
  });

  it('is one of the scheduled jobs, and an idle run reports nothing done', async () => {
    await placedThenCrashed();
    // toMatchObject: the other jobs (label refunds) report beside it.
    expect(await runScheduledWork(logger, later())).toMatchObject({ recoverPurchases: { created: 0, refunded: 1, skipped: 0 } });
    expect(await runScheduledWork(logger, later())).toMatchObject({ recoverPurchases: { created: 0, refunded: 0, skipped: 0 } });
  });
});

describe('a retry of a purchase cut short', () => {
  const buy = (key: string) =>
    fetch(`${front.url}/shipping/create-label`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ann.token}`, 'idempotency-key': key },
      body: JSON.stringify(sampleLabelOrder({ shipDate: SHIP_DATE })),
    });

  // (While the lease runs a retry answers 409 with Retry-After: create-label.test.ts.)
  it('answers the refund at once once the lease has run out (no 5xx, no waiting for the schedule)', async () => {
    vi.stubEnv('PURCHASE_LEASE_SECONDS', '1');
    resetConfigForTests();
    const key = randomUUID();
    const order = await placedThenCrashed(key);
    await new Promise((r) => setTimeout(r, 1100));
    const res = await buy(key);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: REFUNDED_BEFORE });
    expect((await getOrder(ann.id, order.id))?.status).toBe('failed');
    expect(await balance()).toBe(1000);
  });

  it('answers 409 with Retry-After, well inside the Lambda timeout, when the carrier is slow to say; the recovery it began still ends the order', async () => {
    vi.stubEnv('PURCHASE_LEASE_SECONDS', '1');
    resetConfigForTests();
    const key = randomUUID();
    const order = await placedThenCrashed(key);
    let answer!: (found: { state: 'none' }) => void;
    carrierWatch.findPurchase.mockImplementationOnce(() => new Promise((r) => (answer = r)));
    await new Promise((r) => setTimeout(r, 1100));

    const started = Date.now();
    const res = await buy(key);
    expect(res.status).toBe(409);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(Date.now() - started).toBeLessThan(8_000);
    expect((await getOrder(ann.id, order.id))?.status).toBe('processing');

    // The carrier answers at last: no label was sold, so the order is refunded, once.
    answer({ state: 'none' });
    await vi.waitFor(async () => expect((await getOrder(ann.id, order.id))?.status).toBe('failed'));
    expect(await balance()).toBe(1000);
  });

  it('answers the label the carrier had sold, as the first request would have', async () => {
    vi.stubEnv('PURCHASE_LEASE_SECONDS', '1');
    resetConfigForTests();
    const key = randomUUID();
    const order = await placedThenCrashed(key);
    const sold = await realCarrier().buyLabel(labelRequestOf(order));
    await new Promise((r) => setTimeout(r, 1100));
    const res = await buy(key);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ label: { shipOrderId: order.id, status: 'created', tracking: sold.tracking }, balanceCents: 400 });
  });
});

describe('a card-paid label whose purchase died after the payment settled', () => {
  it("is recovered by Stripe's retry of the same event: refunded to the wallet when no label was sold", async () => {
    vi.stubEnv('PURCHASE_LEASE_SECONDS', '1');
    resetConfigForTests();
    await startCardOrder(ann.id, sampleLabelOrder({ paymentMethod: 'purchase', shipDate: SHIP_DATE }) as never);
    const entry = (await listUserEntries(ann.id, { limit: 100 })).items.find((e) => e.status === 'pending')!;
    const event = { userId: ann.id, entryId: entry.id, outcome: 'completed', eventKey: `stripe#evt_${randomUUID()}`, paidCents: 600, log: logger } as const;
    // The process dies inside the carrier call: the payment is settled and the order processing.
    let die!: (err: Error) => void;
    carrierWatch.buyLabel.mockImplementationOnce(() => new Promise((_, reject) => (die = reject)));
    const first = settleCardOrderEvent(event);
    await vi.waitFor(async () => expect((await getOrder(ann.id, entry.orderId!))?.status).toBe('processing'));

    // The lease runs out (it covers both carrier calls at their longest): the clock moves past it.
    const { leaseUntil } = (await getOrder(ann.id, entry.orderId!))!;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(leaseUntil!) + 1000);
    expect(await settleCardOrderEvent(event)).toBe('refunded');
    expect(await getOrder(ann.id, entry.orderId!)).toMatchObject({ status: 'failed', failureReason: INTERRUPTED });
    // Card paid 600, label 600 spent, 600 refunded: the wallet gains the price to use next time.
    expect(await balance()).toBe(1600);

    // The first attempt's late failure changes nothing more.
    die(new Error('socket hang up'));
    await first.catch(() => undefined);
    expect(await balance()).toBe(1600);
    vi.useRealTimers();
  });
});
