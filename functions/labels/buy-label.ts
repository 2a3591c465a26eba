/**
 * Buying a label, after the money is secured (wallet debit or card payment): ask the carrier, keep
 * the PDF, mark the order created. If the carrier or the label store fails, the order is failed and
 * its price refunded to the wallet in one transaction, so a failed label never costs anything.
 */
import { labelPriceCents } from '../../domain/pricing';
import type { LabelOrderBody } from '../../domain/schemas/labels';
import { transact } from '../data/client';
import type { Order } from '../../domain/api/orders';
import { completeOrder, getOrder, moveOrderStep, type LabelFields } from '../data/orders';
import { InvalidRequest, ProviderUnavailable } from '../errors';
import type { Logger } from '../observability/logger';
import { labelBought, labelRefunded } from '../observability/metrics';
import { getLabelStore } from '../providers/registry/blobs';
import type { BoughtLabel, LabelRequest } from '../providers/carrier/carrier';
import { getCarrier } from '../providers/registry/carrier';
import type { EntryOwner } from '../wallet/ledger';
import { refund } from '../wallet/wallet';

const CARRIER = 'USPS label service';

/** The server's price for a form, or a 400 when the type and weight have none. */
export function priceOf(body: Pick<LabelOrderBody, 'labelType' | 'weight'>): number {
  const price = labelPriceCents(body.labelType, body.weight);
  if (price <= 0) throw new InvalidRequest('This label type is not available for that weight');
  return price;
}

/** What the carrier is asked for an order: the label form as stored, our price (its cost ceiling). */
export const labelRequestOf = (order: Order): LabelRequest => ({
  orderId: order.id,
  labelType: order.labelType,
  weightLb: order.weightLb,
  lengthIn: order.lengthIn,
  widthIn: order.widthIn,
  heightIn: order.heightIn,
  from: order.from,
  to: order.to,
  shipDate: order.shipDate,
  priceCents: order.priceCents,
});

/** Keeps a bought label's PDF in the label store; the label fields the order records. */
export async function keepLabel(order: Order, bought: BoughtLabel): Promise<LabelFields> {
  const labelKey = `labels/${order.userId}/${order.id}.pdf`;
  await getLabelStore().put(labelKey, bought.pdf, 'application/pdf');
  return { tracking: bought.tracking, carrierRef: bought.carrierRef, service: bought.service, labelKey, costCents: bought.costCents };
}

/** Buys the label of a paid, processing order; refunds and throws ProviderUnavailable on failure. */
export async function fulfilOrder(user: EntryOwner, order: Order, log: Logger): Promise<Order> {
  let label: LabelFields;
  try {
    label = await keepLabel(order, await getCarrier().buyLabel(labelRequestOf(order)));
  } catch (err) {
    const detail = err instanceof ProviderUnavailable ? err.detail : err instanceof Error ? err.message : String(err);
    log.error('label purchase failed; refunding', { orderId: order.id, detail });
    await failAndRefund(user, order, detail, log);
    throw new ProviderUnavailable(CARRIER, detail);
  }
  return finishOrder(order, label, log);
}

/** Records the label of a processing order (the order becomes created, the counters move). */
export async function finishOrder(order: Order, label: LabelFields, log: Logger): Promise<Order> {
  const created = await recordOutcome(order, 'created', () => completeOrder(order, label), log);
  labelBought();
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
  const done = await transact([
    moveOrderStep(order, 'processing', 'failed', updatedAt, { failureReason: reason }),
    ...refund(user, { amountCents: order.priceCents, orderId: order.id }),
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
