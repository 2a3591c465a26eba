/**
 * The webhook events besides label.created, end to end against DynamoDB Local and a real HTTP
 * receiver: each is written in the transaction of the change it reports (found among the
 * transaction's items), delivered after it with its documented `data`, and not written when the
 * change does not happen (a replayed or older event, a refund already settled).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ApiBatch } from '../../domain/api/batches';
import { batchQueueIdle } from '../../functions/batches/queue';
import { db } from '../../functions/data/client';
import { getOrder } from '../../functions/data/orders';
import { logger } from '../../functions/observability/logger';
import { sandboxInvoiceEvent } from '../../functions/postage/sandbox-adjustments';
import { applyTrackingUpdate } from '../../functions/tracking/apply-update';
import { webhookQueueIdle } from '../../functions/webhooks/queue';
import { batchCsv, sampleRow, sampleRows } from '../fixtures/batch-csv';
import { uploadPriced } from './batch-upload';
import { buyLabel, idempotencyKey, invoke, newAccount, type Account } from './security/actors';
import { creditWallet } from './wallet-credit';
import { startReceiver, type Receiver } from './webhook-receiver';

let ann: Account;
let receiver: Receiver;
beforeEach(async () => {
  ann = await newAccount('user', 'hook-events');
  receiver = await startReceiver();
});
afterEach(async () => {
  await webhookQueueIdle();
  await batchQueueIdle();
  vi.restoreAllMocks();
  await receiver.close();
});

interface Event {
  id: string;
  type: string;
  createdAt: string;
  data: Record<string, unknown>;
}

async function listen(events: string[]) {
  const res = await invoke('POST /account/webhooks', { token: ann.token, body: { url: receiver.url, events } });
  expect(res.statusCode, res.body).toBe(201);
}

/** The events the receiver got so far, of `type`. */
const got = (type: string): Event[] => receiver.received.map((r) => JSON.parse(r.body) as Event).filter((e) => e.type === type);

/** Waits until the queue is idle, then answers the events of `type` delivered. */
async function delivered(type: string): Promise<Event[]> {
  await webhookQueueIdle();
  return got(type);
}

/**
 * Runs `change` with every TransactWrite watched; answers the items of the one transaction that
 * wrote a delivery of `type` (failing when none or several did).
 */
async function transactionWriting<T>(type: string, change: () => Promise<T>): Promise<{ result: T; items: Record<string, unknown>[] }> {
  const send = vi.spyOn(db, 'send');
  const result = await change();
  const transactions = send.mock.calls.map(([c]) => c as unknown).filter((c): c is TransactWriteCommand => c instanceof TransactWriteCommand);
  send.mockRestore();
  const writing = transactions.filter((t) => (t.input.TransactItems ?? []).some((i) => i.Put?.Item?.entity === 'webhookDelivery' && i.Put.Item.type === type));
  expect(writing, `transactions writing ${type}`).toHaveLength(1);
  return { result, items: writing[0]!.input.TransactItems ?? [] };
}

const updateOf = (items: Record<string, unknown>[]) =>
  items.map((i) => (i as { Update?: { Key?: { sk?: string }; ExpressionAttributeValues?: Record<string, unknown> } }).Update).filter(Boolean);
const putOf = (items: Record<string, unknown>[]) => items.map((i) => (i as { Put?: { Item?: Record<string, unknown> } }).Put?.Item).filter(Boolean);

