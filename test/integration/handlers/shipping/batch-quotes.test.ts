/**
 * Batch rows priced from quotes, against DynamoDB Local through the real handlers with the sandbox
 * carrier (priced from USPS's commercial price list in rates mode): each row quoted by the batch
 * worker after the upload, in table mode at the seed's prices with the quote's reasons as row errors,
 * in rates mode by distance and service; expired quotes sent back to be priced at purchase (409 with
 * the batch, nothing charged; bought once the shipper confirms the total) and in the worker (bought
 * only at no more than the confirmed price); a carrier that cannot quote leaves rows to price again,
 * then says so on each row. Proof: the answers, the stored rows, the orders, the ledger and the balance.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiBatch } from '../../../../domain/api/batches';
import { requoting, totalChanged } from '../../../../functions/batches/purchase';
import { batchQueueIdle } from '../../../../functions/batches/queue';
import { NO_LONGER_OFFERED, NOT_PRICED, PRICING_TRIES, priceRose, processChunk, runBatchToEnd } from '../../../../functions/batches/run';
import { resumeStalledBatches } from '../../../../functions/batches/resume';
import { resetConfigForTests } from '../../../../functions/config';
import { getBatch, getBatchRows, startPricing, startRunning } from '../../../../functions/data/batches';
import { BEING_PRICED } from '../../../../functions/batches/batches';
import { getOrder, listOrders } from '../../../../functions/data/orders';
import { limitBatchQuotes, limitQuotes, RATES } from '../../../../functions/accounts/limits';
import { ProviderUnavailable } from '../../../../functions/errors';
import { logger } from '../../../../functions/observability/logger';
import { batchCsv, sampleRow, type CsvRow } from '../../../fixtures/batch-csv';
import { expectLedgerInvariant } from '../../ledger-invariant';
import { idempotencyKey, invoke, newAccount, type Account } from '../../security/actors';
import { creditWallet } from '../../wallet-credit';
import { carrierWatch, watchCarrierAnew } from '../../watch-carrier';
import { getLocalCheckout } from '../../../../functions/data/local-checkouts';
import { balanceOf, deliverSigned, entriesOf, stripeEvent } from '../payments/payments';
import { withoutWrites } from '../table-changes';
import { pricing } from '../../pricing-mode';
import { uploadPriced } from '../../batch-upload';

vi.mock('../../../../functions/providers/registry/carrier', async (importOriginal) =>
  (await import('../../watch-carrier')).watchedCarrierRegistry(await importOriginal()),
);

/** The sample row's sender is in Austin (78701). */
const ACROSS_TOWN: CsvRow = { toZip: '78702', toCity: 'Austin', toState: 'TX' };
const ACROSS_COUNTRY: CsvRow = { toZip: '98101', toCity: 'Seattle', toState: 'WA' };
/** Rates mode reads the service column; the label type is left blank as the rates template does. */
const ratesRow = (over: CsvRow = {}) => sampleRow({ labelType: '', ...over });

let ann: Account;
beforeEach(async () => {
  watchCarrierAnew();
  ann = await newAccount('user', 'bquote');
});
afterEach(async () => {
  await batchQueueIdle();
  vi.useRealTimers();
  vi.unstubAllEnvs();
  resetConfigForTests();
  await expectLedgerInvariant(ann.id);
});

const batchOf = (res: { json?: Record<string, unknown> }) => res.json as unknown as ApiBatch;
const upload = (rows: CsvRow[]) => uploadPriced({ token: ann.token, raw: batchCsv(rows) });
const purchase = (batchId: string, over: Record<string, unknown> = {}) =>
  invoke('POST /shipping/batches/{batchId}/purchase', {
    token: ann.token,
    params: { batchId },
    body: { paymentMethod: 'credits', ...over },
    headers: { 'idempotency-key': idempotencyKey() },
  });
const read = async (batchId: string) => batchOf(await invoke('GET /shipping/batches/{batchId}', { token: ann.token, params: { batchId } }));

async function draft(rows: CsvRow[]): Promise<ApiBatch> {
  const res = await upload(rows);
  expect(res.statusCode, res.body).toBe(201);
  return batchOf(res);
}

/** Uploads `rows` as if 16 minutes ago: their quotes (15 minutes) have expired. */
async function draftWithExpiredQuotes(rows: CsvRow[]): Promise<ApiBatch> {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 16 * 60_000 });
  try {
    return await draft(rows);
  } finally {
    vi.useRealTimers();
  }
}

