/**
 * The batch worker: prices a pricing batch's rows (below), and buys a running batch's ready rows, a chunk at a time, each as an
 * ordinary credits label (functions/labels/credit-orders.ts buyWithCredits) under the idempotency key
 * `batch-<batchId>-<row>`. That key is what makes every run safe to repeat: a redelivered message,
 * a restarted worker or two workers at once answer the first purchase of a row instead of buying it
 * again, and a row's outcome is written only from `ready`. A row that fails costs nothing: the
 * carrier's failure is refunded by buyWithCredits itself, a short balance debits nothing, a row no
 * longer valid (its ship date passed) is never sent.
 *
 * A row is bought from its quote (its quoteId and label type or service), so its order is charged
 * exactly the row's price. A quote that expired meanwhile (a long batch, a card payment that took
 * its time) is answered with a fresh quote (QuoteChanged): the row is bought from that one when its
 * price is not above the row's, the most the shipper confirmed for it; otherwise the row fails,
 * costing nothing.
 *
 * Pricing: the rows stored `pricing` at upload, and the ready rows whose quotes expired before a
 * purchase, are quoted a chunk at a time (./row-quotes.ts pricedRow, QUOTES_AT_ONCE at once), each
 * written only while the batch is still pricing; with none left the batch is a draft again. A pass
 * that meets a carrier unable to quote keeps the rows it could not price and fails, to be worked on
 * again (SQS delivers its message again; in this process the scheduled work sends the batch again
 * when its lease ends); after PRICING_TRIES such passes those rows are stored invalid, with a
 * message saying why, for the shipper to fix (which quotes the row again) or drop.
 *
 * The same function runs in the SQS worker Lambda (./worker.ts) and in the local front's process
 * (./queue.ts); each call does one chunk and says whether more is left, so no call meets a timeout.
 */
import type { Quote } from '../../domain/api/quotes';
import { formatUsd } from '../../domain/money';
import type { LabelOrderBody } from '../../domain/schemas/labels';
import type { Logger } from '../observability/logger';
import { config } from '../config';
import {
  countPricingFailure,
  finishBatch,
  finishPricing,
  getBatch,
  getBatchRows,
  putRowWhilePricing,
  renewLease,
  rowOutcomeStep,
  setRowOutcome,
  type StoredBatch,
  type StoredRow,
} from '../data/batches';
import { orderIdForKey } from '../data/orders';
import { BadRequest, Conflict, InsufficientBalance, InvalidRequest, ProviderUnavailable, QuoteChanged } from '../errors';
import { buyWithCredits, placeCreditOrders } from '../labels/credit-orders';
import { fulfilOrders, purchaseLeaseMs } from '../labels/buy-label';
import { actingFor } from '../accounts/team-actor';
import { getUserById } from '../data/users';
import { newOrder } from '../data/orders';
import { priceOffer, type PricedOffer } from '../postage/quotes';
import { getCarrier } from '../providers/registry/carrier';
import type { Order } from '../../domain/api/orders';
import { batchCompleted } from '../webhooks/events';
import { outboxWrite, sendWritten } from '../webhooks/outbox';
import { inGroups } from '../data/in-groups';
import { invalidRow, pricedRow, QUOTES_AT_ONCE, quoteHolds } from './row-quotes';
import { judgeRow } from './rows';
import { mergeBatchLabels } from './labels-pdf';

/** Rows one call prices: at most CHUNK_ROWS / QUOTES_AT_ONCE carrier calls in a row, well inside the worker's timeout. */
export const CHUNK_ROWS = 25;
/** Labels asked of the carrier at once by one group of rows. */
export const CONCURRENCY = 5;
/**
 * How long one call of a running batch goes on starting groups of rows to buy (it finishes those
 * under way): well inside the worker's timeout at the carrier's slowest, and long enough that a
 * batch is read once for hundreds of rows at the sandbox's pace.
 */
export const BUYING_MS = 30_000;
/** Groups of rows bought at once: one's transactions run at DynamoDB while the other's labels are made. */
export const GROUPS_AT_ONCE = 2;
/**
 * Rows placed in one transaction: each claims its key, stores its order, claims its quote and adds
 * its debit entry (four of DynamoDB's 100 items a transaction), beside one balance update, its
 * closing balance and the counters.
 */
export const PLACE_TOGETHER = 20;

