/**
 * Buying a batch. Money moves only as it does for single labels: each row is an ordinary
 * credits purchase (./run.ts); a card only ever tops the wallet up first, as a plain top-up tied to
 * the batch, whose webhook starts the batch. So no path strands a cent: a row is bought (debit +
 * label) or refunded or never debited, and a card payment lands in the wallet whatever happens next.
 *
 *   credits, balance covers the total  -> running at once
 *   credits, short, no payShortfall    -> 402 with shortfallCents, nothing changes
 *   credits + payShortfall, short      -> awaiting_payment, card checkout of the shortfall
 *   purchase (card)                    -> awaiting_payment, card checkout of the total
 *   paid (webhook)                     -> running; cancelled or failed checkout -> cancelled
 *
 * A purchase of a batch already running or done, with the same key or another, answers the batch as
 * it is; one awaiting its card answers the same checkout. Status changes are conditional, so two
 * purchases at once start one run and one checkout.
 *
 * Each ready row holds a quote (./row-quotes.ts). When a row's quote has expired, the batch goes
 * back to `pricing` for the worker to quote such rows again (./run.ts) and the purchase answers 409
 * with the batch (BatchRepriced), charging nothing: the shipper buys again once the rows are priced,
 * confirming the total (`totalCents`, which the web page always sends). The total a purchase starts
 * with is the stored rows' sum, each row's price the most its purchase may charge (./run.ts).
 */
import { limitCheckouts } from '../accounts/limits';
import type { BatchPurchaseAnswer } from '../../domain/api/batches';
import { formatUsd } from '../../domain/money';
import type * as z from '../../domain/schemas/zod';
import type { batchPurchaseSchema } from '../../domain/schemas/batches';
import {
  attachCheckout,
  cancelAwaiting,
  EDITABLE,
  getBatch,
  getBatchRows,
  paidAndRunning,
  startAwaitingPayment,
  startPricing,
  startRunning,
  type StoredBatch,
  type StoredRow,
} from '../data/batches';
import { getUserById } from '../data/users';
import { BatchRepriced, Conflict, InsufficientBalance, Unauthorized } from '../errors';
import { appOrigin as defaultOrigin } from '../http/app-origin';
import { shortfallCharge } from '../labels/credit-orders';
import type { Logger } from '../observability/logger';
import { startPayment } from '../payments/top-ups';
import { toApiBatch } from './answer';
import { ownBatch, refuseWhilePricing } from './batches';
import { getBatchQueue } from './queue';
import { quoteHolds } from './row-quotes';

export type BatchPurchaseBody = z.output<typeof batchPurchaseSchema>;

export const NOTHING_TO_BUY = 'This batch has no valid rows to buy. Fix or add rows first.';
/** A purchase naming a total other than the stored rows' sum: the shipper saw another batch. */
export const totalChanged = (shownCents: number, nowCents: number): string =>
  `This batch now costs ${formatUsd(nowCents)}, not the ${formatUsd(shownCents)} you saw. Nothing was charged: check the new total and buy again.`;

/** A purchase that met rows whose quotes expired: they are being quoted again. */
export const requoting = (rows: number): string =>
  `The quotes of ${rows === 1 ? '1 row' : `${rows} rows`} expired, so they are being priced again. Nothing was charged: check the total once they are priced and buy again.`;

/** The batch page the card checkout sends the payer back to (the web app's route; agreed with the Batch Labels page). */
export const batchPagePath = (batchId: string): string => `/user-dashboard/batch-labels/${batchId}`;

export const batchReturnUrls = (batchId: string, origin: string = defaultOrigin()) => {
  const page = new URL(batchPagePath(batchId), origin);
  return { successUrl: `${page}?checkout=success`, cancelUrl: `${page}?checkout=cancelled` };
};

async function answer(batch: StoredBatch, checkoutUrl: string | null = null): Promise<BatchPurchaseAnswer> {
  return { batch: toApiBatch(batch, await getBatchRows(batch.id)), checkoutUrl };
}

/**
 * How long a card checkout may take to start before the batch is given back: a purchase that died
 * between reserving the batch and recording its checkout would otherwise hold it for ever.
 */
const CHECKOUT_START_MS = 60_000;

/** A batch someone else's purchase moved on meanwhile: answered as it now is. */
async function asItIs(batch: StoredBatch): Promise<BatchPurchaseAnswer> {
  refuseWhilePricing(batch);
  if (batch.status === 'awaiting_payment') {
    if (batch.checkoutUrl) return answer(batch, batch.checkoutUrl);
    if (Date.now() - Date.parse(batch.updatedAt) > CHECKOUT_START_MS && (await cancelAwaiting(batch.id, undefined, { withoutEntry: true }))) {
      throw new Conflict('The card payment of this batch did not start, so nothing was charged. Buy it again.');
    }
    throw new Conflict('The card payment of this batch is starting. Try again in a moment.', 2);
  }
  return answer(batch);
}

/**
 * Sends the batch back to be priced when a ready row's quote expired (BatchRepriced: 409 with the
 * batch, nothing charged), or 'locked' when a concurrent purchase moved it on meanwhile.
 */
