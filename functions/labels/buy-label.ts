/**
 * Buying a label, after the money is secured (wallet debit or card payment): ask the carrier, keep
 * the PDF, mark the order created. If the carrier refuses (nothing sold, for certain) or the label
 * store fails, the order is failed and its price refunded to the wallet in one transaction, so a
 * failed label never costs anything. A carrier failure that may hide a sale (the buy call's answer
 * lost) is never refunded blindly: the carrier is asked what it holds first, and while it cannot
 * say, the order stays processing for recovery (afterFailedBuy). Every refunded order is asked
 * about again for a while by a scheduled sweep (./closed-purchases.ts), for a sale nobody received.
 *
 * The purchase owns its processing order by a lease (functions/data/orders.ts), renewed before each
 * carrier call for that call's timeout plus PURCHASE_LEASE_SECONDS, on the condition that it still
 * holds it: a slow carrier never lets the lease run out under a live purchase, and a purchase whose
 * lease was taken over (recovery, a retry) stops before making anything more at the carrier and
 * leaves the order to whoever took it. Why renewal rather than one long lease:
 * docs/decisions/0189-purchase-lease-renewed-per-carrier-call.md.
 *
 * Should the carrier still sell a label for an order that is no longer this purchase's to finish
 * (refunded meanwhile), the label is refunded at the carrier at once, and the sale is logged and
 * counted (LabelsSoldForClosedOrders), which the stack alarms on.
 */
import type { Order } from '../../domain/api/orders';
import { completeOrder, completeOrders, getOrder, leaseMs, moveOrderStep, renewLease, type LabelFields } from '../data/orders';
import type { Step } from '../data/client';
import { inGroups } from '../data/in-groups';
import { Conflict, ProviderUnavailable } from '../errors';
import type { Logger } from '../observability/logger';
import { labelBought, labelRefunded, labelSoldForClosedOrder } from '../observability/metrics';
import { getLabelStore } from '../providers/registry/blobs';
import { PurchaseRefused, type BeforeCarrierCall, type BoughtLabel, type Carrier, type CarrierPurchase, type LabelRequest } from '../providers/carrier/carrier';
import { getCarrier } from '../providers/registry/carrier';
import { serviceOfLabel } from '../providers/carrier/usps-services';
import { recheckStep } from '../data/purchase-rechecks';
import type { EntryOwner } from '../wallet/ledger';
import { refund, transactWallet } from '../wallet/wallet';
import { labelCreated } from '../webhooks/events';
import { enabledEndpoints, eventWrite, NOTHING, outboxWrite, sendWritten } from '../webhooks/outbox';

const CARRIER = 'USPS label service';

/** What the carrier is asked for an order: the label form as stored, our price (its cost ceiling). */
export const labelRequestOf = (order: Order): LabelRequest => ({
  orderId: order.id,
  labelType: order.labelType,
  serviceId: serviceOfLabel(order).id,
  ...(order.quote?.shipmentId && order.quote.rateId ? { quoted: { shipmentId: order.quote.shipmentId, rateId: order.quote.rateId } } : {}),
  weightLb: order.weightLb,
  lengthIn: order.lengthIn,
  widthIn: order.widthIn,
  heightIn: order.heightIn,
  from: order.from,
  to: order.to,
  shipDate: order.shipDate,
  priceCents: order.priceCents,
  ...(order.extras
    ? {
        extras: { labelText: order.extras.labelText, signature: order.extras.signature, insuredValueCents: order.extras.insuredValueCents },
        insuranceCents: order.extras.insuranceCents,
      }
    : {}),
  ...(order.returnOf ? { isReturn: true } : {}),
});

/** Keeps a bought label's PDF in the label store; the label fields the order records. */
export async function keepLabel(order: Order, bought: BoughtLabel): Promise<LabelFields> {
  const labelKey = `labels/${order.userId}/${order.id}.pdf`;
  await getLabelStore().put(labelKey, bought.pdf, 'application/pdf');
  return { tracking: bought.tracking, carrierRef: bought.carrierRef, service: bought.service, labelKey, costCents: bought.costCents };
}

