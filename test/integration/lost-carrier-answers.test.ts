/**
 * A carrier answer that never arrives cannot cost the shipper or us a label, against DynamoDB Local.
 * A buy whose answer was lost (a timeout after the request went out) is never refunded blindly: the
 * purchase asks the carrier what it holds, records the label it sold, refunds only when it holds
 * nothing, and otherwise leaves the order processing for recovery, which asks again. A sale the
 * carrier completes after the order was refunded, that no purchase received (its process died), is
 * found by the scheduled sweep of failed orders, refunded at the carrier and counted for the alarm.
 * The proof is the answer, the stored order, the ledger, the work index, the sandbox carrier's own
 * records (what it sold and which refunds it was asked) and the metric.
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../domain/api/orders';
import { dueRechecks } from '../../functions/data/purchase-rechecks';
import { getOrder, newOrder } from '../../functions/data/orders';
import { ProviderUnavailable } from '../../functions/errors';
import { runScheduledWork } from '../../functions/jobs/scheduled-work';
import { firstRecheckMs, labelRequestOf, RECHECK_WINDOW_MS } from '../../functions/labels/buy-label';
import { nextCheck, recheckClosedPurchases } from '../../functions/labels/closed-purchases';
import { placeCreditOrder, REFUNDED_BEFORE } from '../../functions/labels/credit-orders';
import { INTERRUPTED, recoverExpiredPurchases } from '../../functions/labels/recovery';
import { logger } from '../../functions/observability/logger';
import { metrics } from '../../functions/observability/metrics';
import { PurchaseRefused } from '../../functions/providers/carrier/carrier';
import { listUserEntries } from '../../functions/wallet/ledger';
import { carrierWatch } from './watch-carrier';
import { form, later, purchasesThroughFront } from './purchases-through-front';

const { getCarrier: realCarrier } = await vi.importActual<typeof import('../../functions/providers/registry/carrier')>(
  '../../functions/providers/registry/carrier',
);

vi.mock('../../functions/providers/registry/carrier', async (importOriginal) =>
  (await import('./watch-carrier')).watchedCarrierRegistry(await importOriginal()),
);

/** What EasyPost's client throws when the buy call's answer does not come in time. */
const lostAnswer = () => new ProviderUnavailable('USPS label service', 'POST /v2/shipments/shp_1/buy failed: TimeoutError: The operation was aborted');

const purchases = purchasesThroughFront('lost-answer');
const { buy, entries } = purchases;
let addMetric: { mock: { calls: unknown[][] } };
beforeEach(async () => {
  addMetric = vi.spyOn(metrics, 'addMetric');
});

const paidOnce = [
  ['label', -600],
  ['topup', 1000],
];
const refundedOnce = [
  ['label', -600],
  ['refund', 600],
  ['topup', 1000],
];

/** The one order of the user's ledger. */
const theOrder = async (): Promise<Order> => {
  const orderId = (await listUserEntries(purchases.ann.id, { limit: 100 })).items.find((e) => e.orderId)!.orderId!;
  return (await getOrder(purchases.ann.id, orderId))!;
};

const soldForClosed = () => addMetric.mock.calls.filter(([name]) => name === 'LabelsSoldForClosedOrders').length;
const rechecksOf = async (orderId: string, now = new Date(Date.now() + 3 * RECHECK_WINDOW_MS)) =>
  (await dueRechecks(now, 100)).filter((r) => r.orderId === orderId);

