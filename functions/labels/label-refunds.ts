/**
 * Refunds of unused labels. A created label may be refunded within REFUND_WINDOW_DAYS of its
 * purchase (USPS's limit) while tracking shows no acceptance scan (providers/tracking/acceptance-scan.ts);
 * AUTO_REFUND_AFTER_DAYS after its purchase, before that limit closes, the scheduled auto-refund asks
 * for the refund of every label still unscanned.
 *
 *   ask      created -> refund_pending (the order holds a lease, in the work index's refund queue),
 *            then the carrier is asked (EasyPost: its shipment refund; the sandbox: at once)
 *   settle   the carrier's answer: `refunded` -> refunded with the wallet's `refund` entry of the
 *            label's price in the same transaction (and a real label's margin counters taken back),
 *            a card-paid label's card part refunded at Stripe first and debited back (./card-refunds.ts);
 *            `rejected` -> refund_rejected with its reason; `submitted` -> asked again at the next
 *            poll (the lease is the poll's due time)
 *
 * The money rules: the credit happens only when the carrier says refunded, in one transaction with
 * refund_pending -> refunded; the label's debit stays, so an order ends with its debit and at most
 * one refund entry. Every move is conditional on the status read, so two job runs, or a job and a
 * request, never refund twice. A request that dies after its first move leaves a refund_pending
 * order whose lease runs out; the settle job then takes the lease over and asks the carrier how the
 * refund stands (asking for it when it never reached the carrier), exactly like purchase recovery.
 */
import { creditsAtOnce } from '../../domain/api/order-answer';
import type { Order } from '../../domain/api/orders';
import { AUTO_REFUND_AFTER_DAYS, REFUND_WINDOW_DAYS } from '../../domain/constants';
import { refundWindowEnd } from '../../domain/ship-date';
import { formatUsd } from '../../domain/money';
import { config } from '../config';
import { guarded, steps, transact } from '../data/client';
import { dueWork, getOrder, leaseMs, leaveUnusedQueue, moveOrderStep, NEVER_DOWNLOADED, NEVER_DOWNLOADED_VALUES, takeOverLease } from '../data/orders';
import { savingsRefundSteps } from '../data/savings';
import { statsItems, type StatsChange } from '../data/stats';
import { getUserById } from '../data/users';
import { Conflict, NotFound, ProviderUnavailable } from '../errors';
import type { Logger } from '../observability/logger';
import { labelRefunded } from '../observability/metrics';
import type { RefundOutcome } from '../providers/carrier/carrier';
import { getCarrier } from '../providers/registry/carrier';
import { tellUser } from '../providers/registry/mail';
import { getPackageTracker } from '../providers/registry/tracking';
import { acceptanceScan } from '../providers/tracking/acceptance-scan';
import { refundMoney } from './card-refunds';
import type { Checkpoint } from '../providers/tracking/tracking';
import { refund, transactWallet } from '../wallet/wallet';
import { labelRefunded as labelRefundedEvent } from '../webhooks/events';
import { outboxWrite, sendWritten, type OutboxWrite } from '../webhooks/outbox';

/** Orders one scheduled run looks at per job, at most: a backlog is worked through over the following runs. */
const BATCH = 25;
/** The first polls of a submitted refund come this soon; later ones further apart (see nextPoll). */
const FIRST_POLL_MS = 60_000;

const day = (iso: string) => iso.slice(0, 10);

/**
 * When to ask the carrier again about a submitted refund: half its age so far, at least a minute
 * and at most REFUND_POLL_SECONDS. A sandbox refund delayed a minute is seen within a minute or
 * two; an EasyPost refund that takes USPS 15 days is asked about a few hundred times, not 20,000.
 */
export function nextPoll(order: Pick<Order, 'refundRequestedAt'>, now: Date): Date {
  const age = now.getTime() - Date.parse(order.refundRequestedAt ?? now.toISOString());
  const wait = Math.min(Math.max(age / 2, FIRST_POLL_MS), config().REFUND_POLL_SECONDS * 1000);
  return new Date(now.getTime() + wait);
}

/** The package's first acceptance scan, or undefined: the tracker's events of the label now. */
async function scanOf(order: Order): Promise<Checkpoint | undefined> {
  return order.tracking ? acceptanceScan(await getPackageTracker().track(order.tracking, order)) : undefined;
}

