/**
 * POST /shipping/rates and purchases from its quotes, against DynamoDB Local with the sandbox carrier
 * (priced from USPS's commercial price list in rates mode): the rows of each mode, the price a
 * purchase pays (exactly its quote's), and every way a quote stops holding (expired, its form
 * changed, used once already, another account's, forged), each refused with nothing charged.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Quote } from '../../../../domain/api/quotes';
import { resetConfigForTests } from '../../../../functions/config';
import { getOrder } from '../../../../functions/data/orders';
import { getUserById } from '../../../../functions/data/users';
import prices from '../../../../domain/postage/usps-prices.json';
import { sampleAddress, sampleLabelOrder } from '../../../fixtures/label-order';
import { expectLedgerInvariant } from '../../ledger-invariant';
import { idempotencyKey, invoke, newAccount, type Account } from '../../security/actors';
import { creditWallet } from '../../wallet-credit';
import { carrierWatch, watchCarrierAnew } from '../../watch-carrier';
import { pricing } from '../../pricing-mode';

vi.mock('../../../../functions/providers/registry/carrier', async (importOriginal) =>
  (await import('../../watch-carrier')).watchedCarrierRegistry(await importOriginal()),
);

const ACROSS_TOWN = sampleAddress('Bo Receiver', '78702', '2 Elm St');
const ACROSS_COUNTRY = { ...sampleAddress('Bo Receiver', '98101', '2 Elm St'), city: 'Seattle', state: 'WA' };
const form = (over: Record<string, unknown> = {}) => sampleLabelOrder({ to: ACROSS_COUNTRY, ...over });

let ann: Account;
beforeEach(async () => {
  watchCarrierAnew();
  ann = await newAccount('user', 'quote');
  await creditWallet(ann, 20_000);
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  resetConfigForTests();
  await expectLedgerInvariant(ann.id);
});

const quote = async (body: unknown = form(), token = ann.token) => {
  const res = await invoke('POST /shipping/rates', { token, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json as Quote;
};
const buy = (body: unknown, token = ann.token) => invoke('POST /shipping/create-label', { token, body, headers: { 'idempotency-key': idempotencyKey() } });
const balance = async () => (await getUserById(ann.id, { consistent: true }))?.balanceCents ?? 0;
const row = (q: Quote, service: string) => q.rates.find((r) => r.service === service)!;

describe('POST /shipping/rates in table mode (the default)', () => {
  it("answers the seed's four label types at their fixed prices, each naming the real service it buys, the cheapest marked", async () => {
    const q = await quote();
    expect(q.mode).toBe('table');
    expect(q.rates.map((r) => [r.service, r.priceCents, r.available])).toEqual([
      ['priority', 500, true],
      ['usps_priority', 600, true],
      ['usps_ground', 500, true],
      ['ground_lbs', 450, true],
    ]);
    expect(row(q, 'priority').description).toMatch(/^USPS Priority Mail Flat Rate Medium Box: /);
    expect(row(q, 'ground_lbs').description).toMatch(/^USPS Media Mail: Books, recordings and printed media only/);
    expect(q.rates.filter((r) => r.cheapest).map((r) => r.service)).toEqual(['ground_lbs']);
    expect(q.rates.filter((r) => r.fastest)).toHaveLength(1);
    expect(Date.parse(q.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
  });

  it('says before the form is sent when a type is not available for the parcel: too big for a Flat Rate box, or dearer than its ceiling', async () => {
    pricing('table', { CARRIER_COST_CEILINGS: JSON.stringify({ usps_priority: 500 }) });
    const q = await quote(form({ length: 20, width: 20, height: 20 }));
    expect(row(q, 'priority')).toMatchObject({ available: false, priceCents: null, reason: expect.stringMatching(/larger than the USPS Large Flat Rate Box/) });
    expect(row(q, 'usps_priority')).toMatchObject({
      available: false,
      reason: expect.stringMatching(/^Not available for this parcel at \$6\.00: USPS charges more/),
    });
    // Priced by its weight in table mode (2 lb), whatever its size.
    expect(row(q, 'usps_ground')).toMatchObject({ available: true, priceCents: 500 });
  });

  it('buys from the quote at exactly its price, with the service it named, and the quote buys one label only', async () => {
    const q = await quote();
    const before = await balance();
    const res = await buy(form({ labelType: 'priority', quoteId: q.quoteId }));
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json as { label: { shipOrderId: string } }).label.shipOrderId;
    expect(await getOrder(ann.id, id)).toMatchObject({ labelType: 'priority', serviceId: 'usps_priority_fr_medium_box', priceCents: 500 });
    expect(await balance()).toBe(before - 500);
    expect(carrierWatch.buyLabel).toHaveBeenCalledWith(
      expect.objectContaining({ serviceId: 'usps_priority_fr_medium_box' }),
      expect.anything(),
      expect.any(Function),
    );

    const again = await buy(form({ labelType: 'usps_ground', quoteId: q.quoteId }));
    expect(again.statusCode).toBe(409);
    const fresh = (again.json as { quote: Quote }).quote;
    expect(again.json).toMatchObject({ message: 'This quote was already used for a label; here is a new one.', priceCents: 500 });
    expect(fresh.quoteId).not.toBe(q.quoteId);
    expect(await balance()).toBe(before - 500);
    expect((await buy(form({ labelType: 'usps_ground', quoteId: fresh.quoteId }))).statusCode).toBe(201);
  });

  it('keeps working without a quote, as before quotes: the label type alone at its fixed price', async () => {
    const before = await balance();
    const res = await buy(form());
    expect(res.statusCode, res.body).toBe(201);
    expect(await balance()).toBe(before - 600);
  });
});

describe('POST /shipping/rates in rates mode', () => {
  beforeEach(() => pricing('rates', { RATE_MARKUP_CENTS: '35', RATE_MARKUP_PERCENT: '3' }));

  it('prices every USPS service from the price list by zone: the same parcel costs more across the country than across town', async () => {
    const town = await quote(form({ to: ACROSS_TOWN }));
    const country = await quote(form());
    expect(town.zone).toBe(1);
    expect(country.zone).toBe(7);
    for (const service of ['usps_ground_advantage', 'usps_priority_mail', 'usps_priority_express']) {
      expect(row(country, service).priceCents!, service).toBeGreaterThan(row(town, service).priceCents!);
    }
    // Flat Rate costs the same anywhere; a 10 x 6 x 4 parcel fits the medium and large boxes only.
    expect(row(country, 'usps_priority_fr_medium_box').priceCents).toBe(row(town, 'usps_priority_fr_medium_box').priceCents);
    expect(row(country, 'usps_priority_fr_small_box')).toMatchObject({
      available: false,
      reason: expect.stringMatching(/does not fit the Flat Rate Small Box/),
    });
    expect(country.rates.every((r) => !r.available || (r.deliveryDays! > 0 && /^\d{4}-\d{2}-\d{2}$/.test(r.deliveryDate!)))).toBe(true);
    expect(country.rates.filter((r) => r.cheapest).map((r) => r.service)).toEqual(['usps_ground_advantage']);
    expect(country.rates.filter((r) => r.fastest).map((r) => r.service)).toEqual(['usps_priority_express']);
  });

  it("adds the markup to the carrier's rate: 2 lb Priority Mail to zone 7 at USPS's price + 3% (rounded up) + $0.35", async () => {
    const q = await quote();
    const cost = prices.priority.pounds['2'][6]!;
    expect(row(q, 'usps_priority_mail').priceCents).toBe(cost + Math.ceil(cost * 0.03) + 35);
  });

  it('charges a purchase exactly its quote, and buys Flat Rate in its own packaging', async () => {
    const q = await quote();
    const box = row(q, 'usps_priority_fr_medium_box');
    const before = await balance();
    const res = await buy(form({ labelType: undefined, service: box.service, quoteId: q.quoteId }));
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json as { label: { shipOrderId: string; labelTypeName: string } }).label.shipOrderId;
    expect(await balance()).toBe(before - box.priceCents!);
    expect(await getOrder(ann.id, id)).toMatchObject({
      labelType: 'usps_priority_fr_medium_box',
      serviceId: 'usps_priority_fr_medium_box',
      priceCents: box.priceCents,
    });
    expect((res.json as { label: { labelTypeName: string } }).label.labelTypeName).toBe('USPS Priority Mail Flat Rate Medium Box');
  });

  it('answers 409 with a fresh quote and the new price for an expired quote, charging nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 16 * 60_000 });
    const old = await quote();
    vi.useRealTimers();
    const before = await balance();

    const res = await buy(form({ service: 'usps_ground_advantage', quoteId: old.quoteId }));

    expect(res.statusCode).toBe(409);
    const fresh = (res.json as { quote: Quote }).quote;
    expect(res.json).toMatchObject({ message: 'This quote has expired; here is the price now.', priceCents: row(fresh, 'usps_ground_advantage').priceCents });
    expect(fresh.quoteId).not.toBe(old.quoteId);
    expect(await balance()).toBe(before);
    // The fresh quote buys.
    expect((await buy(form({ service: 'usps_ground_advantage', quoteId: fresh.quoteId }))).statusCode).toBe(201);
  });

  it('answers 409 with the new price when the parcel changed since the quote', async () => {
    const q = await quote();
    const res = await buy(form({ weight: 12, service: 'usps_priority_mail', quoteId: q.quoteId }));
    expect(res.statusCode).toBe(409);
    expect((res.json as { priceCents: number }).priceCents).toBeGreaterThan(row(q, 'usps_priority_mail').priceCents!);
  });

  it("refuses a purchase without a quote, another account's quote, and a forged one (400), charging nothing", async () => {
    const before = await balance();
    const bo = await newAccount('user', 'quote-other');
    const hers = await quote(form(), bo.token);
    const ours = await quote();
    // The signature's first character: every one of its bits is signature (the last one's lowest two are padding, which decoders ignore).
    const [head, payload, signature] = ours.quoteId.split('.') as [string, string, string];
    const tampered = [head, payload, (signature.startsWith('A') ? 'B' : 'A') + signature.slice(1)].join('.');
    for (const body of [
      form({ service: 'usps_priority_mail' }),
      form({ service: 'usps_priority_mail', quoteId: hers.quoteId }),
      form({ service: 'usps_priority_mail', quoteId: tampered }),
    ]) {
      const res = await buy(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys((res.json as { fields: object }).fields)).toEqual(['quoteId']);
    }
    expect(await balance()).toBe(before);
  });
});