describe('a buy whose answer was lost', () => {
  it('after the carrier sold the label: the label is recorded, one debit, no refund, nothing refunded at the carrier', async () => {
    carrierWatch.buyLabel.mockImplementationOnce(async (req, real, beforeCall) => {
      await real.buyLabel(req, beforeCall);
      throw lostAnswer();
    });
    const key = randomUUID();
    const res = await buy(key);
    expect(res.status).toBe(201);
    const { label } = (await res.json()) as { label: { shipOrderId: string; tracking: string } };

    const order = await getOrder(purchases.ann.id, label.shipOrderId);
    const sold = await realCarrier().findPurchase(labelRequestOf(order!));
    expect(sold.state).toBe('bought');
    expect(order).toMatchObject({ status: 'created', tracking: sold.state === 'bought' ? sold.label.tracking : 'none', failureReason: null });
    expect(await entries()).toEqual(paidOnce);
    expect(carrierWatch.findPurchase).toHaveBeenCalledTimes(1);
    expect(carrierWatch.refundLabel).not.toHaveBeenCalled();
    expect(await realCarrier().refundStatus(order!)).toBeUndefined();
    expect(soldForClosed()).toBe(0);
    expect(await rechecksOf(order!.id)).toEqual([]);

    // The same key answers the label, once.
    const again = await buy(key);
    expect(again.status).toBe(201);
    expect(await again.json()).toMatchObject({ label: { shipOrderId: label.shipOrderId, tracking: label.tracking }, balanceCents: 400 });
    expect(carrierWatch.buyLabel).toHaveBeenCalledTimes(1);
  });

  it('with nothing sold at the carrier: 409 with Retry-After, the order stays paid and processing; recovery asks again and refunds it once', async () => {
    // The buy request never reached the carrier: the shipment exists, unbought.
    carrierWatch.buyLabel.mockImplementationOnce((req, real, beforeCall) =>
      real.buyLabel(req, async (step) => {
        await beforeCall?.(step);
        if (step === 'buy') throw lostAnswer();
      }),
    );
    const key = randomUUID();
    const res = await buy(key);
    expect(res.status).toBe(409);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({ message: 'This order is still being processed. Try again in a moment.' });

    const order = await theOrder();
    expect(order).toMatchObject({ status: 'processing', failureReason: null });
    expect(await entries()).toEqual(paidOnce);
    expect(carrierWatch.findPurchase).toHaveBeenCalledTimes(1);
    expect(await realCarrier().findPurchase(labelRequestOf(order))).toMatchObject({ state: 'started' });

    // Just after its lease: the shipment is young, its buy may still complete; asked again later.
    const justExpired = new Date(Date.parse(order.leaseUntil!) + 1000);
    expect(await recoverExpiredPurchases(logger, justExpired)).toEqual({ created: 0, refunded: 0, skipped: 1 });
    expect((await getOrder(purchases.ann.id, order.id))?.status).toBe('processing');
    expect(await entries()).toEqual(paidOnce);

    expect(await recoverExpiredPurchases(logger, later())).toEqual({ created: 0, refunded: 1, skipped: 0 });
    expect(await getOrder(purchases.ann.id, order.id)).toMatchObject({ status: 'failed', failureReason: INTERRUPTED });
    expect(await entries()).toEqual(refundedOnce);
    expect(carrierWatch.findPurchase).toHaveBeenCalledTimes(3);

    const again = await buy(key);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: REFUNDED_BEFORE });
    expect(carrierWatch.buyLabel).toHaveBeenCalledTimes(1);
    expect(carrierWatch.refundLabel).not.toHaveBeenCalled();
  });

  it('when the carrier cannot say what it holds either: no refund, the order is left to recovery (409), which records the label it finds', async () => {
    carrierWatch.buyLabel.mockImplementationOnce(async (req, real, beforeCall) => {
      await real.buyLabel(req, beforeCall);
      throw lostAnswer();
    });
    carrierWatch.findPurchase.mockRejectedValueOnce(new ProviderUnavailable('USPS label service', 'GET /v2/shipments/x failed: TimeoutError'));
    const key = randomUUID();
    const res = await buy(key);
    expect(res.status).toBe(409);
    const order = await theOrder();
    expect(order.status).toBe('processing');
    expect(await entries()).toEqual(paidOnce);

    expect(await recoverExpiredPurchases(logger, later())).toEqual({ created: 1, refunded: 0, skipped: 0 });
    const again = await buy(key);
    expect(again.status).toBe(201);
    expect(await again.json()).toMatchObject({ label: { shipOrderId: order.id }, balanceCents: 400 });
    expect(await entries()).toEqual(paidOnce);
    expect(carrierWatch.refundLabel).not.toHaveBeenCalled();
  });
});