async function requoteExpired(batch: StoredBatch, ready: readonly StoredRow[]): Promise<'locked' | undefined> {
  const now = Date.now();
  const expired = ready.filter((r) => !quoteHolds(r, now)).length;
  if (expired === 0) return undefined;
  if (!(await startPricing(batch.id))) return 'locked';
  await getBatchQueue().send(batch.id);
  throw new BatchRepriced(requoting(expired), toApiBatch((await getBatch(batch.id)) ?? batch, await getBatchRows(batch.id)));
}

export async function purchaseBatch(input: {
  userId: string;
  batchId: string;
  body: BatchPurchaseBody;
  key: string;
  appOrigin?: string;
  sourceIp?: string;
  /** The person of the team who buys (the rows' wallet entries name them). */
  actorId?: string;
  log: Logger;
}): Promise<BatchPurchaseAnswer> {
  const batch = await ownBatch(input.userId, input.batchId);
  refuseWhilePricing(batch);
  if (!EDITABLE.includes(batch.status)) return asItIs(batch);
  const ready = (await getBatchRows(batch.id)).filter((r) => r.status === 'ready');
  if (ready.length === 0) throw new Conflict(NOTHING_TO_BUY);
  const reread = async () => asItIs((await getBatch(batch.id)) ?? batch);
  if ((await requoteExpired(batch, ready)) === 'locked') return reread();
  const totalCents = ready.reduce((sum, r) => sum + (r.priceCents ?? 0), 0);
  const shown = input.body.totalCents;
  if (shown !== undefined && shown !== totalCents) {
    throw new BatchRepriced(totalChanged(shown, totalCents), toApiBatch(batch, await getBatchRows(batch.id)));
  }
  const fields = {
    toBuy: ready.length,
    purchaseKey: input.key,
    paymentMethod: input.body.paymentMethod,
    ...(input.actorId ? { purchasedBy: input.actorId } : {}),
  };

  let cardCents = totalCents;
  if (input.body.paymentMethod === 'credits') {
    const user = await getUserById(input.userId, { consistent: true });
    if (!user) throw new Unauthorized();
    const balance = user.balanceCents ?? 0;
    if (balance >= totalCents) {
      if (!(await startRunning(batch.id, EDITABLE, fields))) return reread();
      await getBatchQueue().send(batch.id);
      input.log.info('batch purchase started', { batchId: batch.id, rows: ready.length, totalCents, paidBy: 'credits' });
      return answer((await getBatch(batch.id)) ?? batch);
    }
    cardCents = shortfallCharge(totalCents, balance);
    if (!input.body.payShortfall) {
      throw new InsufficientBalance(
        `Your balance (${formatUsd(Math.max(balance, 0))}) does not cover this batch (${formatUsd(totalCents)}). Add funds or pay ${formatUsd(cardCents)} by card.`,
        cardCents,
      );
    }
  }

  // A card checkout opens at the payment provider: on the same rate as a top-up's (429 before the batch changes).
  await limitCheckouts(input.userId, input.sourceIp);
  if (!(await startAwaitingPayment(batch.id, fields))) return reread();
  let started: { url: string; entryId: string };
  try {
    started = await startPayment({
      userId: input.userId,
      amountCents: cardCents,
      creditType: 'Card',
      purpose: 'batch',
      batchId: batch.id,
      description:
        cardCents === totalCents ? `Batch of ${ready.length} USPS labels` : `Batch of ${ready.length} USPS labels (the part your wallet does not cover)`,
      appOrigin: input.appOrigin,
      returnUrls: batchReturnUrls(batch.id, input.appOrigin),
    });
  } catch (err) {
    // Nothing was charged: the batch can be bought again.
    await cancelAwaiting(batch.id, undefined).catch(() => undefined);
    throw err;
  }
  await attachCheckout(batch.id, started.entryId, started.url);
  input.log.info('batch card payment started', { batchId: batch.id, rows: ready.length, totalCents, cardCents });
  return answer((await getBatch(batch.id)) ?? batch, started.url);
}

/**
 * The card payment of a batch was settled by its provider's event (the top-up is applied, or the
 * event is a replay of one that was): paid starts the batch, once; cancelled or failed makes it
 * `cancelled` (nothing was bought; the top-up moved no money). Only for the payment the batch waits for.
 */
export async function batchPaymentSettled(
  input: { userId: string; batchId: string; entryId: string; outcome: 'completed' | 'failed' | 'cancelled' },
  log: Logger,
): Promise<'started' | 'cancelled' | 'unchanged'> {
  const batch = await getBatch(input.batchId);
  if (!batch || batch.userId !== input.userId) return 'unchanged';
  if (input.outcome === 'completed') {
    if (!(await paidAndRunning(batch.id, input.entryId))) return 'unchanged';
    await getBatchQueue().send(batch.id);
    log.info('batch paid; buying its rows', { batchId: batch.id });
    return 'started';
  }
  return (await cancelAwaiting(batch.id, input.entryId)) ? 'cancelled' : 'unchanged';
}
