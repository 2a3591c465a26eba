/**
 * The margin on real labels, end to end against DynamoDB Local: POST /shipping/create-label buys
 * through the configured carrier (EasyPost's client against a stand-in EasyPost answering its
 * recorded shipments, or the sandbox), the order keeps the carrier's cost, and GET /admin/stats counts revenue, cost and
 * margin of real labels only. A rate above the ceiling is refused before EasyPost's buy call: 502,
 * the price back in the wallet, no figure moved.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminStats } from '../../../../domain/api/admin';
import { resetConfigForTests } from '../../../../functions/config';
import { getOrder } from '../../../../functions/data/orders';
import { getUserById } from '../../../../functions/data/users';
import bought from '../../../fixtures/easypost/shipment-bought.json';
import created from '../../../fixtures/easypost/shipment-created.json';
import { useEasyPostStandIn } from '../../../fixtures/easypost/stand-in';
import { sampleLabelOrder } from '../../../fixtures/label-order';
import { expectLedgerInvariant } from '../../ledger-invariant';
import { idempotencyKey, invoke, newAccount, type Account } from '../../security/actors';
import { creditWallet } from '../../wallet-credit';

const LABEL_PDF = new Uint8Array(readFileSync(new URL('../../../fixtures/easypost/label.pdf', import.meta.url)));
const CHEAPEST_PRIORITY = 'rate_22ca9cdf88be4b5da8e91b051e673534';
const easypost = useEasyPostStandIn();

/** The recorded shipment and buy answers with the cheapest USPS Priority rate at `rate` (dollars, EasyPost's text). */
function easypostAt(rate: string) {
  const shipment = { ...created, rates: created.rates.map((r) => (r.id === CHEAPEST_PRIORITY ? { ...r, rate } : r)) };
  return { shipment, bought: { ...bought, selected_rate: { ...bought.selected_rate, rate } } };
}

/** Uses EasyPost with the recorded answers to create, buy and download, in that order; returns the requests to see which were made. */
function useEasyPost(rate: string) {
  vi.stubEnv('CARRIER_PROVIDER', 'easypost');
  vi.stubEnv('EASYPOST_API_KEY', 'EZTK_test_margin');
  vi.stubEnv('EASYPOST_API_URL', easypost.url());
  resetConfigForTests();
  const answers = easypostAt(rate);
  return easypost.answers({ json: answers.shipment }, { json: answers.bought }, { body: LABEL_PDF });
}

let ann: Account;
let admin: Account;
beforeEach(async () => {
  [ann, admin] = await Promise.all([newAccount('user', 'margin'), newAccount('admin', 'margin')]);
  await creditWallet(ann, 2000);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  resetConfigForTests();
  await expectLedgerInvariant(ann.id);
});

const buy = () =>
  invoke('POST /shipping/create-label', {
    token: ann.token,
    body: sampleLabelOrder({ labelType: 'usps_priority', weight: 2 }),
    headers: { 'idempotency-key': idempotencyKey() },
  });
const stats = async () => {
  const res = await invoke('GET /admin/stats', { token: admin.token });
  expect(res.statusCode).toBe(200);
  return res.json as unknown as AdminStats;
};
const orderOf = async (res: Awaited<ReturnType<typeof buy>>) => getOrder(ann.id, (res.json as { label: { shipOrderId: string } }).label.shipOrderId);

describe('margin on real labels', () => {
  it('a label EasyPost sold at $4.75 for our $6.00: the order keeps its cost, the dashboard one more real label with $1.25 margin', async () => {
    const before = await stats();
    const asked = useEasyPost('4.75');

    const res = await buy();

    expect(res.statusCode).toBe(201);
    expect(asked.map((r) => new URL(r.url, 'http://stand-in').pathname)).toEqual([
      '/v2/shipments',
      `/v2/shipments/${created.id}/buy`,
      new URL(bought.postage_label.label_pdf_url).pathname,
    ]);
    expect(await orderOf(res)).toMatchObject({ status: 'created', priceCents: 600, costCents: 475, carrierRef: created.id });
    const after = await stats();
    expect(after.labels.total).toBe(before.labels.total + 1);
    expect(after.realLabels.count).toBe(before.realLabels.count + 1);
    expect(after.realLabels.revenue.cents).toBe(before.realLabels.revenue.cents + 600);
    expect(after.realLabels.carrierCost.cents).toBe(before.realLabels.carrierCost.cents + 475);
    expect(after.realLabels.margin.cents).toBe(before.realLabels.margin.cents + 125);
  });

  it('a sandbox label is a label, not a real one: its cost is null and no real figure moves', async () => {
    const before = await stats();

    const res = await buy();

    expect(res.statusCode).toBe(201);
    expect(await orderOf(res)).toMatchObject({ status: 'created', costCents: null });
    const after = await stats();
    expect(after.labels.total).toBe(before.labels.total + 1);
    expect(after.realLabels).toEqual(before.realLabels);
  });

  it('a rate above our price is refused before the buy call: 502, the price back in the wallet, the reason on the order, no figure moved', async () => {
    const before = await stats();
    // The recorded $7.47 for a label we sell at $6.00.
    const asked = useEasyPost('7.47');

    const res = await buy();

    expect(res.statusCode).toBe(502);
    expect(res.json).toEqual({ message: 'USPS label service is not answering right now. Please try again in a moment.' });
    expect(asked.map((r) => r.url)).toEqual(['/v2/shipments']);
    expect((await getUserById(ann.id, { consistent: true }))?.balanceCents).toBe(2000);
    const [order] = ((await invoke('GET /shipping/orders', { token: ann.token })).json as { orders: { shipOrderId: string }[] }).orders;
    expect(await getOrder(ann.id, order!.shipOrderId)).toMatchObject({
      status: 'failed',
      failureReason: expect.stringContaining('USPS Priority costs $7.47 (747 cents), above the ceiling of $6.00 (600 cents) for usps_priority; not bought'),
    });
    const after = await stats();
    expect(after.labels).toEqual(before.labels);
    expect(after.realLabels).toEqual(before.realLabels);
  });
});