/** Why an order cannot be refunded as it stands (before tracking is asked), or undefined. */
function refusal(order: Order, now: Date): Conflict | undefined {
  switch (order.status) {
    case 'created':
      break;
    case 'refund_pending':
      return new Conflict('A refund was already requested for this label; it is waiting for the carrier.');
    case 'refunded':
      return new Conflict('This label was already refunded.');
    case 'refund_rejected':
      return new Conflict(`A refund was already requested for this label and the carrier rejected it: ${order.refundReason ?? 'no reason given'}`);
    default:
      return new Conflict('Only a created label can be refunded.');
  }
  const end = refundWindowEnd(order.createdAt);
  if (now.toISOString() >= end) {
    return new Conflict(
      `USPS refunds labels within ${REFUND_WINDOW_DAYS} days of their purchase; this one's window ended on ${day(end)}. Unused labels are refunded automatically before then.`,
    );
  }
  return undefined;
}

/**
 * created -> refund_pending, with a lease for the asker; undefined when the order was no longer
 * created. A wallet-paid label never downloaded is credited in the same move (creditEarly); when a
 * download marked it meanwhile, the refund is asked the ordinary way from a fresh read.
 */
async function startRefund(order: Order, by: 'user' | 'auto', now: Date, log: Logger): Promise<Order | undefined> {
  const at = now.toISOString();
  const fields = { refundRequestedAt: at, refundBy: by };
  const leaseUntil = new Date(now.getTime() + leaseMs());
  if (creditsAtOnce(order)) {
    const early = await creditEarly(order, fields, leaseUntil, log);
    if (early) return early;
    const fresh = await getOrder(order.userId, order.id);
    if (!fresh || fresh.status !== 'created' || creditsAtOnce(fresh)) return undefined;
    order = fresh;
  }
  const done = await transact([moveOrderStep(order, 'created', 'refund_pending', at, fields, leaseUntil)]);
  if (!done.ok) return undefined;
  return { ...order, ...fields, status: 'refund_pending', leaseUntil: leaseUntil.toISOString(), updatedAt: at };
}

/**
 * A wallet-paid label whose PDF never reached its shipper cannot have been printed, so its price
 * goes back to the wallet the moment its refund is asked, in the transaction that moves it created
 * -> refund_pending: the wallet's refund entry, the savings and the margin counters taken back as a
 * completed refund takes them, and `creditedEarly` on the order. Its condition includes "never
 * downloaded" (the download's mark is conditional on created), so a download and this credit
 * exclude each other. The carrier's decision then moves no money (confirmEarlyCredit,
 * carryRejection). Undefined when the order changed since it was read.
 */
async function creditEarly(order: Order, fields: Record<string, string>, leaseUntil: Date, log: Logger): Promise<Order | undefined> {
  const user = await getUserById(order.userId, { consistent: true });
  if (!user) throw new Error(`refund of order ${order.id}: account ${order.userId} is gone`);
  const at = fields.refundRequestedAt as string;
  const move = guarded(
    moveOrderStep(order, 'created', 'refund_pending', at, { ...fields, creditedEarly: true }, leaseUntil),
    `${NEVER_DOWNLOADED} AND paymentMethod = :credits AND attribute_not_exists(shortfallCents)`,
    { ...NEVER_DOWNLOADED_VALUES, ':credits': 'credits' },
  );
  const credited: Order = { ...order, ...fields, creditedEarly: true, status: 'refund_pending', leaseUntil: leaseUntil.toISOString(), updatedAt: at };
  const events = await refundedEvent(credited);
  const done = await transactWallet(
    user,
    (account) => [
      ...savingsRefundSteps(order, move),
      ...refund(account, { amountCents: order.priceCents, orderId: order.id }, marginBack(order)),
      ...events.steps,
    ],
    user,
  );
  if (!done.ok) return undefined;
  labelRefunded();
  await sendWritten(events, log);
  log.info('label credited at its refund request: never downloaded', { orderId: order.id, by: fields.refundBy, amountCents: order.priceCents });
  await tellUser(
    user.email,
    'Your label refund is complete',
    [
      `Hello ${user.name},`,
      '',
      `${fields.refundBy === 'auto' ? `Your label was not used within ${AUTO_REFUND_AFTER_DAYS} days of its purchase, so we asked for its refund. ` : ''}Your ${formatUsd(order.priceCents)} label${order.tracking ? ` (tracking ${order.tracking})` : ''} was never downloaded, so we did not wait for USPS to decide its refund.`,
      `${formatUsd(order.priceCents)} is back in your PrepaidShip wallet already. The label can no longer be used or downloaded.`,
    ],
    log,
  );
  return credited;
}

