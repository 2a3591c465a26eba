/**
 * GET /shipping/orders and GET /shipping/download-order/{id} against DynamoDB Local: the caller's own
 * orders as the API shows them, and the PDF of a created one; another user's ids are 404s.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleLabelOrder } from '../../../fixtures/label-order';
import { toApiOrder } from '../../../../domain/api/order-answer';
import { transact } from '../../../../functions/data/client';
import { getOrder, newOrder, putOrderStep } from '../../../../functions/data/orders';
import type { OrderStatus } from '../../../../domain/api/orders';
import { installFaultInjector } from '../../reliability/helpers';
import { buyLabel, invoke, newAccount, type Account } from '../../security/actors';
import { HIDDEN_500, expectVerifiedUserOnly } from '../answers';
import { changesOf, pkOf, withoutWrites } from '../table-changes';

const NO_LABEL = { message: 'No label for this order' };
const cursorOf = (key: Record<string, unknown>) => Buffer.from(JSON.stringify(key)).toString('base64url');

const faults = installFaultInjector();
let ann: Account;
let bob: Account;
beforeEach(async () => {
  [ann, bob] = await Promise.all([newAccount('user', 'orders'), newAccount('user', 'orders')]);
});
afterEach(() => {
  faults.stop();
  vi.useRealTimers();
});

/** `null`: no token at all. */
type Token = string | null;
const list = (query: Record<string, string> = {}, token: Token = ann.token) =>
  withoutWrites(() => invoke('GET /shipping/orders', { token: token ?? undefined, query }));
const download = (shipOrderId: string, token: Token = ann.token) =>
  withoutWrites(() => invoke('GET /shipping/download-order/{shipOrderId}', { token: token ?? undefined, params: { shipOrderId } }));
/** An order of `account` left in `status` (no label), stored as the order flows store it. */
async function orderIn(account: Account, status: OrderStatus): Promise<string> {
  const order = newOrder(account.id, sampleLabelOrder() as never, 600, status);
  await transact([putOrderStep(order)]);
  return order.id;
}

describe('GET /shipping/orders', () => {
  it("answers the caller's orders newest first, as the API shows them, with the label count", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const older = await buyLabel(ann);
    vi.setSystemTime(Date.now() + 60_000);
    const newer = await buyLabel(ann);
    await buyLabel(bob);
    const res = await list();

    expect(res.statusCode).toBe(200);
    const stored = await Promise.all([newer, older].map((l) => getOrder(ann.id, l.shipOrderId)));
    expect(res.json).toEqual({ orders: stored.map((o) => toApiOrder(o!)), nextCursor: null, totalOrders: 2 });
  });

  it('never answers what only the server keeps (label key, carrier ref, failure reason, keys)', async () => {
    await buyLabel(ann);
    await orderIn(ann, 'failed');
    const text = (await list()).body ?? '';

    for (const hidden of ['labelKey', 'carrierRef', 'failureReason', 'gsi2pk', '"pk"', 'labels/']) expect(text).not.toContain(hidden);
  });

  it('pages with the asked limit after the cursor it answered, and answers no cursor on the last page', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const first = await orderIn(ann, 'failed');
    vi.setSystemTime(Date.now() + 60_000);
    const second = await orderIn(ann, 'failed');
    const page1 = (await list({ limit: '1' })).json as { orders: { shipOrderId: string }[]; nextCursor: string };
    const page2 = (await list({ limit: '1', cursor: page1.nextCursor })).json as { orders: { shipOrderId: string }[]; nextCursor: string | null };
    const page3 = (await list({ limit: '1', cursor: page2.nextCursor! })).json;

    expect(page1.orders.map((o) => o.shipOrderId)).toEqual([second]);
    expect(page2.orders.map((o) => o.shipOrderId)).toEqual([first]);
    expect(page3).toEqual({ orders: [], nextCursor: null, totalOrders: 0 });
  });

  it('answers no orders and totalOrders 0 for a user who never bought a label', async () => {
    const res = await list();

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ orders: [], nextCursor: null, totalOrders: 0 });
  });

  it.each([
    ['not base64 JSON', () => 'not-a-cursor!'],
    ["another user's partition", () => cursorOf({ pk: `USER#${bob.id}`, sk: 'ORDER#01JZ0000000000000000000000' })],
    ['other key names', () => cursorOf({ pk: `USER#${ann.id}`, sk: 'ORDER#01JZ0000000000000000000000', gsi1pk: 'USERS' })],
    ['a number for a key', () => cursorOf({ pk: `USER#${ann.id}`, sk: 5 })],
  ])('answers 400 Invalid cursor for a cursor with %s', async (_what, cursor) => {
    const res = await list({ cursor: cursor() });

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Invalid cursor' });
  });

  it('answers a plain 500 when DynamoDB throttles the read', async () => {
    faults.armOn('QueryCommand', 'throttling');
    const res = await list();

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
  });

  it('answers 401 without a token and 403 before the code step', async () => {
    await expectVerifiedUserOnly((token) => list({}, token), ann.otpToken);
  });
});

