/**
 * Buying a label with wallet credits: one transaction claims the Idempotency-Key, stores the order
 * (processing, under a lease) and debits the wallet; then the carrier (./buy-label.ts). A repeated
 * key answers the first order's outcome and never buys twice, and never with a 5xx.
 *
 * When the balance is short: 402 with what a card would pay (`shortfallCents`); or, with
 * `payShortfall`, one transaction claims the key and stores the order awaiting_payment, and a card
 * checkout for the shortfall only starts. Its webhook settles it (./card-orders.ts): top-up and
 * debit in one transaction, then the label.
 */
import { limitCheckouts } from '../accounts/limits';
import type { Order } from '../../domain/api/orders';
import { offerName } from '../../domain/pricing';
import type { User } from '../../domain/api/users';
import type { LabelOrderBody } from '../../domain/schemas/labels';
import { transact, type Step } from '../data/client';
import { claimKeyStep, failAwaitingOrder, getOrder, linkReturnStep, newOrder, orderIdForKey, placeOrderSteps, setCheckoutUrl } from '../data/orders';
import { getUserById } from '../data/users';
import { actingFor } from '../accounts/team-actor';
import { Conflict, InsufficientBalance, InvalidRequest, Unauthorized } from '../errors';
import type { Logger } from '../observability/logger';
import { startPayment } from '../payments/top-ups';
import type { EntryOwner } from '../wallet/ledger';
import { debit, debitMany, transactWallet, type Balances } from '../wallet/wallet';
import { priceOffer, QUOTE_USED, requote, type QuoteKind } from '../postage/quotes';
import { fulfilOrder, purchaseLeaseMs } from './buy-label';
import { getCarrier } from '../providers/registry/carrier';
import { CHECKOUT_NOT_STARTED, SPENT_MEANWHILE, UNPAID_REASONS } from './card-orders';
import { leaseExpired, recoverOrder } from './recovery';

export const REFUNDED_BEFORE = 'This label could not be bought and its price went back to your wallet. Start a new order to try again.';
/** A repeat of a shortfall order whose card payment never went through (cancelled, failed, never started). */
export const UNPAID_BEFORE = "This order's card payment did not go through, so nothing was charged. Start a new order to try again.";

/**
 * The least a card is charged (Stripe's minimum for USD is $0.50): a smaller shortfall is rounded up
 * to it, and the rest stays in the wallet as balance.
 */
export const CARD_MIN_CHARGE_CENTS = 50;

/** What a card pays when the spendable balance lacks cents for a label of `priceCents`. */
export const shortfallCharge = (priceCents: number, balanceCents: number): number => Math.max(priceCents - Math.max(balanceCents, 0), CARD_MIN_CHARGE_CENTS);

type PlaceResult =
  { kind: 'placed'; order: Order } | { kind: 'repeat'; orderId: string } | { kind: 'insufficient' } | { kind: 'quote-used' } | { kind: 'outbound-changed' };

/**
 * A return label's purchase (./return-labels.ts): the outbound shipment it returns, linked in the
 * placing transaction, and who gets the label by mail.
 */
export interface ReturnPlan {
  outbound: Order;
  email?: string;
}

/** What a return label answers when its outbound stopped being a usable label before the purchase was placed. */
export const OUTBOUND_CHANGED = 'This label was refunded or is being refunded, so it cannot have a return label. Nothing was charged.';

/**
 * Places a credits order: claims the idempotency key, stores the order (processing) and debits the
 * wallet with its ledger entry, all in one transaction. A key used before answers `repeat` with the
 * first order's id; a short balance answers `insufficient` and nothing changes.
 */
export async function placeCreditOrder(user: EntryOwner, order: Order, key: string, balances?: Balances): Promise<PlaceResult> {
  const placed = await transactWallet(
    user,
    (account) => [...placingSteps(order, key), ...debit(account, { amountCents: order.priceCents, orderId: order.id })],
    balances,
  );
  if (placed.ok) return { kind: 'placed', order };
  if (placed.failed.has('order.idempotency')) return { kind: 'repeat', orderId: String(await orderIdForKey(user.id, key)) };
  if (placed.failed.has('order.quote')) return { kind: 'quote-used' };
  if (placed.failed.has('order.outbound')) return { kind: 'outbound-changed' };
  if (placed.failed.has('wallet.balance')) return { kind: 'insufficient' };
  throw new Error(`placing order ${order.id} failed on ${[...placed.failed].join(', ')}`);
}

