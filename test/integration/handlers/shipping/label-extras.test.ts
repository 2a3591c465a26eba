/**
 * A label's extras through the real handlers against DynamoDB Local, with the sandbox carrier: the
 * shipper's text, a signature and insurance priced into every quote row in both pricing modes (the
 * parts shown), a purchase charged exactly the quote and storing its extras, the carrier told of
 * them, the refund giving back the whole price, and bad extras refused with nothing changed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Quote } from '../../../../domain/api/quotes';
import { SIGNATURE_FEE_CENTS } from '../../../../domain/postage/extras';
import prices from '../../../../domain/postage/usps-prices.json';
import { resetConfigForTests } from '../../../../functions/config';
import { getOrder } from '../../../../functions/data/orders';
import { sampleAddress, sampleLabelOrder } from '../../../fixtures/label-order';
import { expectLedgerInvariant, ledgerOf } from '../../ledger-invariant';
import { pricing } from '../../pricing-mode';
import { idempotencyKey, invoke, newAccount, type Account } from '../../security/actors';
import { creditWallet } from '../../wallet-credit';
import { carrierWatch, watchCarrierAnew } from '../../watch-carrier';
import type { ApiBatch } from '../../../../domain/api/batches';
import { batchQueueIdle } from '../../../../functions/batches/queue';
import { getBatchRows } from '../../../../functions/data/batches';
import { batchCsv, sampleRow } from '../../../fixtures/batch-csv';
import { uploadPriced } from '../../batch-upload';
import { pdfTextRuns } from '../../../unit/providers/carrier/pdf-text';

vi.mock('../../../../functions/providers/registry/carrier', async (importOriginal) =>
  (await import('../../watch-carrier')).watchedCarrierRegistry(await importOriginal()),
);

const ACROSS_COUNTRY = { ...sampleAddress('Bo Receiver', '98101', '2 Elm St'), city: 'Seattle', state: 'WA' };
const EXTRAS = { labelText: ['Order #1042', 'Fragile: glass'], signature: 'adult', insuredValueCents: 25_000 } as const;
const form = (over: Record<string, unknown> = {}) => sampleLabelOrder({ to: ACROSS_COUNTRY, ...over });

let ann: Account;
beforeEach(async () => {
  watchCarrierAnew();
  ann = await newAccount('user', 'extras');
  await creditWallet(ann, 20_000);
});
afterEach(async () => {
  await batchQueueIdle();
  vi.unstubAllEnvs();
  resetConfigForTests();
  await expectLedgerInvariant(ann.id);
});

const quote = async (body: unknown) => {
  const res = await invoke('POST /shipping/rates', { token: ann.token, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json as Quote;
};
const buy = (body: unknown) => invoke('POST /shipping/create-label', { token: ann.token, body, headers: { 'idempotency-key': idempotencyKey() } });
const balance = async () => (await ledgerOf(ann.id)).balanceCents;
const row = (q: Quote, service: string) => q.rates.find((r) => r.service === service)!;
/** $250 declared: three started $100 at the default $0.80. */
const INSURANCE = 3 * 80;

describe('extras in the quote', () => {
  it("table mode: each row is its type's price plus USPS's signature fee and our insurance, with the parts and USPS's own coverage", async () => {
    const plain = await quote(form());
    const q = await quote(form(EXTRAS));
    for (const service of ['priority', 'usps_priority', 'usps_ground', 'ground_lbs']) {
      expect(row(q, service).priceCents, service).toBe(row(plain, service).priceCents! + SIGNATURE_FEE_CENTS.adult + INSURANCE);
      expect(row(q, service)).toMatchObject({ postageCents: row(plain, service).priceCents, signatureCents: 1020, insuranceCents: INSURANCE });
    }
    expect(row(q, 'usps_priority').coverageCents).toBe(10_000);
    // Media Mail includes no insurance of USPS's own.
    expect(row(q, 'ground_lbs').coverageCents).toBe(0);
  });

  it('rates mode: the carrier rate includes the signature (marked up with it), and our insurance is added at its configured rate', async () => {
    pricing('rates', { RATE_MARKUP_CENTS: '35', RATE_MARKUP_PERCENT: '3', INSURANCE_CENTS_PER_100: '100' });
    const q = await quote(form({ ...EXTRAS, signature: 'signature' }));
    const cost = prices.priority.pounds['2'][6]! + SIGNATURE_FEE_CENTS.signature;
    expect(row(q, 'usps_priority_mail')).toMatchObject({
      priceCents: cost + Math.ceil(cost * 0.03) + 35 + 300,
      signatureCents: 365,
      insuranceCents: 300,
      coverageCents: 10_000,
    });
    expect(carrierWatch.quote).toHaveBeenCalledWith(
      expect.objectContaining({ extras: { labelText: ['Order #1042', 'Fragile: glass'], signature: 'signature', insuredValueCents: 25_000 } }),
      expect.anything(),
    );
  });
});