/**
 * How long one renewal of a purchase's lease lasts: the carrier's longest call, then
 * PURCHASE_LEASE_SECONDS for our own work around it (the label store, DynamoDB). Recovery takes an
 * order over for as long, since it asks the carrier once too.
 */
export const stepLeaseMs = (carrier: Pick<Carrier, 'callTimeoutMs'>): number => carrier.callTimeoutMs + leaseMs();

/**
 * A purchase's first lease: both carrier calls of a purchase (the shipment, the buy) at their longest,
 * then PURCHASE_LEASE_SECONDS. A purchase that keeps to it renews nothing; each renewal would
 * rewrite the order's place in the sharded purchase queue, a write that every label would pay.
 */
export const purchaseLeaseMs = (carrier: Pick<Carrier, 'callTimeoutMs'>): number => 2 * carrier.callTimeoutMs + leaseMs();

/**
 * How long after a paid order failed the carrier is first asked again whether it sold a label
 * (functions/labels/closed-purchases.ts): two renewals of the lease, by when any call of the purchase
 * has ended or been given up by our client, as recovery waits for a shipment not bought yet.
 */
export const firstRecheckMs = (carrier: Pick<Carrier, 'callTimeoutMs'>): number => 2 * stepLeaseMs(carrier);
/** How long a failed order is asked about at most, and a day more before its recheck item expires. */
export const RECHECK_WINDOW_MS = 24 * 3600_000;
const RECHECK_KEEP_MS = RECHECK_WINDOW_MS + 24 * 3600_000;

/** What answers a purchase that lost its lease: whoever took the order over ends it; a retry tells how. */
const TAKEN_OVER = 'This order is still being processed. Try again in a moment.';
const TAKEN_OVER_RETRY_S = 5;

/** Tries of one lease renewal whose answer DynamoDB lost or throttled, and the pause before each new try. */
const RENEW_TRIES = 3;
const RENEW_BACKOFF_MS = 100;

/** The purchase no longer holds its order's lease: it stops, and leaves the order to whoever took it. */
class LeaseLost extends Error {}

/**
 * Before each carrier call, makes sure the purchase's lease covers the call and our work after it:
 * when the lease it holds already does, no one can have taken the order over (recovery takes only
 * an expired lease), so the call goes ahead with no write. Otherwise it renews the lease, on the
 * condition that it still holds the lease it last set, and throws LeaseLost when it does not. A
 * renewal whose answer was lost shows in the order itself (the new lease is there, or still the old
 * one: try again).
 */
function leaseKeeper(order: Order, carrier: Carrier, log: Logger): BeforeCarrierCall {
  let held = order.leaseUntil;
  return async (step) => {
    if (!held) throw new Error(`processing order ${order.id} has no lease`);
    const until = new Date(Date.now() + stepLeaseMs(carrier));
    if (Date.parse(held) >= until.getTime()) return;
    for (let attempt = 1; ; attempt++) {
      try {
        if (!(await renewLease(order, held, until))) throw new LeaseLost(step);
        break;
      } catch (err) {
        if (err instanceof LeaseLost) throw err;
        const stored = await getOrder(order.userId, order.id).catch(() => undefined);
        if (stored?.status === 'processing' && stored.leaseUntil === until.toISOString()) break;
        if (stored && (stored.status !== 'processing' || stored.leaseUntil !== held)) throw new LeaseLost(step);
        if (attempt >= RENEW_TRIES) throw err;
        log.warn('renewing the purchase lease failed; trying again', { orderId: order.id, step, attempt });
        await new Promise((r) => setTimeout(r, RENEW_BACKOFF_MS * attempt));
      }
    }
    held = until.toISOString();
  };
}

/**
 * Buys the label of a paid, processing order; refunds and throws ProviderUnavailable on failure. A
 * purchase whose lease was taken over stops before its next carrier call and throws a Conflict with
 * Retry-After: the order is recovery's to end now, and a retry answers how it ended.
 */
export async function fulfilOrder(user: EntryOwner, order: Order, log: Logger): Promise<Order> {
  return recordLabel(order, await obtainLabel(user, order, log), log);
}