/** An order's own steps in its placing transaction: its idempotency key claimed, the order (and its quote's claim) stored, a return linked to its outbound. */
const placingSteps = (order: Order, key: string): Step[] => [
  claimKeyStep(order.userId, key, order.id),
  ...placeOrderSteps(order),
  ...(order.returnOf ? [linkReturnStep({ userId: order.userId, id: order.returnOf }, order.id)] : []),
];

/**
 * Places several credits orders of one account (a batch's chunk) in one transaction: each as
 * placeCreditOrder does, with one debit entry apiece and one balance update of their sum (so the
 * balance must cover them all). True when all were placed; false when any condition refused (a key
 * used before, a quote claimed, a short balance), and then none was, for the caller to place them
 * one by one and answer each as placeCreditOrder does. A transaction whose answer was lost counts
 * as placed exactly when its first order exists.
 */
export async function placeCreditOrders(user: EntryOwner, placements: readonly { order: Order; key: string }[], balances?: Balances): Promise<boolean> {
  const first = placements[0];
  if (!first) return true;
  try {
    const placed = await transactWallet(
      user,
      (account) => [
        ...placements.flatMap(({ order, key }) => placingSteps(order, key)),
        ...debitMany(
          account,
          placements.map(({ order }) => ({ amountCents: order.priceCents, orderId: order.id })),
        ),
      ],
      balances,
    );
    return placed.ok;
  } catch (err) {
    if (await getOrder(user.id, first.order.id).catch(() => undefined)) return true;
    throw err;
  }
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
 * account answers the first order and never buys twice. With `returnPlan` the label is a return of
 * its outbound shipment: quoted as one, and placed only while that outbound is a created label.
 */
export async function buyWithCredits(
  userId: string,
  body: LabelOrderBody,
  key: string,
  log: Logger,
  client: { appOrigin?: string; sourceIp?: string; actorId?: string } = {},
  returnPlan?: ReturnPlan,
): Promise<{ order: Order; user: User; checkoutUrl: string | null }> {
  const { appOrigin, sourceIp } = client;
  const kind: QuoteKind = returnPlan ? { isReturn: true } : {};
  const offer = await priceOffer(userId, body, kind);
  const price = offer.priceCents;
  const account = await getUserById(userId);
  if (!account) throw new Unauthorized();
  // The wallet entries name the person of the team who buys (`actorId`, the signed-in person).
  const user = await actingFor(account, client.actorId);
  const attempt = async (balances: Balances) => {
    const made = newOrder(user.id, body, offer, 'processing', purchaseLeaseMs(getCarrier()));
    const fresh: Order = returnPlan ? { ...made, returnOf: returnPlan.outbound.id, ...(returnPlan.email ? { returnEmail: returnPlan.email } : {}) } : made;
    const placed = await placeCreditOrder(user, fresh, key, balances).catch(async (err: unknown) => {
      // DynamoDB may have applied the transaction and lost only its answer (a timeout). The order,
      // under its brand-new id, exists exactly when it did: then buy its label now, or it would stay
      // debited and `processing`, and a retry with the same key could only answer 409.
      if (await getOrder(user.id, fresh.id).catch(() => undefined)) return { kind: 'placed', order: fresh } as const;
      throw err;
    });
    return { fresh, placed };
  };
  let { fresh, placed } = await attempt(user);
  // One quote buys one label: a second purchase from it gets a fresh quote to confirm.
  if (placed.kind === 'quote-used') return requote(QUOTE_USED, userId, body, undefined, kind);
  if (placed.kind === 'outbound-changed') throw new Conflict(OUTBOUND_CHANGED);
  let now = user;
  if (placed.kind === 'insufficient') {
    // The spendable balance after the refusal (a consistent read). Money that arrived in between (a
    // top-up settling) buys from the wallet after all, once, rather than charging a card for nothing.
    now = (await getUserById(user.id, { consistent: true })) ?? user;
    if ((now.balanceCents ?? 0) >= price) {
      ({ fresh, placed } = await attempt(now));
      if (placed.kind === 'insufficient') now = (await getUserById(user.id, { consistent: true })) ?? user;
      if (placed.kind === 'quote-used') return requote(QUOTE_USED, userId, body, undefined, kind);
      if (placed.kind === 'outbound-changed') throw new Conflict(OUTBOUND_CHANGED);
    }
  }
  if (placed.kind === 'insufficient') {
    const shortfallCents = shortfallCharge(price, now.balanceCents ?? 0);
    if (!body.payShortfall) throw new InsufficientBalance(undefined, shortfallCents);
    // A card checkout opens at the payment provider: on the same rate as a top-up's (429 before anything is stored).
    await limitCheckouts(user.id, sourceIp);
    // The same order, waiting for its card: no lease (nothing is at work on it until the payment settles).
    const { leaseUntil: _lease, ...waiting } = fresh;
    const started = await placeShortfallOrder(user, { ...waiting, status: 'awaiting_payment', shortfallCents }, key, appOrigin, log);
    if (started.kind === 'quote-used') return requote(QUOTE_USED, userId, body);
    if (started.kind === 'placed') return { order: started.order, user: now, checkoutUrl: started.checkoutUrl };
    return repeatAnswer(user, started.orderId, log);
  }
  if (placed.kind === 'repeat') return repeatAnswer(user, placed.orderId, log);
  const order = await fulfilOrder(user, placed.order, log);
  return { order, user: (await getUserById(user.id, { consistent: true })) ?? user, checkoutUrl: null };
}

/** A repeated key: the first order's outcome (never a second purchase, order or checkout). */
async function repeatAnswer(user: User, orderId: string, log: Logger): Promise<{ order: Order; user: User; checkoutUrl: string | null }> {
  const order = await firstAnswer(user.id, orderId, log);
  // A shortfall order still waiting for its card answers the same checkout (once it has one).
  if (order.status === 'awaiting_payment' && order.checkoutUrl) return { order, user, checkoutUrl: order.checkoutUrl };
  // A retry never answers 5xx: the first request's outcome is final (the label, its refund, or a
  // card payment that never went through), or it is still at work and the client is told when to ask again.
  if (order.status === 'failed' && order.failureReason === SPENT_MEANWHILE) throw new Conflict(SPENT_MEANWHILE);
  if (order.status === 'failed' && UNPAID_REASONS.has(order.failureReason ?? '')) throw new Conflict(UNPAID_BEFORE);
  if (order.status === 'failed') throw new Conflict(REFUNDED_BEFORE);
  if (order.status !== 'created') throw new Conflict('This order is still being processed. Try again in a moment.', REPEAT_RETRY_AFTER_S);
  return { order, user: (await getUserById(user.id, { consistent: true })) ?? user, checkoutUrl: null };
}

/**
 * Stores a shortfall order (awaiting_payment, no money moved) with its idempotency key in one
 * transaction, then starts the card checkout of its shortfall (a pending top-up tied to the order).
 * A checkout that cannot start fails the order (nothing was charged) and the error goes on.
 */
async function placeShortfallOrder(
  user: User,
  order: Order & { shortfallCents: number },
  key: string,
  appOrigin: string | undefined,
  log: Logger,
): Promise<{ kind: 'placed'; order: Order; checkoutUrl: string } | { kind: 'repeat'; orderId: string } | { kind: 'quote-used' }> {
  const placed = await transact([claimKeyStep(user.id, key, order.id), ...placeOrderSteps(order)]);
  if (!placed.ok) {
    if (placed.failed.has('order.idempotency')) return { kind: 'repeat', orderId: String(await orderIdForKey(user.id, key)) };
    if (placed.failed.has('order.quote')) return { kind: 'quote-used' };
    throw new Error(`placing shortfall order ${order.id} failed on ${[...placed.failed].join(', ')}`);
  }
  let url: string;
  try {
    ({ url } = await startPayment({
      userId: user.id,
      amountCents: order.shortfallCents,
      creditType: 'Card',
      purpose: 'label',
      orderId: order.id,
      description: `USPS label: ${offerName(order.labelType)} (the part your wallet does not cover)`,
      appOrigin,
    }));
  } catch (err) {
    await failAwaitingOrder(user.id, order.id, CHECKOUT_NOT_STARTED).catch(() => undefined);
    throw err;
  }
  // The checkout exists now: the order must stay awaiting its payment whatever happens here. The
  // address is kept only for a repeated request (which, without it, answers 409 with Retry-After
  // until the checkout is paid or expires and settles the order).
  await setCheckoutUrl(order, url).catch((err: unknown) => log.warn('could not keep the checkout address', { orderId: order.id, error: err as Error }));
  return { kind: 'placed', order: { ...order, checkoutUrl: url }, checkoutUrl: url };
}
