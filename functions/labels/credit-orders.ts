/**
 * Buying a label with wallet credits: one transaction claims the Idempotency-Key, stores the order
 * (processing, under a lease) and debits the wallet; then the carrier (./buy-label.ts). A repeated
 * key answers the first order's outcome and never buys twice, and never with a 5xx.
 */
import type { Order } from '../../domain/api/orders';
import type { User } from '../../domain/api/users';
import type { LabelOrderBody } from '../../domain/schemas/labels';
import { transact } from '../data/client';
import { claimKeyStep, getOrder, newOrder, orderIdForKey, putOrderStep } from '../data/orders';
import { getUserById } from '../data/users';
import { Conflict, InsufficientBalance, InvalidRequest, Unauthorized } from '../errors';
import type { Logger } from '../observability/logger';
import type { EntryOwner } from '../wallet/ledger';
import { debit } from '../wallet/wallet';
import { fulfilOrder, priceOf } from './buy-label';
import { leaseExpired, recoverOrder } from './recovery';

export const REFUNDED_BEFORE = 'This label could not be bought and its price went back to your wallet. Start a new order to try again.';

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

/**
 * How long a repeated request waits for the first one to finish before answering 409 with
 * Retry-After: well inside the Lambda's 10 s timeout, so a retry never times out into a 500.
 */
const REPEAT_WAIT_MS = 3_000;
/** What the 409 for a first request still at work tells the client to wait before trying again. */
const REPEAT_RETRY_AFTER_S = 5;
/**
 * How long a retry waits for its own recovery of a dead first purchase: asking the carrier may take
 * long (EasyPost allows 15 s a call), and the answer must come well inside the Lambda's 10 s. A
 * recovery still at work by then answers 409 with Retry-After; it carries on under the lease it
 * took, and the scheduled recovery finishes it if this process stops first.
 */
const RECOVER_WAIT_MS = 4_000;

/**
 * The first order placed with an idempotency key, once it has finished (or after REPEAT_WAIT_MS).
 * A first purchase that died mid-way (its lease expired) is recovered here and now, so the retry
 * answers its label or its refund instead of waiting for the scheduled recovery.
 */
async function firstAnswer(userId: string, orderId: string, log: Logger): Promise<Order> {
  const deadline = Date.now() + REPEAT_WAIT_MS;
  for (;;) {
    let order = await getOrder(userId, orderId);
    if (!order) throw new InvalidRequest('This Idempotency-Key belongs to another request');
    if (leaseExpired(order)) {
      const recovery = recoverOrder(order, log).catch((err: unknown) => log.error('recovery in a retry failed', { orderId, error: err as Error }));
      await Promise.race([recovery, new Promise((r) => setTimeout(r, RECOVER_WAIT_MS))]);
      order = (await getOrder(userId, orderId)) ?? order;
    }
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
    order = await firstAnswer(user.id, placed.orderId, log);
    // A retry never answers 5xx: the first request's outcome is final (the label, or its refund), or
    // it is still at work and the client is told when to ask again.
    if (order.status === 'failed') throw new Conflict(REFUNDED_BEFORE);
    if (order.status !== 'created') throw new Conflict('This order is still being processed. Try again in a moment.', REPEAT_RETRY_AFTER_S);
  } else {
    order = await fulfilOrder(user, placed.order, log);
  }
  return { order, user: (await getUserById(user.id, { consistent: true })) ?? user };
}