/** Items a transaction may hold (DynamoDB's limit is 100), with room for the counters completeOrders adds once. */
const ITEMS_TOGETHER = 94;

/** How one order of fulfilOrders ended: created (its `also` written with it, or left to the caller), or the error fulfilOrder would throw. */
export type Fulfilled = { order: Order; alsoWritten: boolean } | Error;

/**
 * fulfilOrder for several paid, processing orders of one account (a batch's chunk): their labels
 * bought `atOnce` at a time, then recorded together, as few transactions as DynamoDB's limit on
 * items allows, with the steps `alsoOf` makes of each order as created (its batch row's outcome).
 * An order whose label could not be bought answers its error, as fulfilOrder throws it; when a
 * shared transaction is refused (an order taken over meanwhile, an `also` that no longer holds),
 * each of its labels is recorded on its own, as fulfilOrder does, and its `also` is left to the caller.
 */
export async function fulfilOrders(
  user: EntryOwner,
  orders: readonly Order[],
  log: Logger,
  atOnce: number,
  alsoOf: (created: Order) => Step[] = () => [],
): Promise<Fulfilled[]> {
  const asError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));
  const obtained = await inGroups(orders, atOnce, (order) => obtainLabel(user, order, log).catch(asError));
  // Each order's answer: its error until its label is recorded.
  const answers: Fulfilled[] = obtained.map((kept) => (kept instanceof Error ? kept : asError('not recorded')));
  // label.created for the account's listening endpoints (read once), written with each label.
  const endpoints = obtained.some((kept) => !(kept instanceof Error)) ? await enabledEndpoints(user.id) : [];
  const now = new Date();
  const made = orders.flatMap((order, i) => {
    const kept = obtained[i]!;
    if (kept instanceof Error) return [];
    const shown: Order = { ...order, ...kept.label, status: 'created', updatedAt: now.toISOString() };
    const events = eventWrite(endpoints, labelCreated(shown), now);
    return [{ i, order, kept, events, also: [...events.steps, ...alsoOf(shown)] }];
  });
  for (const group of packed(made, (m) => 2 + m.also.length, ITEMS_TOGETHER)) {
    let created: Order[] | undefined;
    try {
      created = await completeOrders(group.map(({ order, kept, also }) => ({ order, label: kept.label, also })));
    } catch (err) {
      log.warn('recording labels together failed; each is recorded on its own', { orders: group.length, error: err as Error });
    }
    if (created) {
      labelBought(created.length);
      group.forEach(({ i }, k) => (answers[i] = { order: created[k]!, alsoWritten: true }));
      for (const { events } of group) await sendWritten(events, log);
      continue;
    }
    for (const { i, order, kept } of group) {
      answers[i] = await recordLabel(order, kept, log).then((o) => ({ order: o, alsoWritten: false }), asError);
    }
  }
  return answers;
}

/** `items` in consecutive groups whose sizes (`sizeOf` each) add up to at most `limit` (an item larger than it alone). */
function packed<T>(items: readonly T[], sizeOf: (item: T) => number, limit: number): T[][] {
  const groups: T[][] = [];
  let size = Infinity;
  for (const item of items) {
    const n = sizeOf(item);
    if (size + n > limit) {
      groups.push([]);
      size = 0;
    }
    groups.at(-1)!.push(item);
    size += n;
  }
  return groups;
}

/** A label bought and kept: what the carrier sold, and what the order records of it. */
interface KeptLabel {
  bought: BoughtLabel;
  label: LabelFields;
}

/**
 * The carrier's label for a paid, processing order, kept in the label store. A carrier failure is
 * afterFailedBuy's (refunded, or left to recovery); a label that could not be kept refunds the
 * order and asks the carrier to refund the label. Both throw.
 */