export const BALANCE_SHORT = 'Your wallet balance did not cover this label when its turn came; nothing was charged.';
export const CARRIER_FAILED = 'The carrier could not price or make this label; nothing was charged for it (a price already taken went back to your wallet).';
export const NO_LONGER_VALID = 'This row was no longer valid when its turn came; nothing was charged.';
/** A row whose quote expired and whose price is now above the one confirmed for it. */
export const priceRose = (nowCents: number, confirmedCents: number): string =>
  `This row's price rose to ${formatUsd(nowCents)} after its quote expired, above the ${formatUsd(confirmedCents)} you confirmed; it was not bought and nothing was charged.`;
/** A row whose quote expired and whose service is no longer offered for its parcel. */
export const NO_LONGER_OFFERED = 'This row was no longer offered when its quote expired; it was not bought and nothing was charged.';

/** Pricing passes that may meet a carrier unable to quote before the rows it could not price are given up. */
export const PRICING_TRIES = 3;
export const NOT_PRICED =
  'USPS could not price this row just now; nothing was charged. Edit the row (saving it unchanged is enough) to price it again, or drop it.';

/** The idempotency key of a row's purchase: the same row is always the same one order. */
export const rowKeyOf = (batchId: string, row: number): string => `batch-${batchId}-${row}`;

type Outcome = Parameters<typeof setRowOutcome>[2];

/** The label form's body the row is bought with: its cells, its quote, and in rates mode the service it was quoted as. */
const purchaseBody = (body: LabelOrderBody, row: StoredRow): LabelOrderBody => ({
  ...body,
  ...(row.quoteId ? { quoteId: row.quoteId } : {}),
  ...(row.service ? { service: row.service } : {}),
  paymentMethod: 'credits',
  payShortfall: false,
});

/**
 * The fresh quote a QuoteChanged answer holds, to buy the row from, or the row's failure: not
 * offered any more, or dearer than confirmed. A dearer row whose key already placed an order (a
 * worker died after buying it) still takes the fresh quote: the purchase then answers that first
 * order and places nothing new.
 */
async function requoted(userId: string, key: string, row: StoredRow, err: QuoteChanged): Promise<{ quoteId: string } | { error: string }> {
  const confirmed = row.priceCents ?? 0;
  if (err.priceCents === undefined) return { error: NO_LONGER_OFFERED };
  if (err.priceCents > confirmed && !(await orderIdForKey(userId, key))) return { error: priceRose(err.priceCents, confirmed) };
  return { quoteId: (err.quote as Quote).quoteId };
}

/** Buys one row; its outcome, or undefined when the row's first purchase is still at work (try again later). */
async function buyRow(userId: string, batchId: string, row: StoredRow, log: Logger, actorId?: string): Promise<Outcome | undefined> {
  const judged = judgeRow(row.fields, config().PRICING_MODE);
  if (!judged.valid) return { status: 'failed', valid: false, errors: judged.errors, shipOrderId: null, tracking: null, error: NO_LONGER_VALID };
  const key = rowKeyOf(batchId, row.row);
  let body = purchaseBody(judged.body, row);
  for (let attempt = 0; ; attempt++) {
    try {
      const { order } = await buyWithCredits(userId, body, key, log, { actorId });
      return boughtOutcome(order);
    } catch (err) {
      if (err instanceof QuoteChanged && attempt === 0) {
        const fresh = await requoted(userId, key, row, err);
        if ('error' in fresh) return { status: 'failed', shipOrderId: null, tracking: null, error: fresh.error };
        log.info('batch row bought from a fresh quote', { batchId, row: row.row, confirmedCents: row.priceCents, nowCents: err.priceCents });
        body = { ...body, quoteId: fresh.quoteId };
        continue;
      }
      return failedOutcome(err);
    }
  }
}

/** The outcome of a row whose label was bought. */
const boughtOutcome = (order: Order): Outcome => ({
  status: 'bought',
  shipOrderId: order.id,
  tracking: order.tracking ?? null,
  error: null,
  priceCents: order.priceCents,
});

/** The outcome of a row whose purchase failed with `err` (nothing charged), undefined while its first purchase is still at work; throws what no row answers. */
function failedOutcome(err: unknown): Outcome | undefined {
  if (err instanceof InsufficientBalance) return { status: 'failed', shipOrderId: null, tracking: null, error: BALANCE_SHORT };
  if (err instanceof ProviderUnavailable) return { status: 'failed', shipOrderId: null, tracking: null, error: CARRIER_FAILED };
  // A repeat of a row whose first purchase is still processing: left ready for the next run.
  if (err instanceof Conflict && err.retryAfterSeconds !== undefined) return undefined;
  // A repeat of a row whose first purchase failed and was refunded, a request the carrier refuses
  // for good, a second fresh quote that did not hold either, or (rates mode) a row with no quote.
  if (err instanceof Conflict || err instanceof InvalidRequest || err instanceof QuoteChanged || err instanceof BadRequest) {
    return { status: 'failed', shipOrderId: null, tracking: null, error: err.message };
  }
  throw err;
}