/** The carrier refunded a label credited early: refund_pending -> refunded, no money moves (it moved at the request). */
async function confirmEarlyCredit(order: Order, log: Logger, now: Date): Promise<Order> {
  const at = now.toISOString();
  const done = await transact([
    guarded(moveOrderStep(order, 'refund_pending', 'refunded', at, { refundDecidedAt: at }), 'creditedEarly = :yes', { ':yes': true }),
  ]);
  if (!done.ok) return settledElsewhere(order);
  log.info('carrier refunded a label credited early', { orderId: order.id, by: order.refundBy });
  return { ...order, status: 'refunded', refundDecidedAt: at, leaseUntil: undefined, updatedAt: at };
}

/**
 * The carrier rejected the refund of a label credited early: refund_rejected with its reason, and
 * we carry it. The wallet keeps the credit (the shipper was told the money is back; the label was
 * never printed and stays unprintable), the refunds we carried count it and its price, and a real
 * label's carrier cost comes back into the margin's carrier cost: the carrier kept it.
 */
async function carryRejection(order: Order, reason: string, log: Logger, now: Date): Promise<Order> {
  const at = now.toISOString();
  const carried: StatsChange = { carriedRefunds: 1, carriedRefundCents: order.priceCents, realCostCents: order.costCents ?? 0 };
  const done = await transact([
    guarded(moveOrderStep(order, 'refund_pending', 'refund_rejected', at, { refundDecidedAt: at, refundReason: reason }), 'creditedEarly = :yes', {
      ':yes': true,
    }),
    ...steps('stats', statsItems(carried, now)),
  ]);
  if (!done.ok) return settledElsewhere(order);
  log.warn('carrier rejected the refund of a label credited early: carried', { orderId: order.id, reason, priceCents: order.priceCents });
  return { ...order, status: 'refund_rejected', refundDecidedAt: at, refundReason: reason, leaseUntil: undefined, updatedAt: at };
}

/**
 * label.refunded for the account's listening endpoints, written in the transaction that gives the
 * price back (at the request for a label credited early, at the carrier's decision otherwise), so it
 * is sent once per label and only when the money moved.
 */
const refundedEvent = (order: Order): Promise<OutboxWrite> => outboxWrite(order.userId, labelRefundedEvent(order), new Date(order.updatedAt));

/**
 * The real-label margin counters a refund takes back: what completeOrder added (createdLabelStats),
 * negative. A sandbox label (no carrier cost) moved none of them.
 */
const marginBack = (order: Order): StatsChange =>
  order.costCents === null || order.costCents === undefined ? {} : { realLabels: -1, realRevenueCents: -order.priceCents, realCostCents: -order.costCents };

/**
 * refund_pending -> refunded with the price where it goes (./card-refunds.ts: a card's part back to
 * the card, the rest to the wallet), once; the order as it then is. Still refund_pending when the
 * card's refund cannot be made now: the scheduled work resumes it.
 */
async function completeRefund(order: Order, log: Logger, now: Date): Promise<Order> {
  if (order.creditedEarly) return confirmEarlyCredit(order, log, now);
  const user = await getUserById(order.userId, { consistent: true });
  if (!user) throw new Error(`refund of order ${order.id}: account ${order.userId} is gone`);
  const money = await refundMoney(order, log);
  if (!money) return settledElsewhere(order);
  const at = now.toISOString();
  const fields = { refundDecidedAt: at, ...money.orderFields };
  const refunded: Order = { ...order, ...fields, status: 'refunded', leaseUntil: undefined, updatedAt: at };
  const events = await refundedEvent(refunded);
  const done = await transactWallet(
    user,
    (account) => [
      // The label's savings leave its month with it; guarded on the month read (data/savings.ts), and
      // on no early credit (whose price went back already) whatever the read said.
      ...savingsRefundSteps(order, guarded(moveOrderStep(order, 'refund_pending', 'refunded', at, fields), 'attribute_not_exists(creditedEarly)')),
      ...money.steps(account, marginBack(order)),
      ...events.steps,
    ],
    user,
  );
  if (!done.ok) return settledElsewhere(order);
  labelRefunded();
  await sendWritten(events, log);
  log.info('label refunded', { orderId: order.id, by: order.refundBy, amountCents: order.priceCents });
  await tellUser(
    user.email,
    'Your label refund is complete',
    [
      `Hello ${user.name},`,
      '',
      `${order.refundBy === 'auto' ? `Your label was not used within ${AUTO_REFUND_AFTER_DAYS} days of its purchase, so we asked for its refund. ` : ''}The refund of your ${formatUsd(order.priceCents)} label${order.tracking ? ` (tracking ${order.tracking})` : ''} is complete.`,
      `${money.told} The label can no longer be used or downloaded.`,
    ],
    log,
  );
  return refunded;
}

