/**
 * Batch labels against DynamoDB Local through the real handlers, the sandbox carrier
 * and the sandbox card checkout: upload (answer and stored items), fix and drop rows, purchase with
 * credits (every valid row bought exactly once, however often the purchase is sent and the worker
 * runs), a carrier failure refunded, a short balance refused whole, a card-paid batch through the
 * signed Stripe event, the merged PDF and the results CSV, and a stalled batch resumed by the
 * scheduled work. Proof: the answers, the stored items, the orders, the ledger and the balance.
 */
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiBatch } from '../../../../domain/api/batches';
import { BATCH_COLUMNS, SENDER_COLUMNS } from '../../../../domain/schemas/batches';
import { addDays, todayInEastern } from '../../../../domain/ship-date';
import { limitCheckouts, RATES } from '../../../../functions/accounts/limits';
import { resetConfigForTests } from '../../../../functions/config';
import { purchaseBatch } from '../../../../functions/batches/purchase';
import { batchQueueIdle } from '../../../../functions/batches/queue';
import { resumeStalledBatches } from '../../../../functions/batches/resume';
import { BALANCE_SHORT, CARRIER_FAILED, NO_LONGER_VALID, processChunk, rowKeyOf, runBatchToEnd } from '../../../../functions/batches/run';
import { saveAddress } from '../../../../functions/data/addresses';
import { batchKey, getBatch, getBatchRows, rowKey, startAwaitingPayment, startRunning } from '../../../../functions/data/batches';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../../../functions/data/client';
import { getLocalCheckout } from '../../../../functions/data/local-checkouts';
import { getOrders, listOrders } from '../../../../functions/data/orders';
import { ProviderUnavailable } from '../../../../functions/errors';
import { logger } from '../../../../functions/observability/logger';
import { batchCsv, detailedRow, sampleRow, sampleRows, savedSender } from '../../../fixtures/batch-csv';
import { expectLedgerInvariant } from '../../ledger-invariant';
import { idempotencyKey, invoke, newAccount, type Account } from '../../security/actors';
import { creditWallet } from '../../wallet-credit';
import { balanceOf, deliverSigned, entriesOf, stripeEvent } from '../payments/payments';
import { withoutWrites } from '../table-changes';
import { carrierWatch, watchCarrierAnew } from '../../watch-carrier';
import { asIfOutcomesLost, uploadPriced } from '../../batch-upload';

vi.mock('../../../../functions/providers/registry/carrier', async (importOriginal) =>
  (await import('../../watch-carrier')).watchedCarrierRegistry(await importOriginal()),
);

const PRICE = 600; // sampleRow: USPS Priority, 2 lb
let ann: Account;
beforeEach(async () => {
  watchCarrierAnew();
  ann = await newAccount('user', 'batch');
});
afterEach(async () => {
  await batchQueueIdle();
  await expectLedgerInvariant(ann.id);
});

const upload = (csv: string, query?: Record<string, string>, contentType = 'text/csv', who: Account = ann) =>
  uploadPriced({ token: who.token, raw: csv, contentType, query });
const batchOf = (res: { json?: Record<string, unknown> }) => res.json as unknown as ApiBatch;
const purchase = (batchId: string, body: Record<string, unknown> = { paymentMethod: 'credits' }, key = idempotencyKey()) =>
  invoke('POST /shipping/batches/{batchId}/purchase', { token: ann.token, params: { batchId }, body, headers: { 'idempotency-key': key } });
const read = async (batchId: string) => batchOf(await invoke('GET /shipping/batches/{batchId}', { token: ann.token, params: { batchId } }));
const ordersOf = async (userId: string) => (await listOrders(userId, { limit: 100 })).items;

/** Every stored item of a batch's partition. */
async function batchItems(batchId: string): Promise<Record<string, unknown>[]> {
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `BATCH#${batchId}` },
      ConsistentRead: true,
    }),
  );
  return out.Items ?? [];
}

