/**
 * Buying a label, after the money is secured (wallet debit or card payment): ask the carrier, keep
 * the PDF, mark the order created. If the carrier or the label store fails, the order is failed and
 * its price refunded to the wallet in one transaction, so a failed label never costs anything.
 */
import { labelPriceCents } from '../../domain/pricing';
import type { LabelOrderBody } from '../../domain/schemas/labels';
import type { User } from '../../domain/api/users';
import { transact } from '../data/client';
import type { Order } from '../../domain/api/orders';
import { claimKeyStep, completeOrder, getOrder, moveOrderStep, newOrder, orderIdForKey, putOrderStep } from '../data/orders';
import { getUserById } from '../data/users';
import { Conflict, InsufficientBalance, InvalidRequest, ProviderUnavailable, Unauthorized } from '../errors';
import type { Logger } from '../observability/logger';
import { labelBought, labelRefunded } from '../observability/metrics';
import { getLabelStore } from '../providers/registry/blobs';
import { getCarrier } from '../providers/registry/carrier';
import type { EntryOwner } from '../wallet/ledger';
import { debit, refund } from '../wallet/wallet';

const CARRIER = 'USPS label service';
export const REFUNDED_BEFORE = 'This label could not be bought and its price went back to your wallet. Start a new order to try again.';

/** The server's price for a form, or a 400 when the type and weight have none. */
export function priceOf(body: Pick<LabelOrderBody, 'labelType' | 'weight'>): number {
  const price = labelPriceCents(body.labelType, body.weight);
  if (price <= 0) throw new InvalidRequest('This label type is not available for that weight');
  return price;
}

/** Buys the label of a paid, processing order; refunds and throws ProviderUnavailable on failure. */
export async function fulfilOrder(user: EntryOwner, order: Order, log: Logger): Promise<Order> {
  let label;
  try {
    const bought = await getCarrier().buyLabel({
      orderId: order.id,
      labelType: order.labelType,
      weightLb: order.weightLb,
      lengthIn: order.lengthIn,
      widthIn: order.widthIn,
      heightIn: order.heightIn,
      from: order.from,
      to: order.to,
      shipDate: order.shipDate,
    });
    const labelKey = `labels/${order.userId}/${order.id}.pdf`;
    await getLabelStore().put(labelKey, bought.pdf, 'application/pdf');
    label = { tracking: bought.tracking, carrierRef: bought.carrierRef, service: bought.service, labelKey };
  } catch (err) {
    const detail = err instanceof ProviderUnavailable ? err.detail : err instanceof Error ? err.message : String(err);
    log.error('label purchase failed; refunding', { orderId: order.id, detail });
    await recordOutcome(order, 'failed', () => failAndRefundOrder(user, order, detail), log);
    labelRefunded();
    throw new ProviderUnavailable(CARRIER, detail);
  }
  const created = await recordOutcome(order, 'created', () => completeOrder(order, label), log);
  labelBought();
  return created;
}

/**
 * The carrier failed: the order becomes failed and its price goes back to the wallet with a refund
 * entry, in one transaction (only from processing, so a refund happens once).
 */
async function failAndRefundOrder(user: EntryOwner, order: Order, reason: string): Promise<Order> {
  const updatedAt = new Date().toISOString();
  const done = await transact([
    moveOrderStep(order, 'processing', 'failed', updatedAt, { failureReason: reason }),
    ...refund(user, { amountCents: order.priceCents, orderId: order.id }),
  ]);
  if (!done.ok) throw new Error(`order ${order.id} is no longer processing`);
  return { ...order, status: 'failed', failureReason: reason, updatedAt };
}

type PlaceResult = { kind: 'placed'; order: Order } | { kind: 'repeat'; orderId: string } | { kind: 'insufficient' };

/**
 * Places a credits order: claims the idempotency key, stores the order (processing) and debits the
 * wallet with its ledger entry, all in one transaction. A key used before answers `repeat` with the
 * first order's id; a short balance answers `insufficient` and nothing changes.
 */
export async function placeCreditOrder(user: EntryOwner, order: Order, key: string): Promise<PlaceResult> {
  const placed = await transact([
    claimKeyStep(user.id, key, order.id),
    putOrderStep(order),
    ...debit(user, { amountCents: order.priceCents, orderId: order.id }),
  ]);
  if (placed.ok) return { kind: 'placed', order };
  if (placed.failed.has('order.idempotency')) return { kind: 'repeat', orderId: String(await orderIdForKey(user.id, key)) };
  if (placed.failed.has('wallet.balance')) return { kind: 'insufficient' };
  throw new Error(`placing order ${order.id} failed on ${[...placed.failed].join(', ')}`);
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

/**
 * How long a repeated request waits for the first one to finish before answering 409 with
 * Retry-After: well inside the Lambda's 10 s timeout, so a retry never times out into a 500.
 */
const REPEAT_WAIT_MS = 3_000;
/** What the 409 for a first request still at work tells the client to wait before trying again. */
const REPEAT_RETRY_AFTER_S = 5;

/** The first order placed with an idempotency key, once it has finished (or after REPEAT_WAIT_MS). */
async function firstAnswer(userId: string, orderId: string): Promise<Order> {
  const deadline = Date.now() + REPEAT_WAIT_MS;
  for (;;) {
    const order = await getOrder(userId, orderId);
    if (!order) throw new InvalidRequest('This Idempotency-Key belongs to another request');
    if (order.status !== 'processing' || Date.now() > deadline) return order;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Buys a label with wallet credits: price from domain/, one transaction for idempotency key +
 * order + debit (402 when short, nothing changes), then the carrier. The same key from the same
 * user answers the first order and never buys twice.
 */
export async function buyWithCredits(userId: string, body: LabelOrderBody, key: string, log: Logger): Promise<{ order: Order; user: User }> {
  const price = priceOf(body);
  const user = await getUserById(userId);
  if (!user) throw new Unauthorized();
  const fresh = newOrder(user.id, body, price, 'processing');
  const placed = await placeCreditOrder(user, fresh, key).catch(async (err: unknown) => {
    // DynamoDB may have applied the transaction and lost only its answer (a timeout). The order,
    // under its brand-new id, exists exactly when it did: then buy its label now, or it would stay
    // debited and `processing`, and a retry with the same key could only answer 409.
    if (await getOrder(user.id, fresh.id).catch(() => undefined)) return { kind: 'placed', order: fresh } as const;
    throw err;
  });
  if (placed.kind === 'insufficient') throw new InsufficientBalance();
  let order: Order;
  if (placed.kind === 'repeat') {
    order = await firstAnswer(user.id, placed.orderId);
    // A retry never answers 5xx: the first request's outcome is final (the label, or its refund), or
    // it is still at work and the client is told when to ask again.
    if (order.status === 'failed') throw new Conflict(REFUNDED_BEFORE);
    if (order.status !== 'created') throw new Conflict('This order is still being processed. Try again in a moment.', REPEAT_RETRY_AFTER_S);
  } else {
    order = await fulfilOrder(user, placed.order, log);
  }
  return { order, user: (await getUserById(user.id, { consistent: true })) ?? user };
}