/** refund_pending -> refund_rejected with the carrier's reason, once. */
async function rejectRefund(order: Order, reason: string, log: Logger, now: Date): Promise<Order> {
  if (order.creditedEarly) return carryRejection(order, reason, log, now);
  const at = now.toISOString();
  const done = await transact([moveOrderStep(order, 'refund_pending', 'refund_rejected', at, { refundDecidedAt: at, refundReason: reason })]);
  if (!done.ok) return settledElsewhere(order);
  log.info('label refund rejected', { orderId: order.id, by: order.refundBy, reason });
  const user = await getUserById(order.userId);
  if (user) {
    await tellUser(
      user.email,
      'Your label refund was rejected',
      [
        `Hello ${user.name},`,
        '',
        `The carrier rejected the refund of your ${formatUsd(order.priceCents)} label${order.tracking ? ` (tracking ${order.tracking})` : ''}: ${reason}`,
        'Your wallet was not credited; the label stays yours to use.',
      ],
      log,
    );
  }
  return { ...order, status: 'refund_rejected', refundDecidedAt: at, refundReason: reason, leaseUntil: undefined, updatedAt: at };
}

/** Another run or request decided the refund first: the order as it now is. */
async function settledElsewhere(order: Order): Promise<Order> {
  const now = await getOrder(order.userId, order.id);
  if (!now) throw new Error(`order ${order.id} is gone`);
  return now;
}

/** Acts on the carrier's answer about a refund_pending order: settles it, or leaves it for the next poll. */
async function settle(order: Order, outcome: RefundOutcome, log: Logger, now: Date): Promise<Order> {
  if (outcome.status === 'refunded') return completeRefund(order, log, now);
  if (outcome.status === 'rejected') return rejectRefund(order, outcome.reason, log, now);
  return order;
}

/**
 * Asks the carrier to refund a refund_pending order this caller holds the lease of, and records
 * the answer. A carrier that cannot answer leaves the order pending: the settle job asks again when
 * the lease runs out. A submitted refund's lease becomes its next poll.
 */
async function askCarrier(order: Order, log: Logger, now: Date): Promise<Order> {
  let outcome: RefundOutcome;
  try {
    outcome = await getCarrier().refundLabel(order);
  } catch (err) {
    log.warn('the carrier could not take the refund request; the scheduled work asks again', {
      orderId: order.id,
      detail: err instanceof ProviderUnavailable ? err.detail : String(err),
    });
    return order;
  }
  if (outcome.status === 'submitted') {
    const until = nextPoll(order, now);
    if (order.leaseUntil && (await takeOverLease(order, order.leaseUntil, now, { status: 'refund_pending', until }))) {
      return { ...order, leaseUntil: until.toISOString() };
    }
    return order;
  }
  return settle(order, outcome, log, now);
}

/**
 * The shipper's refund of label `orderId` (POST /shipping/orders/{shipOrderId}/refund): the order
 * as it stands after asking (refund_pending, or already refunded or rejected when the carrier
 * decided at once). 404 for an order that is not the caller's; 409 with the reason when it is not a
 * created label, its window has ended, USPS has scanned it, or a refund was already asked for; 502
 * when tracking cannot be read (nothing is written then).
 */
export async function requestRefund(userId: string, orderId: string, log: Logger, now = new Date()): Promise<Order> {
  const order = await getOrder(userId, orderId);
  if (!order) throw new NotFound('Order not found');
  const refused = refusal(order, now);
  if (refused) throw refused;
  const scan = await scanOf(order);
  if (scan) {
    throw new Conflict(`USPS has already scanned this package (${scan.message}, ${scan.checkpoint_time}), so its label can no longer be refunded.`);
  }
  const pending = await startRefund(order, 'user', now, log);
  if (!pending) {
    // Another request (a double click) or the auto-refund moved it first: answer why, as for a repeat.
    const current = await getOrder(userId, orderId);
    throw (current && refusal(current, now)) ?? new Conflict('This label changed while its refund was being requested. Please reload it.');
  }
  try {
    return await askCarrier(pending, log, now);
  } catch (err) {
    // Recording the carrier's answer failed (DynamoDB): the order is refund_pending, and the settle
    // job finishes it; the answer says how it is stored now, or the error stands when that cannot be read.
    log.error('recording the refund outcome failed; the scheduled work settles it', { orderId, error: err as Error });
    const stored = await getOrder(userId, orderId);
    if (!stored) throw err;
    return stored;
  }
}

