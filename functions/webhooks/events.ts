/**
 * What each webhook event carries (its `data`), built in one place so the payloads stay the API's
 * own answers: a label as the order routes answer it, a wallet entry as the transactions list does,
 * an adjustment as the adjustments list does. The subject orders one endpoint's deliveries: a label's
 * events (created, tracking, refunded, adjustment) share its order id, so they arrive in order.
 * docs/webhooks.md lists them for the shop.
 */
import type { Order } from '../../domain/api/orders';
import { toApiOrder } from '../../domain/api/order-answer';
import type { LedgerEntry } from '../../domain/api/wallet';
import { toApiEntry } from '../../domain/api/wallet-answer';
import type { AppliedTrackingEvent } from '../data/orders';
import { toApiAdjustment, type PostageAdjustment } from '../data/postage-adjustments';
import type { StoredBatch, StoredRow } from '../data/batches';
import type { OutboxEvent } from './outbox';

/** A label was bought: the order as GET /shipping/orders lists it. */
export const labelCreated = (order: Order): OutboxEvent => ({ type: 'label.created', subject: order.id, data: toApiOrder(order) });

/** A label's price went back (to the wallet, or its card part to the card): the order as it is then. */
export const labelRefunded = (order: Order): OutboxEvent => ({ type: 'label.refunded', subject: order.id, data: toApiOrder(order) });

/** A newer carrier event was recorded for a label. */
export const trackingUpdated = (order: Pick<Order, 'id' | 'tracking'>, event: Pick<AppliedTrackingEvent, 'status' | 'lastEvent'>): OutboxEvent => ({
  type: 'tracking.updated',
  subject: order.id,
  data: { shipOrderId: order.id, trackingNumber: order.tracking, status: event.status, lastEvent: event.lastEvent },
});

/** Money was added to the wallet (a settled top-up, an admin's credit): the completed entry. */
export const walletCredited = (entry: LedgerEntry): OutboxEvent => ({ type: 'wallet.credited', subject: `entry:${entry.id}`, data: toApiEntry(entry) });

/** USPS charged (or gave back, a negative amount) a postage adjustment for a label: the adjustment. */
export const adjustmentCreated = (adjustment: PostageAdjustment): OutboxEvent => ({
  type: 'adjustment.created',
  subject: adjustment.shipOrderId,
  data: toApiAdjustment(adjustment),
});

/** A batch finished buying its rows: its counts and each row's outcome (no row's cells: GET the batch for them). */
export const batchCompleted = (batch: Pick<StoredBatch, 'id' | 'createdAt' | 'toBuy'>, rows: readonly StoredRow[]): OutboxEvent => ({
  type: 'batch.completed',
  subject: `batch:${batch.id}`,
  data: {
    batchId: batch.id,
    status: 'done',
    createdAt: batch.createdAt,
    counts: { toBuy: batch.toBuy, bought: rows.filter((r) => r.status === 'bought').length, failed: rows.filter((r) => r.status === 'failed').length },
    rows: rows
      .filter((r) => r.status === 'bought' || r.status === 'failed')
      .map((r) => ({ row: r.row, status: r.status, shipOrderId: r.shipOrderId, tracking: r.tracking, priceCents: r.priceCents, error: r.error })),
  },
});