/** Each bought row's order, and the ledger's debit for it. */
async function chargesOf(batchId: string) {
  const entries = await entriesOf(ann.id);
  return Promise.all(
    (await getBatchRows(batchId))
      .filter((r) => r.status === 'bought')
      .map(async (r) => ({
        row: r,
        order: await getOrder(ann.id, r.shipOrderId ?? ''),
        debits: entries.filter((e) => e.type === 'label' && e.orderId === r.shipOrderId).map((e) => e.amountCents),
      })),
  );
}

describe('table mode (the default): rows quoted at the seed prices', () => {
  it('stores each valid row with its quote at the label type price; a type the quote does not offer is an error on labelType with its reason', async () => {
    pricing('table', { CARRIER_COST_CEILINGS: JSON.stringify({ usps_ground: 400 }) });
    const batch = await draft([
      sampleRow(),
      sampleRow({ labelType: 'priority', length: '20', width: '20', height: '20' }),
      sampleRow({ labelType: 'usps_ground' }),
      sampleRow({ labelType: 'priority' }),
    ]);

    expect(batch.rows.map((r) => [r.row, r.status, r.priceCents, r.service])).toEqual([
      [2, 'ready', 600, null],
      [3, 'invalid', null, null],
      [4, 'invalid', null, null],
      [5, 'ready', 500, null],
    ]);
    expect(batch.rows[1]?.errors).toEqual([{ column: 'labelType', message: expect.stringMatching(/larger than the USPS Large Flat Rate Box/) as string }]);
    expect(batch.rows[2]?.errors).toEqual([
      { column: 'labelType', message: 'Not available for this parcel at $5.00: USPS charges more to carry it. Choose another label type.' },
    ]);
    expect(batch.totalCents).toBe(1100);
    const stored = await getBatchRows(batch.batchId);
    expect(stored[0]).toMatchObject({ priceCents: 600, quoteId: expect.stringMatching(/^ey/) as string, quoteExpiresAt: expect.any(String) as string });
    expect(Date.parse(stored[0]?.quoteExpiresAt ?? '') - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(stored[1]).toMatchObject({ quoteId: null, quoteExpiresAt: null });
    expect(carrierWatch.buyLabel).not.toHaveBeenCalled();
  });

  it('counts row fixes on a rate of their own: once it is spent, 429 and the row stays; the dialog quotes are not touched', async () => {
    const batch = await draft([sampleRow()]);
    // Fill the user's rate well inside one window, as that many fixes would.
    const { windowMs, max } = RATES.batchQuoteUser;
    if (Date.now() % windowMs > windowMs - 10_000) await new Promise((r) => setTimeout(r, windowMs - (Date.now() % windowMs) + 1_000));
    for (let i = 0; i < max; i++) await limitBatchQuotes(ann.id, undefined);

    const edit = await invoke('PUT /shipping/batches/{batchId}/rows/{row}', {
      token: ann.token,
      params: { batchId: batch.batchId, row: '2' },
      body: { fields: sampleRow({ labelType: 'usps_ground' }) },
    });
    expect(edit.statusCode, edit.body).toBe(429);
    expect(edit.json?.message).toMatch(/^Too many quotes asked for\./);
    expect((await getBatchRows(batch.batchId))[0]).toMatchObject({ status: 'ready', priceCents: 600, fields: { labelType: 'usps_priority' } });
    // The Create Label dialog's quotes count on their own rate.
    await expect(limitQuotes(ann.id, undefined)).resolves.toBeUndefined();
  });

  it('a row fixed to a type the quote refuses becomes invalid with the reason, and out of the total', async () => {
    const batch = await draft([sampleRow(), sampleRow({ labelType: 'usps_ground' })]);
    const fixed = await invoke('PUT /shipping/batches/{batchId}/rows/{row}', {
      token: ann.token,
      params: { batchId: batch.batchId, row: '3' },
      body: { fields: sampleRow({ labelType: 'priority', length: '20', width: '20', height: '20' }) },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(batchOf(fixed).rows[1]).toMatchObject({ status: 'invalid', priceCents: null, errors: [{ column: 'labelType' }] });
    expect(batchOf(fixed).totalCents).toBe(600);
  });

  it('a carrier that cannot quote: the rows stay to be priced on the next passes, then are invalid saying why; a row edit answers 502 and the row stays', async () => {
    const batch = await draft([sampleRow()]);
    carrierWatch.quote.mockRejectedValue(new ProviderUnavailable('USPS', 'down'));

    const res = await upload([sampleRow(), sampleRow({ toZip: 'bad' })]);
    expect(res.statusCode, res.body).toBe(201);
    const stuck = batchOf(res);
    // The first pass failed: the batch is still pricing, its row waiting, and the lease renewed for the next pass.
    expect(stuck.status).toBe('pricing');
    expect(stuck.rows.map((r) => r.status)).toEqual(['pricing', 'invalid']);
    expect(await getBatch(stuck.batchId)).toMatchObject({ pricingFailures: 1, leaseUntil: expect.any(String) as unknown });
    // The scheduled work sends it again once the lease ends; the carrier is still down.
    expect(await resumeStalledBatches(logger, new Date(Date.now() + 10 * 60_000))).toEqual({ resumed: 1 });
    await batchQueueIdle();
    expect(await getBatch(stuck.batchId)).toMatchObject({ status: 'pricing', pricingFailures: 2 });
    // The last try gives the row up: invalid, saying why, and the batch a draft to fix or drop it.
    expect(PRICING_TRIES).toBe(3);
    expect(await processChunk(stuck.batchId, logger)).toBe('more');
    expect(await processChunk(stuck.batchId, logger)).toBe('done');
    const given = await read(stuck.batchId);
    expect(given).toMatchObject({ status: 'draft', totalCents: 0 });
    expect(given.rows[0]).toMatchObject({ status: 'invalid', valid: false, priceCents: null, errors: [{ column: 'row', message: NOT_PRICED }] });
    expect((await getBatch(stuck.batchId))?.leaseUntil).toBeUndefined();

    // The edit's quote is counted on the batch quotes' rate; the row is not touched.
    const edit = await invoke('PUT /shipping/batches/{batchId}/rows/{row}', {
      token: ann.token,
      params: { batchId: batch.batchId, row: '2' },
      body: { fields: sampleRow({ labelType: 'usps_ground' }) },
    });
    expect(edit.statusCode).toBe(502);
    expect((await getBatchRows(batch.batchId))[0]).toMatchObject({ status: 'ready', priceCents: 600, fields: { labelType: 'usps_priority' } });
  });
});

describe('rates mode: rows quoted by service and distance', () => {
  beforeEach(() => pricing('rates', { RATE_MARKUP_CENTS: '35', RATE_MARKUP_PERCENT: '3' }));

  it('prices the same parcel higher across the country than across town; a blank service is the cheapest, a named one its own, an unknown one an error', async () => {
    const batch = await draft([
      ratesRow(ACROSS_TOWN),
      ratesRow(ACROSS_COUNTRY),
      ratesRow({ ...ACROSS_COUNTRY, service: 'usps_priority_mail' }),
      ratesRow({ service: 'usps_teleport' }),
      ratesRow({ service: 'usps_priority_fr_small_box' }),
    ]);

    const [town, country, priority, unknown, smallBox] = batch.rows;
    expect(town).toMatchObject({ status: 'ready', service: 'usps_ground_advantage', serviceName: 'USPS Ground Advantage' });
    expect(country).toMatchObject({ status: 'ready', service: 'usps_ground_advantage' });
    expect(country!.priceCents!).toBeGreaterThan(town!.priceCents!);
    expect(priority).toMatchObject({ status: 'ready', service: 'usps_priority_mail', serviceName: 'USPS Priority Mail' });
    expect(priority!.priceCents!).toBeGreaterThan(country!.priceCents!);
    expect(unknown).toMatchObject({ status: 'invalid', errors: [{ column: 'service', message: expect.stringMatching(/^Unknown USPS service/) as string }] });
    // The 10 x 6 x 4 sample parcel does not fit the Small Flat Rate Box: the quote's reason.
    expect(smallBox).toMatchObject({
      status: 'invalid',
      errors: [{ column: 'service', message: expect.stringMatching(/does not fit the Flat Rate Small Box/) as string }],
    });
    expect(batch.totalCents).toBe(town!.priceCents! + country!.priceCents! + priority!.priceCents!);

    // The rows' prices are their own quotes' (POST /shipping/rates for the same form answers the same).
    const quoted = await invoke('POST /shipping/rates', {
      token: ann.token,
      body: {
        weight: 2,
        length: 10,
        width: 6,
        height: 4,
        from: { name: 'Ann Sender', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
        to: { name: 'Bo Receiver', street: '2 Elm St', city: 'Seattle', state: 'WA', zip: '98101', country: 'US' },
      },
    });
    const rates = (quoted.json as { rates: { service: string; priceCents: number }[] }).rates;
    expect(rates.find((r) => r.service === 'usps_priority_mail')?.priceCents).toBe(priority!.priceCents);
    expect((await getBatchRows(batch.batchId))[2]).toMatchObject({ service: 'usps_priority_mail', quoteId: expect.any(String) as string });
  });

  it('a batch bought end to end: each order is charged exactly its row price, as the service the row names, in the ledger too', async () => {
    await creditWallet(ann, 10_000);
    const batch = await draft([ratesRow(ACROSS_TOWN), ratesRow(ACROSS_COUNTRY), ratesRow({ ...ACROSS_COUNTRY, service: 'usps_priority_fr_medium_box' })]);
    const quoted = batch.rows.map((r) => [r.row, r.priceCents, r.service]);

    expect((await purchase(batch.batchId)).statusCode).toBe(200);
    await batchQueueIdle();

    const done = await read(batch.batchId);
    expect(done).toMatchObject({ status: 'done', counts: { toBuy: 3, bought: 3, failed: 0 }, totalCents: batch.totalCents });
    expect(done.rows.map((r) => [r.row, r.priceCents, r.service])).toEqual(quoted);
    const charges = await chargesOf(batch.batchId);
    expect(charges).toHaveLength(3);
    for (const { row, order, debits } of charges) {
      expect(order).toMatchObject({ status: 'created', priceCents: row.priceCents, serviceId: row.service, labelType: row.service });
      expect(order?.quote?.id).toEqual(expect.any(String));
      expect(debits).toEqual([-row.priceCents!]);
    }
    expect(await balanceOf(ann.id)).toBe(10_000 - batch.totalCents);
    expect(carrierWatch.buyLabel).toHaveBeenCalledWith(
      expect.objectContaining({ serviceId: 'usps_priority_fr_medium_box' }),
      expect.anything(),
      expect.any(Function),
    );
  });
});

describe('the total the shipper saw', () => {
  beforeEach(() => pricing('rates', { RATE_MARKUP_CENTS: '35', RATE_MARKUP_PERCENT: '3' }));

  it('a purchase naming another total than the rows cost is refused with the batch as it stands, nothing charged; the right total buys it', async () => {
    await creditWallet(ann, 10_000);
    const batch = await draft([ratesRow(ACROSS_TOWN), ratesRow(ACROSS_COUNTRY)]);

    const refused = await purchase(batch.batchId, { totalCents: batch.totalCents - 1 });

    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json?.message).toBe(totalChanged(batch.totalCents - 1, batch.totalCents));
    expect((refused.json?.batch as ApiBatch).totalCents).toBe(batch.totalCents);
    expect(await read(batch.batchId)).toMatchObject({ status: 'draft', totalCents: batch.totalCents });
    expect(await balanceOf(ann.id)).toBe(10_000);
    expect(carrierWatch.buyLabel).not.toHaveBeenCalled();

    expect((await purchase(batch.batchId, { totalCents: batch.totalCents })).statusCode).toBe(200);
    await batchQueueIdle();
    expect(await read(batch.batchId)).toMatchObject({ status: 'done', counts: { bought: 2 } });
    expect(await balanceOf(ann.id)).toBe(10_000 - batch.totalCents);
  });
});

describe('quotes that expire', () => {
  beforeEach(() => pricing('rates', { RATE_MARKUP_CENTS: '35', RATE_MARKUP_PERCENT: '3' }));

  it('at purchase, expired quotes: 409 with the batch sent back to be priced, nothing charged; at an unchanged price the same total then buys it', async () => {
    await creditWallet(ann, 10_000);
    const batch = await draftWithExpiredQuotes([ratesRow(ACROSS_TOWN), ratesRow(ACROSS_COUNTRY)]);
    const before = await getBatchRows(batch.batchId);

    const refused = await purchase(batch.batchId, { totalCents: batch.totalCents });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json?.message).toBe(requoting(2));
    expect((refused.json?.batch as ApiBatch).status).toBe('pricing');
    expect(await balanceOf(ann.id)).toBe(10_000);
    await batchQueueIdle();
    expect(await read(batch.batchId)).toMatchObject({ status: 'draft', totalCents: batch.totalCents });

    const res = await purchase(batch.batchId, { totalCents: batch.totalCents });
    expect(res.statusCode, res.body).toBe(200);
    await batchQueueIdle();

    const after = await getBatchRows(batch.batchId);
    expect(after.map((r) => r.status)).toEqual(['bought', 'bought']);
    expect(after.map((r) => r.priceCents)).toEqual(before.map((r) => r.priceCents));
    expect(after[0]?.quoteId).not.toBe(before[0]?.quoteId);
    expect(await balanceOf(ann.id)).toBe(10_000 - batch.totalCents);
  });

  it('at purchase, an expired quote whose price changed: repriced and stored by the worker, nothing charged; the old total is refused, the new one buys it', async () => {
    await creditWallet(ann, 10_000);
    const batch = await draftWithExpiredQuotes([ratesRow(ACROSS_TOWN), ratesRow({ ...ACROSS_COUNTRY, service: 'usps_priority_mail' })]);
    // Ground Advantage now carries 50 cents more markup; Priority Mail the same.
    pricing('rates', { RATE_MARKUP_CENTS: JSON.stringify({ usps_ground_advantage: 85, '*': 35 }) });

    const refused = await purchase(batch.batchId, { totalCents: batch.totalCents });

    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json?.message).toBe(requoting(2));
    await batchQueueIdle();
    const repriced = await read(batch.batchId);
    expect(repriced.status).toBe('draft');
    expect(repriced.rows.map((r) => r.priceCents)).toEqual([batch.rows[0]!.priceCents! + 50, batch.rows[1]!.priceCents]);
    expect(repriced.totalCents).toBe(batch.totalCents + 50);
    expect((await getBatchRows(batch.batchId)).every((r) => Date.parse(r.quoteExpiresAt ?? '') > Date.now())).toBe(true);
    expect(await balanceOf(ann.id)).toBe(10_000);
    expect((await listOrders(ann.id, { limit: 10 })).items).toEqual([]);
    expect(carrierWatch.buyLabel).not.toHaveBeenCalled();

    const stale = await purchase(batch.batchId, { totalCents: batch.totalCents });
    expect(stale.statusCode).toBe(409);
    expect(stale.json?.message).toBe(totalChanged(batch.totalCents, repriced.totalCents));
    const confirmed = await purchase(batch.batchId, { totalCents: repriced.totalCents });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await batchQueueIdle();
    expect(await read(batch.batchId)).toMatchObject({ status: 'done', counts: { bought: 2 }, totalCents: repriced.totalCents });
    const charges = await chargesOf(batch.batchId);
    expect(charges.map((c) => c.order?.priceCents)).toEqual(repriced.rows.map((r) => r.priceCents));
    expect(await balanceOf(ann.id)).toBe(10_000 - repriced.totalCents);
  });

  it('a batch being priced takes no purchase, fix or drop: 409 with Retry-After, nothing changes; once priced it does', async () => {
    await creditWallet(ann, 10_000);
    const batch = await draftWithExpiredQuotes([ratesRow(ACROSS_TOWN)]);
    // Sent back to be priced, its worker not yet at work.
    expect(await startPricing(batch.batchId)).toBe(true);

    const refused = await withoutWrites(() =>
      Promise.all([
        purchase(batch.batchId, { totalCents: batch.totalCents }),
        invoke('PUT /shipping/batches/{batchId}/rows/{row}', { token: ann.token, params: { batchId: batch.batchId, row: '2' }, body: { fields: ratesRow() } }),
        invoke('DELETE /shipping/batches/{batchId}/rows/{row}', { token: ann.token, params: { batchId: batch.batchId, row: '2' } }),
      ]),
    );
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json?.message).toBe(BEING_PRICED);
      expect(res.headers?.['retry-after']).toBe('2');
    }

    expect(await processChunk(batch.batchId, logger)).toBe('more');
    expect(await processChunk(batch.batchId, logger)).toBe('done');
    expect(await read(batch.batchId)).toMatchObject({ status: 'draft', totalCents: batch.totalCents });
    const bought = await purchase(batch.batchId, { totalCents: batch.totalCents });
    expect(bought.statusCode, bought.body).toBe(200);
    await batchQueueIdle();
    expect(await read(batch.batchId)).toMatchObject({ status: 'done', counts: { bought: 1 } });
  });

  it('in the worker, a row whose quote expired is bought from a fresh one at no more than its confirmed price; a dearer or withdrawn one fails costing nothing', async () => {
    await creditWallet(ann, 10_000);
    const batch = await draftWithExpiredQuotes([
      ratesRow({ ...ACROSS_COUNTRY, service: 'usps_priority_mail' }),
      ratesRow(ACROSS_TOWN),
      ratesRow({ ...ACROSS_COUNTRY, service: 'usps_priority_express' }),
      ratesRow({ ...ACROSS_COUNTRY, service: 'usps_priority_fr_medium_box' }),
    ]);
    const [priority, ground, express, box] = batch.rows.map((r) => r.priceCents!) as [number, number, number, number];
    // Confirmed at those prices, as a purchase (or a card payment) that started before the quotes expired.
    expect(await startRunning(batch.batchId, ['draft'], { toBuy: 4, purchaseKey: 'k', paymentMethod: 'credits' })).toBe(true);
    // Since then: Priority Mail 10 cents cheaper, Ground Advantage unchanged, Express dearer; the medium box withdrawn.
    pricing('rates', { RATE_MARKUP_CENTS: JSON.stringify({ usps_priority_mail: 25, usps_priority_express: 95, '*': 35 }) });
    carrierWatch.quote.mockImplementation(async (req, real) =>
      (await real.quote(req)).map((r) => (r.service === 'usps_priority_fr_medium_box' ? { service: r.service, offered: false, reason: 'Withdrawn.' } : r)),
    );

    await runBatchToEnd(batch.batchId, logger);

    const rows = await getBatchRows(batch.batchId);
    expect(rows.map((r) => [r.status, r.priceCents, r.error])).toEqual([
      ['bought', priority - 10, null],
      ['bought', ground, null],
      ['failed', express, priceRose(express + 60, express)],
      ['failed', box, NO_LONGER_OFFERED],
    ]);
    const charges = await chargesOf(batch.batchId);
    expect(charges.map((c) => [c.order?.priceCents, c.debits])).toEqual([
      [priority - 10, [-(priority - 10)]],
      [ground, [-ground]],
    ]);
    expect(await balanceOf(ann.id)).toBe(10_000 - (priority - 10) - ground);
    expect(carrierWatch.buyLabel).toHaveBeenCalledTimes(2);
    expect((await getBatch(batch.batchId))?.status).toBe('done');
  });

  it('a card-paid batch whose quotes expired at the checkout: the card pays the confirmed total, rows bought cheaper leave the difference in the wallet', async () => {
    const rows = [ratesRow(ACROSS_TOWN), ratesRow({ ...ACROSS_COUNTRY, service: 'usps_priority_mail' })];
    // Uploaded and sent to the card checkout 16 minutes ago, with quotes then still valid.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 16 * 60_000 });
    let batch: ApiBatch;
    let url: string;
    try {
      batch = await draft(rows);
      const res = await invoke('POST /shipping/batches/{batchId}/purchase', {
        token: ann.token,
        params: { batchId: batch.batchId },
        body: { paymentMethod: 'purchase' },
        headers: { 'idempotency-key': idempotencyKey() },
      });
      expect(res.statusCode, res.body).toBe(200);
      url = String(res.json?.checkoutUrl);
    } finally {
      vi.useRealTimers();
    }
    const checkout = await getLocalCheckout(url.split('/').pop() ?? '');
    expect(checkout?.amountCents).toBe(batch.totalCents);
    // Paid now: every quote has expired, and Priority Mail costs 10 cents less.
    pricing('rates', { RATE_MARKUP_CENTS: JSON.stringify({ usps_priority_mail: 25, '*': 35 }) });

    expect((await deliverSigned(stripeEvent(checkout!, 'paid'))).statusCode).toBe(200);
    await batchQueueIdle();

    expect(await read(batch.batchId)).toMatchObject({ status: 'done', counts: { bought: 2 }, totalCents: batch.totalCents - 10 });
    const charges = await chargesOf(batch.batchId);
    expect(charges.map((c) => c.order?.priceCents)).toEqual([batch.rows[0]!.priceCents, batch.rows[1]!.priceCents! - 10]);
    const entries = await entriesOf(ann.id);
    expect(entries.filter((e) => e.type === 'topup' && e.status === 'completed').map((e) => e.amountCents)).toEqual([batch.totalCents]);
    // The card paid the total confirmed; the 10 cents Priority Mail no longer costs stay in the wallet.
    expect(await balanceOf(ann.id)).toBe(10);
  });
});