export type SettleOutcome = 'refunded' | 'rejected' | 'pending' | 'skipped';

/** One refund_pending order whose lease ran out: the carrier asked how the refund stands (or asked for it), and settled. */
async function settleOne(order: Order, log: Logger, now: Date): Promise<SettleOutcome> {
  if (order.status !== 'refund_pending' || !order.leaseUntil || order.leaseUntil >= now.toISOString()) return 'skipped';
  const until = nextPoll(order, now);
  if (!(await takeOverLease(order, order.leaseUntil, now, { status: 'refund_pending', until }))) return 'skipped';
  const held = { ...order, leaseUntil: until.toISOString() };
  let outcome: RefundOutcome;
  try {
    // A card refund planned already: the carrier had said refunded, and only the card's part is left to make.
    outcome = held.cardRefundCents !== undefined ? { status: 'refunded' } : ((await getCarrier().refundStatus(held)) ?? (await getCarrier().refundLabel(held)));
  } catch (err) {
    log.warn('the carrier could not say how a refund stands; asking again later', {
      orderId: order.id,
      detail: err instanceof ProviderUnavailable ? err.detail : String(err),
    });
    return 'skipped';
  }
  const settled = await settle(held, outcome, log, now);
  return settled.status === 'refunded' ? 'refunded' : settled.status === 'refund_rejected' ? 'rejected' : 'pending';
}

/**
 * Scheduled: every refund_pending order due for a poll (its lease ran out), up to BATCH: refunded
 * ones credited, rejected ones closed with the reason, submitted ones polled again later.
 */
export async function settleRefunds(log: Logger, now = new Date()): Promise<Record<SettleOutcome, number>> {
  const counts: Record<SettleOutcome, number> = { refunded: 0, rejected: 0, pending: 0, skipped: 0 };
  for (const order of await dueWork('refund', now, BATCH)) {
    try {
      counts[await settleOne(order, log, now)]++;
    } catch (err) {
      // One order's trouble never stops the others; its lease runs out again.
      log.error('settling a refund failed; it is tried again on a later run', { orderId: order.id, error: err as Error });
      counts.skipped++;
    }
  }
  return counts;
}

export type AutoRefundOutcome = SettleOutcome | 'used';

/** One created label due for its automatic refund: refunded if tracking shows no scan, else out of the unused queue for good. */
async function autoRefundOne(order: Order, log: Logger, now: Date): Promise<AutoRefundOutcome> {
  if (order.status !== 'created') return 'skipped';
  let scan: Checkpoint | undefined;
  try {
    scan = await scanOf(order);
  } catch (err) {
    log.warn('tracking could not be read for an auto-refund; trying again later', {
      orderId: order.id,
      detail: err instanceof ProviderUnavailable ? err.detail : String(err),
    });
    return 'skipped';
  }
  if (scan) {
    await leaveUnusedQueue(order);
    return 'used';
  }
  const pending = await startRefund(order, 'auto', now, log);
  if (!pending) return 'skipped';
  const settled = await askCarrier(pending, log, now);
  return settled.status === 'refunded' ? 'refunded' : settled.status === 'refund_rejected' ? 'rejected' : 'pending';
}

/**
 * Scheduled: every created label due for its automatic refund before `now` (the unused queue), up to
 * BATCH: one with no acceptance scan is refunded as if its shipper had asked; a scanned one leaves
 * the queue (it was used).
 */
export async function autoRefundUnused(log: Logger, now = new Date()): Promise<Record<AutoRefundOutcome, number>> {
  const counts: Record<AutoRefundOutcome, number> = { refunded: 0, rejected: 0, pending: 0, used: 0, skipped: 0 };
  for (const order of await dueWork('unused', now, BATCH)) {
    try {
      counts[await autoRefundOne(order, log, now)]++;
    } catch (err) {
      log.error('auto-refunding a label failed; it is tried again on a later run', { orderId: order.id, error: err as Error });
      counts.skipped++;
    }
  }
  return counts;
}