/** A row ready to be bought with the others of its chunk: its purchase as the label form would send it, and what its quote sells. */
interface PricedRow {
  row: StoredRow;
  body: LabelOrderBody;
  offer: PricedOffer;
}

/**
 * The row as a purchase of the chunk, or undefined for the one-by-one path: a row no longer valid,
 * or whose quote does not sell it as confirmed (expired, changed: buyRow asks afresh).
 */
async function pricedForChunk(userId: string, row: StoredRow): Promise<PricedRow | undefined> {
  const judged = judgeRow(row.fields, config().PRICING_MODE);
  if (!judged.valid) return undefined;
  const body = purchaseBody(judged.body, row);
  const offer = await priceOffer(userId, body).catch(() => undefined);
  return offer && { row, body, offer };
}

/**
 * Buys up to PLACE_TOGETHER rows together, with what one row costs DynamoDB shared among them: one
 * transaction places them all (each row's key, order and debit entry, one balance update of their
 * sum), their labels are bought CONCURRENCY at a time, and one transaction records the labels with
 * the rows' outcomes (fulfilOrders). Each row is still its own order and its own debit under its
 * own key, so whatever happens to the chunk, the one-by-one path (buyRow, the next run) answers
 * each row as if it had been bought alone: a row not priced as confirmed, and every row of a chunk
 * whose placing was refused (a key used before, a quote claimed, a balance short of the whole
 * chunk), are bought one by one; a worker that dies leaves placed orders under their leases, for
 * recovery, and the rows ready, whose keys answer those orders' outcomes. Answers each row's
 * outcome as written (undefined: its first purchase still at work).
 */
async function buyTogether(batch: StoredBatch, rows: readonly StoredRow[], log: Logger): Promise<(Outcome | undefined)[]> {
  const priced = (await Promise.all(rows.map((row) => pricedForChunk(batch.userId, row)))).filter((p): p is PricedRow => p !== undefined);
  const account = priced.length > 1 ? await getUserById(batch.userId) : undefined;
  const outcomes = new Map<number, Outcome | undefined>();
  if (account) {
    // The wallet entries name the person of the team who started the purchase.
    const user = await actingFor(account, batch.purchasedBy);
    const lease = purchaseLeaseMs(getCarrier());
    const placements = priced.map(({ row, body, offer }) => ({
      row,
      key: rowKeyOf(batch.id, row.row),
      order: newOrder(user.id, body, offer, 'processing', lease),
    }));
    if (await placeCreditOrders(user, placements, user)) {
      const rowOf = new Map(placements.map(({ order, row }) => [order.id, row.row]));
      const answers = await fulfilOrders(
        user,
        placements.map((p) => p.order),
        log,
        CONCURRENCY,
        (created) => [rowOutcomeStep(batch.id, rowOf.get(created.id) as number, boughtOutcome(created))],
      );
      let unexpected: Error | undefined;
      for (const [i, answer] of answers.entries()) {
        const { row } = placements[i]!;
        if (!(answer instanceof Error)) {
          const outcome = boughtOutcome(answer.order);
          if (!answer.alsoWritten) await setRowOutcome(batch.id, row.row, outcome);
          outcomes.set(row.row, outcome);
          continue;
        }
        try {
          const outcome = failedOutcome(answer);
          if (outcome) await setRowOutcome(batch.id, row.row, outcome);
          outcomes.set(row.row, outcome);
        } catch (err) {
          // Its order stays under its lease for recovery; the row stays ready, and its key answers how the order ended.
          unexpected ??= err instanceof Error ? err : new Error(String(err));
        }
      }
      if (unexpected) throw unexpected;
    }
  }
  const alone = rows.filter((row) => !outcomes.has(row.row));
  await inGroups(alone, CONCURRENCY, async (row) => {
    const outcome = await buyRow(batch.userId, batch.id, row, log, batch.purchasedBy);
    if (outcome) await setRowOutcome(batch.id, row.row, outcome);
    outcomes.set(row.row, outcome);
  });
  return rows.map((row) => outcomes.get(row.row));
}