/**
 * The tracking numbers printed on a merged PDF's pages, page by page: each sandbox label prints its
 * number in Helvetica, which pdf-lib writes as a hex string in the page's (deflated) content stream.
 */
async function trackingNumbersIn(base64: string | undefined): Promise<string[]> {
  const doc = await PDFDocument.load(Buffer.from(base64 ?? '', 'base64'));
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    const text = streams.map((s) => (s instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(s).decode()).toString('latin1') : '')).join('\n');
    const hex = [...text.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)].map((m) => Buffer.from(m[1] ?? '', 'hex').toString('latin1'));
    const found = hex.map((t) => t.replace(/ /g, '')).filter((t) => /^\d{20,34}$/.test(t));
    expect(found, 'one tracking number a page').toHaveLength(1);
    return found[0] as string;
  });
}

/** Uploads `rows` and answers the stored draft's id. */
async function draft(rows = sampleRows(3)): Promise<string> {
  const res = await upload(batchCsv(rows));
  expect(res.statusCode, res.body).toBe(201);
  return batchOf(res).batchId;
}

describe('POST /shipping/batches: upload', () => {
  it('stores the rows to be priced, then the worker prices them: one item per row, valid rows ready and priced, invalid rows with errors named by column', async () => {
    const res = await upload(batchCsv([sampleRow(), sampleRow({ toZip: '123', weight: '' }), sampleRow({ labelType: 'usps_ground' })]));

    expect(res.statusCode, res.body).toBe(201);
    // The upload's own answer: judged, nothing quoted yet.
    expect(res.uploaded).toMatchObject({ status: 'pricing', totalCents: 0 });
    expect(res.uploaded?.rows.map((r) => [r.row, r.status, r.valid, r.priceCents])).toEqual([
      [2, 'pricing', true, null],
      [3, 'invalid', false, null],
      [4, 'pricing', true, null],
    ]);
    const batch = batchOf(res);
    expect(batch).toMatchObject({ status: 'draft', totalCents: PRICE + 500, counts: { toBuy: 0, bought: 0, failed: 0 } });
    expect(batch.rows.map((r) => [r.row, r.status, r.valid, r.priceCents])).toEqual([
      [2, 'ready', true, PRICE],
      [3, 'invalid', false, null],
      [4, 'ready', true, 500],
    ]);
    expect(batch.rows[1]?.errors).toEqual([
      { column: 'weight', message: 'Weight must be a positive number' },
      { column: 'toZip', message: 'ZIP must be 5 digits or ZIP+4' },
    ]);
    const items = await batchItems(batch.batchId);
    expect(items.map((i) => i.sk)).toEqual(['BATCH', 'ROW#0000002', 'ROW#0000003', 'ROW#0000004']);
    expect(items[0]).toMatchObject({ entity: 'batch', userId: ann.id, status: 'draft' });
    expect(items[0]?.gsi3pk, 'a priced batch leaves the work index').toBeUndefined();
    expect(items[2]).toMatchObject({ entity: 'batchRow', status: 'invalid', fields: expect.objectContaining({ toZip: '123' }) as unknown });
    expect(carrierWatch.buyLabel).not.toHaveBeenCalled();
  });

  it.each([
    [
      'a missing column',
      batchCsv(
        [sampleRow()],
        BATCH_COLUMNS.filter((c) => c !== 'toZip'),
      ),
      /Missing column: toZip/,
    ],
    ['an unknown column', batchCsv([sampleRow()], [...BATCH_COLUMNS, 'notes']), /Unknown column: notes/],
    ['a ragged row', batchCsv(sampleRows(2)).replace(/\r\n$/, ',x\r\n'), /Row 3 has/],
    ['no rows', BATCH_COLUMNS.join(',') + '\r\n', /no label rows/],
  ])('refuses a file with %s: 400 saying what, nothing stored', async (_what, csv, message) => {
    const res = await withoutWrites(() => upload(csv));

    expect(res.statusCode).toBe(400);
    expect(String(res.json?.message)).toMatch(message);
  });

  it('refuses another content type with 415, nothing stored', async () => {
    expect((await withoutWrites(() => upload(batchCsv([sampleRow()]), undefined, 'application/json'))).statusCode).toBe(415);
  });

  it('fills blank sender cells from a saved address; an unknown address id is 404 with nothing stored', async () => {
    const saved = await saveAddress(ann.id, { name: 'Dock Co', street: '9 Dock Rd', city: 'Dallas', state: 'TX', zip: '75201', country: 'US' });
    const csv = batchCsv(
      [sampleRow({ fromName: 'Own Name' })],
      BATCH_COLUMNS.filter((c) => !SENDER_COLUMNS.includes(c) || c === 'fromName'),
    );

    const res = await upload(csv, { fromAddressId: saved.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(batchOf(res).rows[0]).toMatchObject({ status: 'ready', fields: { fromName: 'Own Name', fromStreet: '9 Dock Rd', fromZip: '75201' } });

    const unknown = await withoutWrites(() => upload(csv, { fromAddressId: '01JBQ7Y3K5N6P8R9S0T1V2W3X4' }));
    expect(unknown.statusCode).toBe(404);
  });
});

describe('company, second street line and phone columns', () => {
  it('a row with them is bought as a label whose order stores them (phones as ten digits)', async () => {
    await creditWallet(ann, PRICE);
    const res = await upload(batchCsv([detailedRow]));
    expect(res.statusCode, res.body).toBe(201);
    const { batchId, rows } = batchOf(res);
    expect(rows[0]).toMatchObject({ status: 'ready', fields: { fromCompany: 'Ann Crafts', toStreet2: 'Apt 4', toPhone: '+1 212 555 0100' } });

    expect((await purchase(batchId)).statusCode).toBe(200);
    await batchQueueIdle();
    expect((await read(batchId)).rows[0]?.status).toBe('bought');
    const [order] = await ordersOf(ann.id);
    expect(order?.from).toMatchObject({ company: 'Ann Crafts', street2: 'Suite 200', phone: '5125550100' });
    expect(order?.to).toMatchObject({ company: 'Bo Imports', street2: 'Apt 4', phone: '2125550100' });
    expect(carrierWatch.buyLabel).toHaveBeenCalledWith(
      expect.objectContaining({ to: expect.objectContaining({ company: 'Bo Imports', street2: 'Apt 4', phone: '2125550100' }) as unknown }),
      expect.anything(),
      expect.any(Function),
    );
  });

  it('a bad phone is an error on its column; a file without the columns reads as before', async () => {
    const res = await upload(batchCsv([sampleRow({ toPhone: '555-0100' })]));
    expect(batchOf(res).rows[0]).toMatchObject({ status: 'invalid', errors: [{ column: 'toPhone', message: 'Phone must be a 10-digit US number' }] });

    const older = BATCH_COLUMNS.filter((c) => !/^(from|to)(Company|Street2|Phone)$/.test(c));
    const plain = await upload(batchCsv([sampleRow()], older));
    expect(plain.statusCode, plain.body).toBe(201);
    expect(batchOf(plain).rows[0]).toMatchObject({ status: 'ready', priceCents: PRICE });
  });

  it("a saved sender's company, second line and phone fill a row that takes its street", async () => {
    const saved = await saveAddress(ann.id, savedSender);
    const res = await upload(
      batchCsv(
        [sampleRow()],
        BATCH_COLUMNS.filter((c) => !c.startsWith('from')),
      ),
      { fromAddressId: saved.id },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(batchOf(res).rows[0]).toMatchObject({
      status: 'ready',
      fields: { fromName: 'Dock Co', fromCompany: 'Dock Works', fromStreet: '9 Dock Rd', fromStreet2: 'Bay 4', fromPhone: '2145550100' },
    });
  });
});

describe('fixing and dropping rows', () => {
  it('PUT judges and prices the row again; DELETE drops it from the total; both only while editable', async () => {
    const res = await upload(batchCsv([sampleRow(), sampleRow({ toZip: 'bad' })]));
    const { batchId } = batchOf(res);

    const fixed = await invoke('PUT /shipping/batches/{batchId}/rows/{row}', {
      token: ann.token,
      params: { batchId, row: '3' },
      body: { fields: sampleRow({ labelType: 'usps_ground' }) },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(batchOf(fixed).rows[1]).toMatchObject({ row: 3, status: 'ready', valid: true, errors: [], priceCents: 500 });
    expect(batchOf(fixed).totalCents).toBe(PRICE + 500);

    const dropped = await invoke('DELETE /shipping/batches/{batchId}/rows/{row}', { token: ann.token, params: { batchId, row: '2' } });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(batchOf(dropped).rows[0]?.status).toBe('dropped');
    expect(batchOf(dropped).totalCents).toBe(500);
    expect((await getBatchRows(batchId))[0]?.status).toBe('dropped');

    const missing = await withoutWrites(() => invoke('DELETE /shipping/batches/{batchId}/rows/{row}', { token: ann.token, params: { batchId, row: '9' } }));
    expect(missing.statusCode).toBe(404);

    await creditWallet(ann, 500);
    expect((await purchase(batchId)).statusCode).toBe(200);
    await batchQueueIdle();
    const locked = await withoutWrites(() =>
      invoke('PUT /shipping/batches/{batchId}/rows/{row}', { token: ann.token, params: { batchId, row: '2' }, body: { fields: sampleRow() } }),
    );
    expect(locked.statusCode).toBe(409);
    // The dropped row was never bought.
    expect(await ordersOf(ann.id)).toHaveLength(1);
  });

  it("another user's batch is a 404 for every route, and nothing of it changes", async () => {
    const batchId = await draft();
    const bo = await newAccount('user', 'batch-other');

    const get = await invoke('GET /shipping/batches/{batchId}', { token: bo.token, params: { batchId } });
    const put = await withoutWrites(() =>
      invoke('PUT /shipping/batches/{batchId}/rows/{row}', { token: bo.token, params: { batchId, row: '2' }, body: { fields: sampleRow() } }),
    );
    const buy = await withoutWrites(() =>
      invoke('POST /shipping/batches/{batchId}/purchase', {
        token: bo.token,
        params: { batchId },
        body: { paymentMethod: 'credits' },
        headers: { 'idempotency-key': idempotencyKey() },
      }),
    );
    expect([get.statusCode, put.statusCode, buy.statusCode]).toEqual([404, 404, 404]);
  });
});

describe('POST /shipping/batches/{batchId}/purchase with credits', () => {
  it('buys every valid row exactly once, though the purchase is sent twice and the worker runs twice', async () => {
    await creditWallet(ann, 2000);
    const res = await upload(batchCsv([...sampleRows(3), sampleRow({ toZip: 'bad' })]));
    const { batchId } = batchOf(res);

    const [a, b] = await Promise.all([purchase(batchId), purchase(batchId)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json?.checkoutUrl).toBeNull();
    await batchQueueIdle();
    await Promise.all([runBatchToEnd(batchId, logger), processChunk(batchId, logger)]);
    const again = await purchase(batchId);
    expect(again.statusCode).toBe(200);
    await batchQueueIdle();

    const batch = await read(batchId);
    expect(batch).toMatchObject({ status: 'done', totalCents: 3 * PRICE, counts: { toBuy: 3, bought: 3, failed: 0 } });
    expect(batch.rows.map((r) => r.status)).toEqual(['bought', 'bought', 'bought', 'invalid']);
    expect(batch.rows.slice(0, 3).every((r) => r.tracking && r.shipOrderId)).toBe(true);
    expect(carrierWatch.buyLabel).toHaveBeenCalledTimes(3);
    const orders = await ordersOf(ann.id);
    expect(orders).toHaveLength(3);
    expect(new Set(orders.map((o) => o.id))).toEqual(new Set(batch.rows.slice(0, 3).map((r) => r.shipOrderId)));
    expect(await balanceOf(ann.id)).toBe(2000 - 3 * PRICE);
    expect((await entriesOf(ann.id)).filter((e) => e.type === 'label')).toHaveLength(3);
    expect(await getBatch(batchId)).not.toHaveProperty('leaseUntil');
  });

  it('a carrier failure on one row refunds that row and records why; the others are bought', async () => {
    await creditWallet(ann, 1800);
    carrierWatch.buyLabel.mockImplementation((req, real) =>
      req.to.name === 'Receiver 2' ? Promise.reject(new ProviderUnavailable('USPS', 'down')) : real.buyLabel(req),
    );
    const batchId = await draft();

    expect((await purchase(batchId)).statusCode).toBe(200);
    await batchQueueIdle();

    const batch = await read(batchId);
    expect(batch).toMatchObject({ status: 'done', counts: { toBuy: 3, bought: 2, failed: 1 } });
    expect(batch.rows[1]).toMatchObject({ status: 'failed', error: CARRIER_FAILED, tracking: null });
    expect(await balanceOf(ann.id)).toBe(1800 - 2 * PRICE);
    const failed = (await ordersOf(ann.id)).filter((o) => o.status === 'failed');
    expect(failed).toHaveLength(1);
    expect((await entriesOf(ann.id)).filter((e) => e.type === 'refund')).toHaveLength(1);
  });

  it('a row the balance no longer covers when its turn comes fails with nothing debited; a row no longer valid is never sent', async () => {
    await creditWallet(ann, PRICE);
    const batchId = await draft(sampleRows(3));
    // The third row's ship date passed after the upload (as if uploaded yesterday for yesterday).
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: rowKey(batchId, 4),
        UpdateExpression: 'SET #fields.shipDate = :past',
        ExpressionAttributeNames: { '#fields': 'fields' },
        ExpressionAttributeValues: { ':past': addDays(todayInEastern(), -1) },
      }),
    );
    // Running as if the balance had covered it at the start and was spent meanwhile.
    expect(await startRunning(batchId, ['draft'], { toBuy: 3, purchaseKey: 'k', paymentMethod: 'credits' })).toBe(true);

    await runBatchToEnd(batchId, logger);

    const batch = await read(batchId);
    // Rows are bought 5 at a time: which of the two valid rows got the last $6.00 is a race; one did, the other cost nothing.
    expect(
      batch.rows
        .slice(0, 2)
        .map((r) => `${r.status} ${r.error ?? ''}`)
        .sort(),
    ).toEqual(['bought ', `failed ${BALANCE_SHORT}`]);
    expect([batch.rows[2]?.status, batch.rows[2]?.error]).toEqual(['failed', NO_LONGER_VALID]);
    expect(batch.rows[2]).toMatchObject({ valid: false, errors: [{ column: 'shipDate', message: 'Ship date must be within the next 7 days' }] });
    expect(batch).toMatchObject({ status: 'done', counts: { toBuy: 3, bought: 1, failed: 2 } });
    expect(await balanceOf(ann.id)).toBe(0);
    expect(carrierWatch.buyLabel).toHaveBeenCalledTimes(1);
    expect((await entriesOf(ann.id)).filter((e) => e.type === 'label')).toHaveLength(1);
  });

  it('a balance short of the total: 402 with shortfallCents, nothing changes', async () => {
    await creditWallet(ann, 1000);
    const batchId = await draft();

    const res = await withoutWrites(() => purchase(batchId));

    expect(res.statusCode).toBe(402);
    expect(res.json).toMatchObject({ shortfallCents: 3 * PRICE - 1000, message: expect.stringMatching(/does not cover this batch/) as unknown });
    expect(carrierWatch.buyLabel).not.toHaveBeenCalled();
  });

  it('needs an Idempotency-Key, and a batch with no valid row is a 409', async () => {
    const batchId = await draft([sampleRow({ toZip: 'x' })]);
    const noKey = await withoutWrites(() =>
      invoke('POST /shipping/batches/{batchId}/purchase', { token: ann.token, params: { batchId }, body: { paymentMethod: 'credits' } }),
    );
    expect(noKey.statusCode).toBe(400);
    expect((await withoutWrites(() => purchase(batchId))).statusCode).toBe(409);
  });

  it('a worker that died after buying a row but before recording it: the next run answers the first order, never a second label', async () => {
    await creditWallet(ann, 600);
    const batchId = await draft(sampleRows(1));
    await purchaseBatch({ userId: ann.id, batchId, body: { paymentMethod: 'credits' }, key: idempotencyKey(), log: logger });
    await runBatchToEnd(batchId, logger);
    const [bought] = await getBatchRows(batchId);
    expect(bought?.status).toBe('bought');
    // Roll the row and the batch back to before the outcome was written, as a crash would have left them.
    await asIfOutcomesLost(batchId, [2]);

    await runBatchToEnd(batchId, logger);

    const [again] = await getBatchRows(batchId);
    expect(again).toMatchObject({ status: 'bought', shipOrderId: bought?.shipOrderId, tracking: bought?.tracking });
    expect(rowKeyOf(batchId, 2)).toBe(`batch-${batchId}-2`);
    expect(carrierWatch.buyLabel).toHaveBeenCalledTimes(1);
    expect(await ordersOf(ann.id)).toHaveLength(1);
    expect(await balanceOf(ann.id)).toBe(0);
  });
});

describe('a card-paid batch', () => {
  async function startCard(body: Record<string, unknown>) {
    const batchId = await draft();
    const res = await purchase(batchId, body);
    expect(res.statusCode, res.body).toBe(200);
    const url = String(res.json?.checkoutUrl);
    const checkout = await getLocalCheckout(url.split('/').pop() ?? '');
    if (!checkout) throw new Error('no sandbox checkout');
    return { batchId, res, checkout };
  }

  it('counts its checkout on the payment sessions rate: once the rate is spent, 429 and the batch stays a draft with no checkout', async () => {
    const batchId = await draft();
    // Fill the user's rate well inside one window, as that many top-ups would.
    const { windowMs, max } = RATES.checkoutUser;
    if (Date.now() % windowMs > windowMs - 10_000) await new Promise((r) => setTimeout(r, windowMs - (Date.now() % windowMs) + 1_000));
    for (let i = 0; i < max; i++) await limitCheckouts(ann.id, undefined);

    const res = await purchase(batchId, { paymentMethod: 'purchase' });
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json?.message).toMatch(/^Too many payments started\./);
    expect((await getBatch(batchId))?.status).toBe('draft');
    expect(await entriesOf(ann.id)).toEqual([]);
  });

  it('payShortfall: a checkout of the shortfall only; the signed paid event tops up and the batch buys every row', async () => {
    await creditWallet(ann, 600);
    const { batchId, res, checkout } = await startCard({ paymentMethod: 'credits', payShortfall: true });

    expect(batchOf({ json: res.json?.batch as Record<string, unknown> }).status).toBe('awaiting_payment');
    expect(checkout).toMatchObject({ purpose: 'batch', batchId, amountCents: 3 * PRICE - 600 });
    expect(checkout.successUrl).toMatch(new RegExp(`/user-dashboard/batch-labels/${batchId}\\?checkout=success$`));
    expect(carrierWatch.buyLabel).not.toHaveBeenCalled();
    // A repeat while it waits answers the same checkout.
    expect((await purchase(batchId, { paymentMethod: 'credits', payShortfall: true })).json?.checkoutUrl).toBe(res.json?.checkoutUrl);

    const paid = stripeEvent(checkout, 'paid');
    expect((await deliverSigned(paid)).statusCode).toBe(200);
    await batchQueueIdle();
    expect((await deliverSigned(paid)).statusCode).toBe(200); // a replay starts nothing
    await batchQueueIdle();

    expect(await read(batchId)).toMatchObject({ status: 'done', counts: { toBuy: 3, bought: 3, failed: 0 } });
    expect(await balanceOf(ann.id)).toBe(0);
    expect(carrierWatch.buyLabel).toHaveBeenCalledTimes(3);
  });

  it('purchase: a checkout of the total; a cancelled checkout makes the batch cancelled, and it can be bought again', async () => {
    const { batchId, checkout } = await startCard({ paymentMethod: 'purchase' });
    expect(checkout.amountCents).toBe(3 * PRICE);

    expect((await deliverSigned(stripeEvent(checkout, 'cancelled'))).statusCode).toBe(200);
    expect((await read(batchId)).status).toBe('cancelled');
    expect(await balanceOf(ann.id)).toBe(0);

    await creditWallet(ann, 3 * PRICE);
    expect((await purchase(batchId)).statusCode).toBe(200);
    await batchQueueIdle();
    expect(await read(batchId)).toMatchObject({ status: 'done', counts: { bought: 3 } });
  });
  it('a purchase that died before recording its checkout does not hold the batch: after a minute it is cancelled and can be bought again', async () => {
    const batchId = await draft(sampleRows(1));
    expect(await startAwaitingPayment(batchId, { toBuy: 1, purchaseKey: 'k', paymentMethod: 'purchase' })).toBe(true);

    const soon = await withoutWrites(() => purchase(batchId, { paymentMethod: 'purchase' }));
    expect(soon.statusCode).toBe(409);
    expect(soon.headers?.['retry-after']).toBe('2');

    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: batchKey(batchId),
        UpdateExpression: 'SET updatedAt = :old',
        ExpressionAttributeValues: { ':old': new Date(Date.now() - 5 * 60_000).toISOString() },
      }),
    );
    const late = await purchase(batchId, { paymentMethod: 'purchase' });
    expect(late.statusCode).toBe(409);
    expect(late.json?.message).toMatch(/did not start/);
    expect((await read(batchId)).status).toBe('cancelled');
    expect((await purchase(batchId, { paymentMethod: 'purchase' })).json?.checkoutUrl).toEqual(expect.any(String));
  });
});