async function obtainLabel(user: EntryOwner, order: Order, log: Logger): Promise<KeptLabel> {
  const carrier = getCarrier();
  let bought: BoughtLabel;
  try {
    bought = await carrier.buyLabel(labelRequestOf(order), leaseKeeper(order, carrier, log));
  } catch (err) {
    if (err instanceof LeaseLost) {
      log.warn('the purchase lost its lease before a carrier call; it stops and leaves the order to recovery', { orderId: order.id, step: err.message });
      throw new Conflict(TAKEN_OVER, TAKEN_OVER_RETRY_S);
    }
    bought = await afterFailedBuy(user, order, err, carrier, log);
  }
  try {
    return { bought, label: await keepLabel(order, bought) };
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    log.error('the label could not be kept; refunding', { orderId: order.id, detail });
    await failAndRefund(user, order, detail, log);
    await refundSoldLabel(order, bought, log);
    throw new ProviderUnavailable(CARRIER, detail);
  }
}

/**
 * Records a kept label on its order (finishOrder). When recovery ended the order meanwhile, with
 * this very label (it found the sale) the order as it ended answers; otherwise (refunded) the label
 * is refunded at the carrier and the purchase fails.
 */
async function recordLabel(order: Order, { bought, label }: KeptLabel, log: Logger): Promise<Order> {
  let created: Order;
  try {
    created = await finishOrder(order, label, log);
  } catch (err) {
    const stored = await getOrder(order.userId, order.id).catch(() => undefined);
    if (!stored || stored.status === 'processing') throw err;
    created = stored;
  }
  if (created.carrierRef === bought.carrierRef) return created;
  await refundSoldLabel(created, bought, log);
  throw new ProviderUnavailable(CARRIER, `the order was ${created.status} before its label arrived; the label's refund was asked at the carrier`);
}

/**
 * A carrier failure of a purchase. A refusal (PurchaseRefused: nothing stands sold) refunds the
 * shipper at once. Any other failure may have come after the carrier sold the label (its answer
 * lost to a timeout, a network error, a 5xx), so the carrier is asked what it holds before any
 * refund: a label bought is answered to be recorded as if the buy had answered; nothing at all is
 * refunded; a shipment not bought yet (the buy may still complete at the carrier) or no answer
 * leaves the order processing under its lease, for recovery, which asks again (a Conflict with
 * Retry-After: a retry with the Idempotency-Key answers the label or the refund once it is known).
 */
async function afterFailedBuy(user: EntryOwner, order: Order, err: unknown, carrier: Carrier, log: Logger): Promise<BoughtLabel> {
  const detail = err instanceof ProviderUnavailable ? err.detail : err instanceof Error ? err.message : String(err);
  if (!(err instanceof PurchaseRefused)) {
    let found: CarrierPurchase | undefined;
    try {
      found = await carrier.findPurchase(labelRequestOf(order));
    } catch (lookup) {
      log.warn('the carrier could not say what it holds after a failed buy', {
        orderId: order.id,
        detail: lookup instanceof ProviderUnavailable ? lookup.detail : String(lookup),
      });
    }
    if (found?.state === 'bought') {
      log.warn('the buy failed but the carrier sold the label; recording it', { orderId: order.id, detail });
      return found.label;
    }
    if (found?.state !== 'none') {
      log.warn('the buy failed and the carrier may still sell the label; the order is left to recovery, which asks again', {
        orderId: order.id,
        detail,
        carrier: found?.state ?? 'no answer',
      });
      throw new Conflict(TAKEN_OVER, TAKEN_OVER_RETRY_S);
    }
  }
  log.error('label purchase failed; refunding', { orderId: order.id, detail });
  await failAndRefund(user, order, detail, log);
  throw new ProviderUnavailable(CARRIER, detail);
}

/**
 * A label the carrier sold for an order that no longer wants it (refunded, failed, or holding
 * another label): its refund is asked at the carrier now, and the sale is counted and logged as an
 * error, which the stack's alarm sees. A refund the carrier could not be asked for is logged as
 * REFUND AT CARRIER with the carrier's reference, for an operator. True when the refund was asked.
 */