describe('a purchase with extras', () => {
  it('is charged exactly its quote, stores the extras with their parts, tells the carrier, and its refund gives back the whole price', async () => {
    const q = await quote(form(EXTRAS));
    const price = row(q, 'usps_priority').priceCents!;
    const before = await balance();
    const res = await buy(form({ ...EXTRAS, labelType: 'usps_priority', quoteId: q.quoteId }));
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json as { label: { shipOrderId: string } }).label.shipOrderId;
    expect(await balance()).toBe(before - price);
    expect(await getOrder(ann.id, id)).toMatchObject({
      priceCents: price,
      extras: { ...EXTRAS, labelText: [...EXTRAS.labelText], signatureCents: 1020, insuranceCents: INSURANCE },
    });
    expect(carrierWatch.buyLabel).toHaveBeenCalledWith(
      expect.objectContaining({ priceCents: price, extras: { labelText: [...EXTRAS.labelText], signature: 'adult', insuredValueCents: 25_000 } }),
      expect.anything(),
      expect.any(Function),
    );
    const orders = await invoke('GET /shipping/orders', { token: ann.token });
    expect((orders.json as { orders: { shipOrderId: string; extras?: unknown }[] }).orders.find((o) => o.shipOrderId === id)?.extras).toMatchObject({
      signature: 'adult',
      insuranceCents: INSURANCE,
    });

    const receipt = await invoke('GET /receipts/{receipt}', { token: ann.token, params: { receipt: `${id}.pdf` } });
    expect(receipt.statusCode, receipt.body).toBe(200);
    const text = (await pdfTextRuns(Buffer.from(receipt.body ?? '', 'base64'))).join('\n');
    for (const line of ['Adult Signature Required', '$10.20', 'Insurance ($250.00 declared)', '$2.40', 'Label text 1', 'Order #1042', 'Fragile: glass']) {
      expect(text).toContain(line);
    }

    const refund = await invoke('POST /shipping/orders/{shipOrderId}/refund', { token: ann.token, params: { shipOrderId: id } });
    expect(refund.statusCode, refund.body).toBeLessThan(300);
    expect(await balance()).toBe(before);
    const entries = (await ledgerOf(ann.id)).entries.filter((e) => e.type === 'refund' && e.orderId === id);
    expect(entries.map((e) => e.amountCents)).toEqual([price]);
  });

  it('without a quote (table mode) is charged the type price plus the extras', async () => {
    const before = await balance();
    const res = await buy(form({ signature: 'signature', insuredValueCents: 10_000 }));
    expect(res.statusCode, res.body).toBe(201);
    expect(await balance()).toBe(before - (600 + 365 + 80));
  });

  it('answers 409 with a fresh quote when the extras changed since the quote', async () => {
    const q = await quote(form(EXTRAS));
    const before = await balance();
    const res = await buy(form({ ...EXTRAS, signature: 'none', labelType: 'usps_priority', quoteId: q.quoteId }));
    expect(res.statusCode).toBe(409);
    expect(res.json).toMatchObject({ priceCents: 600 + INSURANCE });
    expect(await balance()).toBe(before);
  });
});

describe('bad extras', () => {
  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    ['a 26-character line', { labelText: ['x'.repeat(26)] }, 'labelText.0', /at most 25 characters/],
    ['three lines', { labelText: ['a', 'b', 'c'] }, 'labelText', /at most 2 lines/],
    ['a line that is not printable text', { labelText: ['tab\there'] }, 'labelText.0', /letters, digits, spaces/],
    ['$5,000.01 declared', { insuredValueCents: 500_001 }, 'insuredValueCents', /at most \$5,000\.00/],
    ['a fraction of a cent', { insuredValueCents: 10.5 }, 'insuredValueCents', /whole cents/],
    ['an unknown signature', { signature: 'direct' }, 'signature', /one of none, signature, adult/],
  ];
  it.each(cases)('%s: 400 with the field named, in the quote and the purchase, and nothing charged or stored', async (_name, bad, field, message) => {
    const before = await balance();
    for (const [route, res] of [
      ['quote', await invoke('POST /shipping/rates', { token: ann.token, body: form(bad) })],
      ['buy', await buy(form(bad))],
    ] as const) {
      expect(res.statusCode, route).toBe(400);
      expect((res.json as { fields: Record<string, string> }).fields[field], route).toMatch(message);
    }
    expect(await balance()).toBe(before);
    expect((await invoke('GET /shipping/orders', { token: ann.token })).json).toMatchObject({ orders: [] });
  });
});

describe('extras in the batch CSV', () => {
  it('prices a row with its extras, names the cell of a bad one, and buys the row with them at exactly its price', async () => {
    const up = await uploadPriced({
      token: ann.token,
      raw: batchCsv([
        sampleRow({ labelText1: 'Order 7', labelText2: 'Gift', signature: 'signature', insuredValueCents: '10000' }),
        sampleRow({ labelText2: 'y'.repeat(26), signature: 'maybe', insuredValueCents: '500001' }),
      ]),
    });
    expect(up.statusCode, up.body).toBe(201);
    const batch = up.json as unknown as ApiBatch;
    expect(batch.rows[0]).toMatchObject({ status: 'ready', priceCents: 600 + 365 + 80 });
    expect(batch.rows[1]?.errors).toEqual([
      { column: 'labelText2', message: 'Each label text line must be at most 25 characters' },
      { column: 'signature', message: 'signature must be one of none, signature, adult' },
      { column: 'insuredValueCents', message: 'Declared value is at most $5,000.00' },
    ]);

    const purchase = await invoke('POST /shipping/batches/{batchId}/purchase', {
      token: ann.token,
      params: { batchId: batch.batchId },
      body: { paymentMethod: 'credits' },
      headers: { 'idempotency-key': idempotencyKey() },
    });
    expect(purchase.statusCode, purchase.body).toBe(200);
    await batchQueueIdle();
    const [row] = await getBatchRows(batch.batchId);
    expect(row?.status).toBe('bought');
    expect(await getOrder(ann.id, row!.shipOrderId!)).toMatchObject({
      priceCents: 1045,
      extras: { labelText: ['Order 7', 'Gift'], signature: 'signature', insuredValueCents: 10_000, signatureCents: 365, insuranceCents: 80 },
    });
  });
});