describe('files and recovery', () => {
  it('labels.pdf: 409 before the batch is done, then one 4x6 page per bought row; results.csv lists each row', async () => {
    await creditWallet(ann, 1200);
    const batchId = await draft([...sampleRows(2), sampleRow({ toZip: 'bad' })]);
    const early = await invoke('GET /shipping/batches/{batchId}/labels.pdf', { token: ann.token, params: { batchId } });
    expect(early.statusCode).toBe(409);

    await purchase(batchId);
    await batchQueueIdle();

    const pdf = await invoke('GET /shipping/batches/{batchId}/labels.pdf', { token: ann.token, params: { batchId } });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const doc = await PDFDocument.load(Buffer.from(pdf.body ?? '', 'base64'));
    expect(doc.getPageCount()).toBe(2);
    expect(doc.getPages().map((p) => [p.getWidth(), p.getHeight()])).toEqual([
      [288, 432],
      [288, 432],
    ]);

    const csv = await invoke('GET /shipping/batches/{batchId}/results.csv', { token: ann.token, params: { batchId } });
    const lines = Buffer.from(csv.body ?? '', 'base64')
      .toString('utf8')
      .split('\r\n');
    expect(lines[0]).toBe('\uFEFFrow,status,trackingNumber,price,error');
    expect(lines[1]).toMatch(/^2,bought,\w+,6\.00,$/);
    expect(lines[3]).toBe('4,invalid,,,toZip: ZIP must be 5 digits or ZIP+4');
  });

  it('labels.pdf: a label refunded after the batch is done leaves the download; with every label refunded there is none', async () => {
    await creditWallet(ann, 1200);
    const batchId = await draft(sampleRows(2));
    await purchase(batchId);
    await batchQueueIdle();
    const [first, second] = (await read(batchId)).rows;
    const labelsPdf = () => invoke('GET /shipping/batches/{batchId}/labels.pdf', { token: ann.token, params: { batchId } });
    const refund = (shipOrderId: string) => invoke('POST /shipping/orders/{shipOrderId}/refund', { token: ann.token, params: { shipOrderId } });

    const before = await labelsPdf();
    expect(before.statusCode, before.body).toBe(200);
    expect(await trackingNumbersIn(before.body)).toEqual([first?.tracking, second?.tracking]);

    expect((await refund(first?.shipOrderId ?? '')).statusCode).toBe(200);
    const after = await labelsPdf();
    expect(after.statusCode, after.body).toBe(200);
    expect(await trackingNumbersIn(after.body)).toEqual([second?.tracking]);
    // The stored PDF is left as it was made; only the answer leaves the refunded label out.
    expect((await getBatch(batchId))?.pdfKey).toBe(`labels/${ann.id}/batch-${batchId}.pdf`);

    expect((await refund(second?.shipOrderId ?? '')).statusCode).toBe(200);
    const none = await labelsPdf();
    expect(none.statusCode).toBe(409);
    expect(none.json?.message).toMatch(/refunded/);
  });

  it('labels.pdf records every label in it as downloaded (once): their refunds then wait for the carrier; one credited before is left out', async () => {
    vi.stubEnv('SANDBOX_REFUND_DELAY_SECONDS', '60');
    resetConfigForTests();
    try {
      await creditWallet(ann, 1800);
      const batchId = await draft(sampleRows(3));
      await purchase(batchId);
      await batchQueueIdle();
      const [first, second, third] = (await read(batchId)).rows;
      const ids = [first, second, third].map((r) => r?.shipOrderId ?? '');
      expect((await getOrders(ann.id, ids)).get(ids[0]!)?.downloadedAt).toBeNull();
      const refund = (shipOrderId: string) => invoke('POST /shipping/orders/{shipOrderId}/refund', { token: ann.token, params: { shipOrderId } });
      const labelsPdf = () => invoke('GET /shipping/batches/{batchId}/labels.pdf', { token: ann.token, params: { batchId } });

      // Asked before any download: credited at once, and out of the batch's PDF for good.
      const balance = (await balanceOf(ann.id)) ?? 0;
      expect((await refund(ids[0]!)).json).toMatchObject({ status: 'refund_pending', refund: { creditedEarly: true } });
      expect(await balanceOf(ann.id)).toBe(balance + PRICE);

      const pdf = await labelsPdf();
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(await trackingNumbersIn(pdf.body)).toEqual([second?.tracking, third?.tracking]);
      const marked = await getOrders(ann.id, ids);
      expect(ids.map((id) => marked.get(id)?.downloadedAt ?? null)).toEqual([null, expect.stringMatching(/Z$/), expect.stringMatching(/Z$/)]);
      // A second download finds them marked: it writes nothing.
      expect((await withoutWrites(labelsPdf)).statusCode).toBe(200);

      // Served in the batch's PDF: refunded only when the carrier says so.
      expect((await refund(ids[1]!)).json).toMatchObject({ status: 'refund_pending', refund: { creditedEarly: false } });
      expect(await balanceOf(ann.id)).toBe(balance + PRICE);
    } finally {
      vi.unstubAllEnvs();
      resetConfigForTests();
    }
  });

  it('a batch left running with no progress (the process restarted) is resumed by the scheduled work once its lease ends', async () => {
    await creditWallet(ann, 1200);
    const batchId = await draft(sampleRows(2));
    // Running, as a purchase leaves it, but its message lost with the process.
    expect(await startRunning(batchId, ['draft'], { toBuy: 2, purchaseKey: 'k', paymentMethod: 'credits' })).toBe(true);

    expect(await resumeStalledBatches(logger, new Date())).toEqual({ resumed: 0 });
    expect(await resumeStalledBatches(logger, new Date(Date.now() + 10 * 60_000))).toEqual({ resumed: 1 });
    await batchQueueIdle();

    expect(await read(batchId)).toMatchObject({ status: 'done', counts: { bought: 2 } });
    expect(await balanceOf(ann.id)).toBe(0);
  });
});