export async function refundSoldLabel(order: Order, bought: BoughtLabel, log: Logger): Promise<boolean> {
  labelSoldForClosedOrder();
  const facts = { orderId: order.id, orderStatus: order.status, carrierRef: bought.carrierRef, tracking: bought.tracking };
  try {
    const refund = await getCarrier().refundLabel({
      id: order.id,
      carrierRef: bought.carrierRef,
      tracking: bought.tracking,
      createdAt: order.createdAt,
      labelType: order.labelType,
      service: bought.service,
      from: order.from,
      to: order.to,
    });
    log.error('the carrier sold a label for an order already closed; its refund was asked at the carrier', { ...facts, refund: refund.status });
    return true;
  } catch (err) {
    log.error('REFUND AT CARRIER: the carrier sold a label for an order already closed, and its refund could not be asked', {
      ...facts,
      detail: err instanceof ProviderUnavailable ? err.detail : String(err),
    });
    return false;
  }
}

/** label.created for the account's listening endpoints, as deliveries written in the transaction that records the label (the outbox). */
async function labelCreatedSteps(order: Order, label: LabelFields, now = new Date()) {
  const shown = { ...order, ...label, status: 'created' as const, updatedAt: now.toISOString() };
  return outboxWrite(order.userId, labelCreated(shown), now);
}

/** Records the label of a processing order (the order becomes created, the counters move). */
export async function finishOrder(order: Order, label: LabelFields, log: Logger): Promise<Order> {
  let events = NOTHING;
  const created = await recordOutcome(
    order,
    'created',
    async () => {
      events = await labelCreatedSteps(order, label);
      return completeOrder(order, label, events.steps);
    },
    log,
  );
  labelBought();
  await sendWritten(events, log);
  return created;
}

/** Fails a processing order and gives its price back to the wallet, once. */
export async function failAndRefund(user: EntryOwner, order: Order, reason: string, log: Logger): Promise<Order> {
  const failed = await recordOutcome(order, 'failed', () => failAndRefundOrder(user, order, reason), log);
  labelRefunded();
  return failed;
}

/**
 * The carrier failed: the order becomes failed and its price goes back to the wallet with a refund
 * entry, in one transaction (only from processing, so a refund happens once).
 */
async function failAndRefundOrder(user: EntryOwner, order: Order, reason: string): Promise<Order> {
  const updatedAt = new Date().toISOString();
  const closed = new Date(updatedAt);
  const done = await transactWallet(user, (account) => [
    moveOrderStep(order, 'processing', 'failed', updatedAt, { failureReason: reason }),
    ...refund(account, { amountCents: order.priceCents, orderId: order.id }),
    // The carrier may still complete a sale nobody receives: the sweep asks about it for a while.
    recheckStep(order, updatedAt, new Date(closed.getTime() + firstRecheckMs(getCarrier())), new Date(closed.getTime() + RECHECK_KEEP_MS)),
  ]);
  if (!done.ok) throw new Error(`order ${order.id} is no longer processing`);
  return { ...order, status: 'failed', failureReason: reason, updatedAt };
}

/** Tries of the write that records how a paid order ended, and the pause before each new try. */
const RECORD_TRIES = 3;
const RECORD_BACKOFF_MS = 100;

/**
 * Records how a paid order ended (created, or failed and refunded) even when DynamoDB throttles,
 * cancels the transaction on a conflict, or loses its answer: the write is tried again, and a lost
 * answer shows in the order itself. Both writes require the order to be `processing`, so a write
 * that did happen can never apply twice. Without this, one failed write left the order
 * `processing` with its price debited, and every retry of the request answered 409 for ever.
 * Throws the last error when DynamoDB stays unavailable (the order then stays `processing`).
 */
async function recordOutcome(order: Order, outcome: 'created' | 'failed', write: () => Promise<Order>, log: Logger): Promise<Order> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      const stored = await getOrder(order.userId, order.id).catch(() => undefined);
      if (stored?.status === outcome) return stored;
      if (attempt >= RECORD_TRIES || (stored && stored.status !== 'processing')) throw err;
      log.warn('recording the order outcome failed; trying again', { orderId: order.id, outcome, attempt });
      await new Promise((r) => setTimeout(r, RECORD_BACKOFF_MS * attempt));
    }
  }
}