describe('GET /shipping/download-order/{shipOrderId}', () => {
  it('answers the stored PDF of a created order, named after its tracking number, recording the first download only', async () => {
    const label = await buyLabel(ann);
    expect((await getOrder(ann.id, label.shipOrderId))?.downloadedAt).toBeNull();
    const { result: first, written } = await changesOf(() =>
      invoke('GET /shipping/download-order/{shipOrderId}', { token: ann.token, params: { shipOrderId: label.shipOrderId } }),
    );
    expect(first.statusCode).toBe(200);
    // Only the order, marked as served: its refund now waits for the carrier.
    expect(written.map(pkOf)).toEqual([`USER#${ann.id}`]);
    expect((await getOrder(ann.id, label.shipOrderId))?.downloadedAt).toMatch(/^\d{4}-\d{2}-\d{2}T.+Z$/);
    const res = await download(label.shipOrderId);

    expect(res.statusCode).toBe(200);
    expect(res.isBase64Encoded).toBe(true);
    expect(
      Buffer.from(res.body ?? '', 'base64')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(res.headers).toMatchObject({ 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${label.tracking}.pdf"` });
  });

  it("answers 404 for another user's order", async () => {
    const label = await buyLabel(bob);
    const res = await download(label.shipOrderId);

    expect(res.statusCode).toBe(404);
    expect(res.json).toEqual(NO_LABEL);
  });

  it('answers 404 for an unknown order', async () => {
    const res = await download('01JZ0000000000000000000000');

    expect(res.statusCode).toBe(404);
    expect(res.json).toEqual(NO_LABEL);
  });

  it.each(['awaiting_payment', 'processing', 'failed'] as const)('answers 404 for an order that is %s (it has no label)', async (status) => {
    const res = await download(await orderIn(ann, status));

    expect(res.statusCode).toBe(404);
    expect(res.json).toEqual(NO_LABEL);
  });

  it('answers a plain 500, naming no storage key, when the label is missing from the store', async () => {
    const label = await buyLabel(ann);
    const order = await getOrder(ann.id, label.shipOrderId);
    rmSync(join(process.env.LABEL_DIR!, ...order!.labelKey!.split('/')));
    // Marked as served before the bytes are read: a failed serve only makes its refund wait for the carrier.
    const res = await invoke('GET /shipping/download-order/{shipOrderId}', { token: ann.token, params: { shipOrderId: label.shipOrderId } });

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
    expect(res.body).not.toContain('labels/');
  });

  it('answers a plain 500 when DynamoDB throttles the read', async () => {
    const label = await buyLabel(ann);
    faults.armOn('GetItemCommand', 'throttling');
    const res = await download(label.shipOrderId);

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
  });

  it('answers 401 without a token and 403 before the code step', async () => {
    const label = await buyLabel(ann);
    await expectVerifiedUserOnly((token) => download(label.shipOrderId, token), ann.otpToken);
  });
});
