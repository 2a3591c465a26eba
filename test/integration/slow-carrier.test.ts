/**
 * A slow carrier cannot make a purchase spend twice, against DynamoDB Local. Each sandbox carrier
 * call takes longer than the purchase lease once lasted in all (SANDBOX_CARRIER_DELAY_MS=45000 with
 * PURCHASE_LEASE_SECONDS=30, scaled down here in the same ratio): the purchase renews its lease before
 * each call, recovery running beside it leaves it alone, and it ends with its label, one debit and no
 * refund; a retry with its Idempotency-Key answers 409 while it runs and the label after. When
 * recovery does take an order over (a purchase past its lease), the purchase stops before its next
 * carrier call; and a label the carrier sells after all for an order recovery refunded is refunded
 * at the carrier and counted for the stack's alarm. The proof is the stored order, the ledger, the
 * sandbox carrier's own records, and the metric.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { Order } from '../../domain/api/orders';
import { resetConfigForTests } from '../../functions/config';
import { getOrder, newOrder } from '../../functions/data/orders';
import { Conflict, ProviderUnavailable } from '../../functions/errors';
import { labelRequestOf } from '../../functions/labels/buy-label';
import { buyWithCredits, placeCreditOrder, REFUNDED_BEFORE } from '../../functions/labels/credit-orders';
import { INTERRUPTED, recoverExpiredPurchases } from '../../functions/labels/recovery';
import { logger } from '../../functions/observability/logger';
import { metrics } from '../../functions/observability/metrics';
import { listUserEntries } from '../../functions/wallet/ledger';
import { carrierWatch } from './watch-carrier';
import { form, later, purchasesThroughFront } from './purchases-through-front';

const { getCarrier: realCarrier } = await vi.importActual<typeof import('../../functions/providers/registry/carrier')>(
  '../../functions/providers/registry/carrier',
);

vi.mock('../../functions/providers/registry/carrier', async (importOriginal) =>
  (await import('./watch-carrier')).watchedCarrierRegistry(await importOriginal()),
);

/** 45 s of carrier against a 30 s lease, at a fifteenth of the time: every call outlasts the old lease. */
const DELAY_MS = 3_000;
const LEASE_S = 2;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const purchases = purchasesThroughFront('slow-carrier');
const { buy, entries } = purchases;

const soldForClosed = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.filter(([name]) => name === 'LabelsSoldForClosedOrders').length;

describe('a carrier slower than the old lease', () => {
  it(
    'ends the purchase with its label, one debit and no refund while recovery runs beside it; a retry answers 409, then the label',
    { timeout: 60_000 },
    async () => {
      expect(DELAY_MS).toBeGreaterThan(LEASE_S * 1000);
      vi.stubEnv('SANDBOX_CARRIER_DELAY_MS', String(DELAY_MS));
      vi.stubEnv('PURCHASE_LEASE_SECONDS', String(LEASE_S));
      resetConfigForTests();
      const key = randomUUID();
      const started = Date.now();
      const first = buy(key);

      // The scheduled recovery, every quarter second for as long as the purchase runs.
      let running = true;
      const recovered = { created: 0, refunded: 0, skipped: 0 };
      const recovery = (async () => {
        while (running) {
          const counts = await recoverExpiredPurchases(logger);
          for (const k of ['created', 'refunded', 'skipped'] as const) recovered[k] += counts[k];
          await sleep(250);
        }
      })();

      await sleep(500);
      const retry = await buy(key);
      expect(retry.status).toBe(409);
      expect(retry.headers.get('retry-after')).toBe('5');

      const res = await first;
      running = false;
      await recovery;
      expect(res.status).toBe(201);
      // Create and buy each took longer than the lease used to last.
      expect(Date.now() - started).toBeGreaterThan(2 * DELAY_MS);
      const { label } = (await res.json()) as { label: { shipOrderId: string; tracking: string } };
      expect(recovered).toEqual({ created: 0, refunded: 0, skipped: 0 });

      const order = await getOrder(purchases.ann.id, label.shipOrderId);
      expect(order).toMatchObject({ status: 'created', tracking: label.tracking });
      expect(await entries()).toEqual([
        ['label', -600],
        ['topup', 1000],
      ]);
      expect(carrierWatch.refundLabel).not.toHaveBeenCalled();
      expect(await realCarrier().refundStatus(order!)).toBeUndefined();

      // After: the same key answers the label, once.
      const after = await buy(key);
      expect(after.status).toBe(201);
      expect(await after.json()).toMatchObject({ label: { shipOrderId: label.shipOrderId, tracking: label.tracking }, balanceCents: 400 });
      expect(carrierWatch.buyLabel).toHaveBeenCalledTimes(1);
    },
  );
});

/** What a credit purchase leaves when its process dies right after the debit: processing, paid, nothing else. */
async function placedThenCrashed(key = randomUUID()): Promise<Order> {
  const placed = await placeCreditOrder(purchases.ann, newOrder(purchases.ann.id, form(), 600, 'processing'), key);
  if (placed.kind !== 'placed') throw new Error(placed.kind);
  return placed.order;
}