describe('label.refunded', () => {
  it('a label never downloaded: written with the credit at the refund request, delivered once', async () => {
    await listen(['label.refunded']);
    const label = await buyLabel(ann);
    const { result: res, items } = await transactionWriting('label.refunded', () =>
      invoke('POST /shipping/orders/{shipOrderId}/refund', { token: ann.token, params: { shipOrderId: label.shipOrderId } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    // The wallet's refund entry is in the same transaction.
    expect(putOf(items).some((i) => i!.type === 'refund' && i!.orderId === label.shipOrderId && i!.amountCents === label.priceCents)).toBe(true);
    const [event, ...more] = await delivered('label.refunded');
    expect(more).toEqual([]);
    expect(event!.data).toMatchObject({ shipOrderId: label.shipOrderId, tracking: label.tracking });
    // The carrier's later decision moves no money and tells nothing more.
    await invoke('POST /shipping/orders/{shipOrderId}/refund', { token: ann.token, params: { shipOrderId: label.shipOrderId } });
    expect(await delivered('label.refunded')).toHaveLength(1);
  });

  it('a downloaded label: written when the carrier refunds it, with the order refunded', async () => {
    await listen(['label.refunded']);
    const label = await buyLabel(ann);
    expect((await invoke('GET /shipping/download-order/{shipOrderId}', { token: ann.token, params: { shipOrderId: label.shipOrderId } })).statusCode).toBe(200);
    const { result: res, items } = await transactionWriting('label.refunded', () =>
      invoke('POST /shipping/orders/{shipOrderId}/refund', { token: ann.token, params: { shipOrderId: label.shipOrderId } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(updateOf(items).some((u) => u!.Key?.sk === `ORDER#${label.shipOrderId}` && u!.ExpressionAttributeValues?.[':to'] === 'refunded')).toBe(true);
    const [event] = await delivered('label.refunded');
    expect(event!.data).toMatchObject({ shipOrderId: label.shipOrderId, status: 'refunded' });
    expect((await getOrder(ann.id, label.shipOrderId))?.status).toBe('refunded');
  });
});

describe('tracking.updated', () => {
  it('is written with the newer carrier event, and not for a replay or an older event', async () => {
    await listen(['tracking.updated']);
    const label = await buyLabel(ann);
    const event = (time: string, message: string) => ({ status: 'in_transit' as const, time, message, city: 'Memphis', state: 'TN' });
    const update = (eventId: string, time: string, message: string) =>
      applyTrackingUpdate({ trackingNumber: label.tracking, status: 'in_transit', lastEvent: event(time, message), eventId, source: 'easypost' }, logger);

    const { result, items } = await transactionWriting('tracking.updated', () => update('ev-2', '2026-12-02T10:00:00Z', 'Departed'));
    expect(result.outcome).toBe('applied');
    expect(updateOf(items).some((u) => u!.Key?.sk === `ORDER#${label.shipOrderId}` && u!.ExpressionAttributeValues?.[':status'] === 'in_transit')).toBe(true);

    expect((await update('ev-2', '2026-12-02T10:00:00Z', 'Departed')).outcome).toBe('replay');
    expect((await update('ev-1', '2026-12-02T08:00:00Z', 'Arrived')).outcome).toBe('stale');
    const [sent, ...more] = await delivered('tracking.updated');
    expect(more).toEqual([]);
    expect(sent!.data).toEqual({
      shipOrderId: label.shipOrderId,
      trackingNumber: label.tracking,
      status: 'in_transit',
      lastEvent: event('2026-12-02T10:00:00Z', 'Departed'),
    });
  });
});

describe('wallet.credited', () => {
  it("a settled top-up is written in the settlement's transaction, with the completed entry", async () => {
    await listen(['wallet.credited']);
    const { items } = await transactionWriting('wallet.credited', () => creditWallet(ann, 2500));
    expect(updateOf(items).some((u) => u!.ExpressionAttributeValues?.[':outcome'] === 'completed')).toBe(true);
    const [event] = await delivered('wallet.credited');
    expect(event!.data).toMatchObject({ userId: ann.id, amountCents: 2500, type: 'topup', status: 'completed' });
  });

  it("an admin's credit is written, a debit is not", async () => {
    await listen(['wallet.credited']);
    const admin = await newAccount('admin', 'hook-events');
    const adjust = (amountCents: number, reason: string) =>
      invoke('POST /admin/users/{id}/adjustments', {
        token: admin.token,
        params: { id: ann.id },
        headers: { 'idempotency-key': idempotencyKey() },
        body: { amountCents, reason },
      });
    const { result: credit } = await transactionWriting('wallet.credited', () => adjust(300, 'Goodwill'));
    expect(credit.statusCode, credit.body).toBe(201);
    expect((await adjust(-100, 'Fee')).statusCode).toBe(201);
    const [event, ...more] = await delivered('wallet.credited');
    expect(more).toEqual([]);
    expect(event!.data).toMatchObject({ userId: ann.id, amountCents: 300, type: 'adjustment', reason: 'Goodwill', status: 'completed' });
  });
});

describe('adjustment.created', () => {
  it("is written with the wallet's debit, once however often the carrier's invoice arrives", async () => {
    await listen(['adjustment.created']);
    const label = await buyLabel(ann);
    const order = (await getOrder(ann.id, label.shipOrderId))!;
    const send = () => {
      const { rawBody, signature } = sandboxInvoiceEvent(order, {
        amountCents: 235,
        reason: 'Weight',
        measured: { weight: 3.5, length: 12, width: 8, height: 6 },
      });
      return invoke('POST /easypost/webhook', { raw: rawBody, headers: { 'x-hmac-signature': signature } });
    };
    const { result, items } = await transactionWriting('adjustment.created', send);
    expect(result.statusCode).toBe(200);
    expect(putOf(items).some((i) => i!.type === 'postage_adjustment' && i!.amountCents === -235)).toBe(true);
    expect((await send()).statusCode).toBe(200);
    const [event, ...more] = await delivered('adjustment.created');
    expect(more).toEqual([]);
    expect(event!.data).toMatchObject({ shipOrderId: label.shipOrderId, tracking: label.tracking, amountCents: 235, reason: 'Weight' });
  });
});

describe('batch.completed', () => {
  it("is written when the batch is done, with each row's outcome", async () => {
    await listen(['batch.completed']);
    await creditWallet(ann, 2000);
    const upload = await uploadPriced({ token: ann.token, raw: batchCsv([...sampleRows(2), sampleRow({ toZip: 'bad' })]), contentType: 'text/csv' });
    const { batchId } = upload.json as unknown as ApiBatch;
    const { items } = await transactionWriting('batch.completed', async () => {
      const res = await invoke('POST /shipping/batches/{batchId}/purchase', {
        token: ann.token,
        params: { batchId },
        body: { paymentMethod: 'credits' },
        headers: { 'idempotency-key': idempotencyKey() },
      });
      expect(res.statusCode, res.body).toBe(200);
      await batchQueueIdle();
    });
    expect(updateOf(items).some((u) => u!.Key?.sk === 'BATCH' && u!.ExpressionAttributeValues?.[':s0'] === 'done')).toBe(true);
    const [event, ...more] = await delivered('batch.completed');
    expect(more).toEqual([]);
    const batch = (await invoke('GET /shipping/batches/{batchId}', { token: ann.token, params: { batchId } })).json as unknown as ApiBatch;
    expect(event!.data).toEqual({
      batchId,
      status: 'done',
      createdAt: batch.createdAt,
      counts: { toBuy: 2, bought: 2, failed: 0 },
      rows: batch.rows
        .filter((r) => r.status === 'bought')
        .map((r) => ({ row: r.row, status: 'bought', shipOrderId: r.shipOrderId, tracking: r.tracking, priceCents: r.priceCents, error: null })),
    });
  });
});

describe('an account without endpoints', () => {
  it('writes no delivery for any event', async () => {
    const label = await buyLabel(ann);
    const send = vi.spyOn(db, 'send');
    await invoke('POST /shipping/orders/{shipOrderId}/refund', { token: ann.token, params: { shipOrderId: label.shipOrderId } });
    await creditWallet(ann, 500);
    const deliveries = send.mock.calls
      .map(([c]) => c as unknown)
      .filter((c): c is TransactWriteCommand => c instanceof TransactWriteCommand)
      .flatMap((t) => t.input.TransactItems ?? [])
      .filter((i) => i.Put?.Item?.entity === 'webhookDelivery');
    expect(deliveries).toEqual([]);
    expect(receiver.received).toEqual([]);
  });
});