describe('a definite refusal of the carrier', () => {
  it('is refunded at once (502), without asking what the carrier holds', async () => {
    carrierWatch.buyLabel.mockRejectedValueOnce(
      new PurchaseRefused('USPS label service', 'POST /v2/shipments/shp_1/buy answered HTTP 422: SHIPMENT.POSTAGE.FAILURE'),
    );
    const key = randomUUID();
    const res = await buy(key);
    expect(res.status).toBe(502);
    expect(await entries()).toEqual(refundedOnce);
    expect(carrierWatch.findPurchase).not.toHaveBeenCalled();
    const order = await theOrder();
    expect(order.status).toBe('failed');
    // It is asked about again later all the same: once, two renewals after it failed.
    const [recheck] = await rechecksOf(order.id);
    expect(Date.parse(recheck!.due.split('#')[0]!)).toBe(Date.parse(order.updatedAt) + firstRecheckMs(realCarrier()));
  });
});

describe('the sweep of failed orders', () => {
  /** A paid order whose process died between create and buy, refunded by recovery: the carrier holds a shipment, unbought. */
  async function refundedWhileStarted(): Promise<Order> {
    const placed = await placeCreditOrder(purchases.ann, newOrder(purchases.ann.id, form(), 600, 'processing'), randomUUID());
    if (placed.kind !== 'placed') throw new Error(placed.kind);
    const died = new Error('the process died');
    await expect(realCarrier().buyLabel(labelRequestOf(placed.order), async (step) => (step === 'buy' ? Promise.reject(died) : undefined))).rejects.toBe(died);
    expect(await recoverExpiredPurchases(logger, later())).toMatchObject({ refunded: 1 });
    const order = (await getOrder(purchases.ann.id, placed.order.id))!;
    expect(order).toMatchObject({ status: 'failed', failureReason: INTERRUPTED });
    return order;
  }

  it('finds a sale the carrier completed after recovery refunded the order, refunds it at the carrier and counts it, once', async () => {
    const order = await refundedWhileStarted();
    const [recheck] = await rechecksOf(order.id);
    expect(recheck).toBeDefined();
    // The stalled buy call completes at the carrier; nobody is there to receive it.
    const sold = await realCarrier().buyLabel(labelRequestOf(order));

    // Not due yet: nothing asked (recovery's own lookup was the one call so far).
    const before = new Date(Date.parse(order.updatedAt) + 1000);
    expect(await recheckClosedPurchases(logger, before)).toEqual({ refundedAtCarrier: 0, nothingSold: 0, skipped: 0 });
    expect(carrierWatch.findPurchase).toHaveBeenCalledTimes(1);

    // The scheduled work runs it (the same function in-process locally and on EventBridge).
    const summary = await runScheduledWork(logger, later());
    expect(summary.recheckClosedPurchases).toMatchObject({ refundedAtCarrier: 1, skipped: 0 });
    expect(carrierWatch.refundLabel).toHaveBeenCalledTimes(1);
    expect(await realCarrier().refundStatus({ ...order, carrierRef: sold.carrierRef, tracking: sold.tracking })).toEqual({ status: 'refunded' });
    expect(soldForClosed()).toBe(1);
    // The shipper's money is untouched: one debit, one refund.
    expect(await entries()).toEqual(refundedOnce);
    expect(await getOrder(purchases.ann.id, order.id)).toMatchObject({ status: 'failed', tracking: null });
    // Done with it: the order leaves the queue.
    expect(await rechecksOf(order.id)).toEqual([]);
    expect(await recheckClosedPurchases(logger, new Date(Date.now() + 3 * RECHECK_WINDOW_MS))).toMatchObject({ refundedAtCarrier: 0 });
    expect(carrierWatch.refundLabel).toHaveBeenCalledTimes(1);
  });

  it('asks again at growing gaps while nothing is sold, and lets the order go at the end of its window', async () => {
    const order = await refundedWhileStarted();
    const first = firstRecheckMs(realCarrier());
    const closed = Date.parse(order.updatedAt);
    let [recheck] = await rechecksOf(order.id);
    const dues: number[] = [];
    for (let i = 0; recheck && i < 20; i++) {
      const due = Date.parse(recheck.due.split('#')[0]!);
      dues.push(due - closed);
      expect(await recheckClosedPurchases(logger, new Date(due + 1))).toMatchObject({ refundedAtCarrier: 0 });
      [recheck] = await rechecksOf(order.id);
    }
    expect(recheck).toBeUndefined();
    expect(dues[0]).toBe(first);
    for (let i = 1; i < dues.length - 1; i++) expect(dues[i]).toBe(4 * dues[i - 1]!);
    expect(dues.at(-1)).toBe(RECHECK_WINDOW_MS);
    // Recovery's lookup, then one a check.
    expect(carrierWatch.findPurchase).toHaveBeenCalledTimes(1 + dues.length);
    expect(nextCheck(order.updatedAt, new Date(closed + RECHECK_WINDOW_MS).toISOString(), first)).toBeUndefined();
    expect(soldForClosed()).toBe(0);
    expect(await entries()).toEqual(refundedOnce);
  });

  it('asks again soon when the carrier cannot answer, and when the refund at the carrier cannot be asked', async () => {
    const order = await refundedWhileStarted();
    const sold = await realCarrier().buyLabel(labelRequestOf(order));
    const [recheck] = await rechecksOf(order.id);
    const due = Date.parse(recheck!.due.split('#')[0]!);
    const first = firstRecheckMs(realCarrier());

    carrierWatch.findPurchase.mockRejectedValueOnce(new ProviderUnavailable('USPS label service', 'down'));
    expect(await recheckClosedPurchases(logger, new Date(due + 1))).toMatchObject({ skipped: 1 });
    let [next] = await rechecksOf(order.id);
    expect(Date.parse(next!.due.split('#')[0]!)).toBe(due + 1 + first);

    carrierWatch.refundLabel.mockRejectedValueOnce(new ProviderUnavailable('USPS label service', 'down'));
    expect(await recheckClosedPurchases(logger, new Date(due + 2 + first))).toMatchObject({ skipped: 1 });
    [next] = await rechecksOf(order.id);
    expect(Date.parse(next!.due.split('#')[0]!)).toBe(due + 2 + 2 * first);

    expect(await recheckClosedPurchases(logger, new Date(due + 3 + 2 * first))).toMatchObject({ refundedAtCarrier: 1 });
    expect(await realCarrier().refundStatus({ ...order, carrierRef: sold.carrierRef, tracking: sold.tracking })).toEqual({ status: 'refunded' });
    expect(await rechecksOf(order.id)).toEqual([]);
    expect(await entries()).toEqual(refundedOnce);
  });

  it('leaves a label the purchase refused and asked the refund of itself: no second refund, no alarm', async () => {
    // As EasyPost's client does for a label it refuses after the buy (a wrong rate, no PDF).
    carrierWatch.buyLabel.mockImplementationOnce(async (req, real, beforeCall) => {
      const sold = await real.buyLabel(req, beforeCall);
      const at = new Date().toISOString();
      await real.refundLabel({
        id: req.orderId,
        carrierRef: sold.carrierRef,
        tracking: sold.tracking,
        createdAt: at,
        labelType: req.labelType,
        service: sold.service,
        from: req.from,
        to: req.to,
      });
      throw new PurchaseRefused('USPS label service', 'label refused; its refund was asked at the carrier');
    });
    expect((await buy(randomUUID())).status).toBe(502);
    const order = await theOrder();
    expect(await entries()).toEqual(refundedOnce);
    expect(await recheckClosedPurchases(logger, later())).toMatchObject({ refundedAtCarrier: 0, skipped: 0 });
    expect(await rechecksOf(order.id)).toEqual([]);
    expect(carrierWatch.refundLabel).not.toHaveBeenCalled();
    expect(soldForClosed()).toBe(0);
  });
});