describe('recovery and a shipment created but not bought', () => {
  it('leaves the order while its purchase may still buy the label, then refunds it once the shipment is old', async () => {
    const key = randomUUID();
    const order = await placedThenCrashed(key);
    // The process dies between create and buy: the carrier holds the shipment, no label.
    const died = new Error('the process died');
    await expect(realCarrier().buyLabel(labelRequestOf(order), async (step) => (step === 'buy' ? Promise.reject(died) : undefined))).rejects.toBe(died);
    expect(await realCarrier().findPurchase(labelRequestOf(order))).toMatchObject({ state: 'started' });

    const justExpired = new Date(Date.parse(order.leaseUntil!) + 1000);
    expect(await recoverExpiredPurchases(logger, justExpired)).toEqual({ created: 0, refunded: 0, skipped: 1 });
    expect((await getOrder(purchases.ann.id, order.id))?.status).toBe('processing');
    expect(await entries()).toEqual([
      ['label', -600],
      ['topup', 1000],
    ]);

    expect(await recoverExpiredPurchases(logger, later())).toEqual({ created: 0, refunded: 1, skipped: 0 });
    expect(await getOrder(purchases.ann.id, order.id)).toMatchObject({ status: 'failed', failureReason: INTERRUPTED });
    expect((await buy(key)).status).toBe(409);
    expect(await entries()).toEqual([
      ['label', -600],
      ['refund', 600],
      ['topup', 1000],
    ]);
    expect(await realCarrier().findPurchase(labelRequestOf(order))).toMatchObject({ state: 'started' });
  });
});

/**
 * A purchase held inside the carrier at `step`, after its lease renewal and before the call, until
 * released: a process past its lease, which recovery then takes over.
 */
function holdPurchaseAt(step: 'create' | 'buy') {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let reached!: () => void;
  const there = new Promise<void>((r) => (reached = r));
  carrierWatch.buyLabel.mockImplementationOnce((req, real, beforeCall) =>
    real.buyLabel(req, async (at) => {
      await beforeCall?.(at);
      if (at === step) {
        reached();
        await gate;
      }
    }),
  );
  return { there, release };
}

describe('a purchase that outlived its lease', () => {
  it('stops before its next carrier call once recovery took the order over: nothing sold, one refund', async () => {
    const addMetric = vi.spyOn(metrics, 'addMetric');
    const key = randomUUID();
    const held = holdPurchaseAt('create');
    const purchase = buyWithCredits(purchases.ann.id, form(), key, logger).then(
      () => undefined,
      (err: unknown) => err,
    );
    await held.there;
    const at = later();
    expect(await recoverExpiredPurchases(logger, at)).toEqual({ created: 0, refunded: 1, skipped: 0 });
    // The purchase wakes as late as recovery ran: its lease no longer covers the next call.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at);
    held.release();

    const err = await purchase;
    vi.useRealTimers();
    expect(err).toBeInstanceOf(Conflict);
    expect((err as Conflict).retryAfterSeconds).toBe(5);
    const [order] = (await listUserEntries(purchases.ann.id, { limit: 100 })).items.filter((e) => e.orderId).map((e) => e.orderId!);
    // The shipment it created before it asked to buy stays unbought: no label was sold.
    expect(await realCarrier().findPurchase(labelRequestOf((await getOrder(purchases.ann.id, order!))!))).toMatchObject({ state: 'started' });
    expect(await entries()).toEqual([
      ['label', -600],
      ['refund', 600],
      ['topup', 1000],
    ]);
    expect(carrierWatch.refundLabel).not.toHaveBeenCalled();
    expect(soldForClosed(addMetric)).toBe(0);
    // A retry answers how the order ended.
    const again = await buy(key);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: REFUNDED_BEFORE });
  });

  it('has the label the carrier sold after recovery refunded the order refunded at the carrier, and counted for the alarm', async () => {
    const addMetric = vi.spyOn(metrics, 'addMetric');
    const key = randomUUID();
    const held = holdPurchaseAt('buy');
    const purchase = buyWithCredits(purchases.ann.id, form(), key, logger).then(
      () => undefined,
      (err: unknown) => err,
    );
    await held.there;
    // The shipment exists but is long past any lease: recovery refunds the order.
    expect(await recoverExpiredPurchases(logger, later())).toEqual({ created: 0, refunded: 1, skipped: 0 });
    held.release();

    const err = await purchase;
    expect(err).toBeInstanceOf(ProviderUnavailable);
    const orderId = (await listUserEntries(purchases.ann.id, { limit: 100 })).items.find((e) => e.orderId)!.orderId!;
    const order = (await getOrder(purchases.ann.id, orderId))!;
    expect(order).toMatchObject({ status: 'failed', failureReason: INTERRUPTED, tracking: null });
    expect(await entries()).toEqual([
      ['label', -600],
      ['refund', 600],
      ['topup', 1000],
    ]);
    // The sandbox sold the label, and its refund was asked there and then.
    const found = await realCarrier().findPurchase(labelRequestOf(order));
    expect(found.state).toBe('bought');
    expect(carrierWatch.refundLabel).toHaveBeenCalledTimes(1);
    const sold = found.state === 'bought' ? found.label : undefined;
    expect(await realCarrier().refundStatus({ ...order, carrierRef: sold!.carrierRef, tracking: sold!.tracking })).toEqual({ status: 'refunded' });
    expect(soldForClosed(addMetric)).toBe(1);
  });
});