/**
 * One chunk of a pricing batch: up to CHUNK_ROWS rows to price quoted and stored, the lease renewed;
 * with none left, the batch a draft again. Throws ProviderUnavailable when the carrier could not
 * price some (kept for the next pass) and tries are left.
 */
async function priceChunk(batch: StoredBatch, rows: readonly StoredRow[], log: Logger): Promise<'more' | 'done'> {
  const now = Date.now();
  const toPrice = rows.filter((r) => r.status === 'pricing' || (r.status === 'ready' && !quoteHolds(r, now))).slice(0, CHUNK_ROWS);
  if (toPrice.length === 0) {
    await finishPricing(batch.id);
    log.info('batch priced', { batchId: batch.id, ready: rows.filter((r) => r.status === 'ready').length });
    return 'done';
  }
  const failures = (batch.pricingFailures ?? 0) + 1;
  let unpriced: ProviderUnavailable | undefined;
  await inGroups(toPrice, QUOTES_AT_ONCE, async (row) => {
    let priced: StoredRow;
    try {
      priced = await pricedRow(batch.userId, row.row, row.fields, row.service);
    } catch (err) {
      if (!(err instanceof ProviderUnavailable)) throw err;
      if (failures < PRICING_TRIES) return void (unpriced = err);
      priced = invalidRow(row.row, row.fields, [{ column: 'row', message: NOT_PRICED }]);
    }
    await putRowWhilePricing(batch.id, priced);
  });
  if (unpriced) {
    // Its rows stay `pricing`: the pass fails and is made again (the lease is renewed for it).
    await countPricingFailure(batch.id, failures);
    throw unpriced;
  }
  await renewLease(batch.id);
  return 'more';
}

/**
 * One chunk of a batch's work: pricing (above), or up to CHUNK_ROWS ready rows bought, the lease
 * renewed; with none left, the merged PDF made and the batch done. `more`: call again (send the
 * batch to the queue); `done`: nothing left (or the batch is neither pricing nor running: a duplicate message).
 */
export async function processChunk(batchId: string, log: Logger): Promise<'more' | 'done'> {
  const batch = await getBatch(batchId);
  if (batch?.status === 'pricing') return priceChunk(batch, await getBatchRows(batchId), log);
  if (!batch || batch.status !== 'running') return 'done';
  const rows = await getBatchRows(batchId);
  const ready = rows.filter((r) => r.status === 'ready');
  const groups = Array.from({ length: Math.ceil(ready.length / PLACE_TOGETHER) }, (_, i) => ready.slice(i * PLACE_TOGETHER, (i + 1) * PLACE_TOGETHER));
  const until = Date.now() + BUYING_MS;
  let waiting = 0;
  let tried = 0;
  let failed = false;
  const lanes = await Promise.allSettled(
    Array.from({ length: GROUPS_AT_ONCE }, async () => {
      for (let group = groups.shift(); group && !failed; group = Date.now() < until ? groups.shift() : undefined) {
        const outcomes = await buyTogether(batch, group, log).catch((err: unknown) => {
          failed = true;
          throw err;
        });
        waiting += outcomes.filter((o) => o === undefined).length;
        tried += group.length;
      }
    }),
  );
  // A group that failed fails the call once the other is done: the rows left ready are the next call's.
  for (const lane of lanes) if (lane.status === 'rejected') throw lane.reason instanceof Error ? lane.reason : new Error(String(lane.reason));
  if (ready.length > 0) {
    await renewLease(batchId);
    // Rows whose first purchase is still at work elsewhere: give it time rather than spin.
    if (waiting === tried) await new Promise((r) => setTimeout(r, 2_000));
    return 'more';
  }
  const pdfKey = await mergeBatchLabels(batch, rows, log);
  // batch.completed for the account's listening endpoints, in the transaction that makes it done.
  const events = await outboxWrite(batch.userId, batchCompleted(batch, rows));
  if (await finishBatch(batchId, pdfKey, events.steps)) await sendWritten(events, log);
  log.info('batch done', { batchId, bought: rows.filter((r) => r.status === 'bought').length, failed: rows.filter((r) => r.status === 'failed').length });
  return 'done';
}

/** Runs a batch's whole purchase here and now (tests, the bench): chunk after chunk until done. */
export async function runBatchToEnd(batchId: string, log: Logger): Promise<void> {
  while ((await processChunk(batchId, log)) === 'more');
}
