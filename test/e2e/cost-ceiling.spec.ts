/**
 * Never sell below cost, seen by a shipper: a front of its own runs with the real
 * EasyPost client (CARRIER_PROVIDER=easypost) pointed at a stand-in EasyPost that answers the
 * recorded shipment (test/fixtures/easypost/shipment-created.json: USPS Priority costs $7.47). Our
 * price for a 2 lb Priority label is $6.00, the default ceiling, so the quote says before the form is
 * sent that it is not available for this parcel: Create Order then points at the label type,
 * nothing is bought or charged, and the stand-in was asked for rates only, never told to buy.
 */
import { expect, test } from '@playwright/test';
import { useEasyPostFront } from './easypost-stand-in';
import { balanceBadge, createLabelThroughForm, signUp, topUpByCard, unique } from './helpers';

const FRONT_PORT = Number(process.env.E2E_PORT ?? 3100) + 50;
const EASYPOST_PORT = FRONT_PORT + 1;

const person = { name: 'Cora Ceiling', email: `cora-${unique()}@example.com`, password: 'E2e-User-Pass1!' };
const from = { name: 'Cora Ceiling', street: '1600 Amphitheatre Pkwy', city: 'Mountain View', state: 'CA', zip: '94043' };
const to = { name: 'Grace Hopper', street: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118' };

test.use({ baseURL: `http://localhost:${FRONT_PORT}` });

test.describe.serial('cost ceiling', () => {
  const easypost = useEasyPostFront(FRONT_PORT, EASYPOST_PORT);

  test('a label EasyPost would sell above our price is refused by its quote, before the form is sent', async ({ page, request }) => {
    test.setTimeout(120_000);
    await signUp(page, request, person);
    await topUpByCard(page, '25', '$25.00');
    await page.getByRole('link', { name: 'Shipping Labels' }).click();

    await createLabelThroughForm(page, { type: 'USPS Priority', weight: '2', size: ['4', '10', '6'], from, to }, '$6.00');

    const dialog = page.getByRole('dialog', { name: 'Create Label' });
    await expect(dialog.getByRole('alert').filter({ hasText: 'Not available for this parcel at $6.00: USPS charges more to carry it.' })).toBeVisible();
    await expect(dialog.getByText('Not available for this parcel: choose another one.')).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Label type' })).toBeFocused();
    await expect(balanceBadge(page)).toHaveText('Balance: $25.00');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('table', { name: 'Shipments' })).toContainText('No shipments yet');
    // EasyPost was asked for rates (a shipment for the parcel, one per Flat Rate packaging), never to buy.
    const calls = easypost.requests().map((r) => `${r.method} ${r.path}`);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => c === 'POST /v2/shipments')).toBe(true);
  });
});
