/**
 * A Flat Rate label sends its packaging to EasyPost, seen end to end: a front of its own runs with
 * the real EasyPost client (CARRIER_PROVIDER=easypost) pointed at a stand-in EasyPost
 * (test/e2e/easypost-stand-in.ts) answering EasyPost's recorded shipment and purchase. A shipper
 * buys a "USPS Priority Flat Rate" label for a 10 x 8 x 4 in parcel through the dialog: the parcel
 * fits the Medium Flat Rate Box, so the shipment EasyPost is asked for names that predefined package
 * (and the weight) instead of the parcel's sizes, and that shipment is the one bought. The label is
 * in the shipments table and the balance is charged exactly the $5.00 shown.
 *
 * No recording creates a Flat Rate shipment, and the recorded Priority rates ($7.47, $9.10) are above
 * our $5.00 price, which the quote refuses (test/e2e/cost-ceiling.spec.ts). So the stand-in answers a
 * Flat Rate shipment with the recording's Priority rates at $4.80, under our price: a figure of this
 * test, not USPS's.
 */
import { expect, test } from '@playwright/test';
import { useEasyPostFront } from './easypost-stand-in';
import { balanceBadge, createLabelThroughForm, signUp, topUpByCard, unique } from './helpers';

const FRONT_PORT = Number(process.env.E2E_PORT ?? 3100) + 59;
const EASYPOST_PORT = FRONT_PORT + 2;

const person = { name: 'Fay Flatrate', email: `fay-${unique()}@example.com`, password: 'E2e-User-Pass1!' };
const from = { name: 'Fay Flatrate', street: '1600 Amphitheatre Pkwy', city: 'Mountain View', state: 'CA', zip: '94043' };
const to = { name: 'Grace Hopper', street: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118' };

test.use({ baseURL: `http://localhost:${FRONT_PORT}` });

test.describe.serial('Flat Rate at EasyPost', () => {
  const easypost = useEasyPostFront(FRONT_PORT, EASYPOST_PORT, { flatRateCost: '4.80' });

  test('a Flat Rate label buys the shipment of its predefined package, and charges the price shown', async ({ page, request }) => {
    test.setTimeout(120_000);
    await signUp(page, request, person);
    await topUpByCard(page, '25', '$25.00');
    await page.getByRole('link', { name: 'Shipping Labels' }).click();

    await createLabelThroughForm(page, { type: 'USPS Priority Flat Rate', weight: '2', size: ['4', '10', '8'], from, to }, '$5.00');

    await expect(page.getByText('Label Created Successfully')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('dialog', { name: 'Create Label' })).toBeHidden();
    await expect(balanceBadge(page)).toHaveText('Balance: $20.00');

    // One buy, of a shipment created for the Medium Flat Rate Box: its packaging and the weight in ounces, no sizes.
    const buys = easypost.requests().filter((r) => r.method === 'POST' && /^\/v2\/shipments\/[^/]+\/buy$/.test(r.path));
    expect(buys).toHaveLength(1);
    const [buy] = buys as [(typeof buys)[number]];
    const boughtId = buy.path.split('/')[3];
    const shipment = easypost.requests().find((r) => r.path === '/v2/shipments' && r.answer?.id === boughtId);
    expect(shipment?.body.shipment).toMatchObject({ parcel: { predefined_package: 'MediumFlatRateBox', weight: 32 } });
    expect((shipment?.body.shipment as { parcel: object }).parcel).not.toHaveProperty('length');
    // The rate bought is that shipment's Priority rate.
    const priority = (shipment?.answer?.rates as { id: string; service: string }[]).find((r) => r.service === 'Priority');
    expect(buy.body).toMatchObject({ rate: { id: priority?.id } });
    // Its PDF was fetched from the address the purchase answered.
    expect(easypost.requests().filter((r) => r.method === 'GET' && r.path === '/files/label.pdf')).toHaveLength(1);

    const tracking = buy.answer?.tracking_code as string;
    const row = page.getByRole('table', { name: 'Shipments' }).getByRole('row').filter({ hasText: tracking });
    await expect(row).toContainText('USPS Priority Flat Rate');
    await expect(row).toContainText('created');
  });
});
